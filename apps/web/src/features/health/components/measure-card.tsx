import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import type { Profile } from '@vitalia/api/identity.contract';
import type {
  BloodPressureWeek,
  HealthReading,
  MeasureAnalysis,
} from '@vitalia/api/records.contract';
import { MEASURES, type MeasureId } from '@vitalia/health/measure.catalog';
import { ReadingChip } from '../../../readings/components/reading-chip';
import { URGENCY_TITLES } from '../../../readings/components/urgent-alert';
import { useDisplayUnit } from '../../../readings/format/display-unit.hook';
import { unitChoiceOf } from '../../../readings/format/display-units';
import { readingContext, readingText } from '../../../readings/format/reading-format';
import { OldReadingNote } from '../../../readings/components/old-reading-note';
import { BloodPressureWeekAverage } from '../../../readings/components/blood-pressure-week';
import { ReadingFormDialog } from './reading-form-dialog';
import { guidedBloodPressurePath } from './guided-blood-pressure-dialog';
import { MeasureIcon } from '../../../readings/components/measure-icon';
import { ReadingValue } from '../../../readings/components/reading-value';
import { TakenAt } from './taken-at';
import { paths } from '../../../lib/paths';
import { isPendingReading } from '../../../lib/offline/pending-reading';
import { WaitingToSendChip } from '../../../lib/offline/pending-readings';

interface MeasureCardProps {
  measure: MeasureId;
  analysis: MeasureAnalysis;
  reading: HealthReading | null;
  profile: Profile | null | undefined;
  onSaved: (measure: MeasureId, reading: HealthReading) => void;
  /** Hears what could not be done, such as a unit choice that could not be saved offline. */
  onNotice?: (message: string) => void;
  /** Blood pressure only: the average of the last 7 days, beside the newest reading. */
  week?: BloodPressureWeek | null;
}

/** The same value in the other unit, under the main one: '5.5 mmol/L' under '99 mg/dL'. */
function otherUnit(measure: MeasureId, reading: HealthReading, shown: string | null) {
  const choice = unitChoiceOf(measure);
  if (!choice) return null;
  const other = shown === choice.alternative ? choice.canonical : choice.alternative;
  return readingText(measure, reading, other);
}

function MeasureHeader({ measure }: { measure: MeasureId }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <Box
        sx={(theme) => ({
          display: 'grid',
          placeItems: 'center',
          width: 40,
          height: 40,
          borderRadius: '50%',
          flexShrink: 0,
          color: 'primary.main',
          bgcolor: alpha(theme.palette.primary.main, 0.08),
        })}
      >
        <MeasureIcon measure={measure} fontSize="small" />
      </Box>
      <Typography
        id={`measure-${measure}-heading`}
        variant="h6"
        component="h3"
        sx={{ fontWeight: 500, lineHeight: 1.3 }}
      >
        {MEASURES[measure].displayName}
      </Typography>
    </Box>
  );
}

/** One measure on My Health: its latest reading, what it means, and a way to add the next. */
export function MeasureCard({
  measure,
  analysis,
  reading,
  profile,
  onSaved,
  onNotice,
  week = null,
}: MeasureCardProps) {
  const [unit, setUnit] = useDisplayUnit(measure, onNotice);
  const [adding, setAdding] = useState(false);
  const { slug, displayName } = MEASURES[measure];
  const context = reading ? readingContext(measure, reading.narration) : null;
  const alternative = reading ? otherUnit(measure, reading, unit) : null;

  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={`measure-${measure}-heading`}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1.5, p: 2.5 }}>
        <MeasureHeader measure={measure} />

        {reading ? (
          <ReadingValue measure={measure} reading={reading} unit={unit} />
        ) : (
          <Typography
            component="p"
            variant="h4"
            color="text.disabled"
            sx={{ fontWeight: 500, lineHeight: 1.2 }}
            // The chip below says there is no reading; the dash only keeps the cards aligned.
            aria-hidden
          >
            –
          </Typography>
        )}

        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <ReadingChip colour={analysis.colour} label={analysis.result} size="small" />
          {reading && isPendingReading(reading) && <WaitingToSendChip />}
          {(analysis.detail ?? alternative ?? context) && (
            <Typography variant="body2" color="text.secondary">
              {[analysis.detail, alternative, context].filter(Boolean).join(' · ')}
            </Typography>
          )}
        </Box>

        {analysis.urgency && !analysis.old && (
          // The level in the same words as the banner and the form, beside the chip.
          <Typography variant="body2" sx={{ fontWeight: 600, color: 'error.dark' }}>
            {URGENCY_TITLES[analysis.urgency]}
          </Typography>
        )}

        {measure === 'bloodPressure' && <BloodPressureWeekAverage week={week} />}

        {analysis.old && <OldReadingNote measure={measure} invite />}

        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {analysis.advice}
        </Typography>
        {reading && <TakenAt iso={reading.takenAt} />}
      </CardContent>
      <CardActions
        sx={{ px: 2.5, pb: 2.5, pt: 0, justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Button
          variant="contained"
          size="small"
          startIcon={<AddIcon />}
          onClick={() => setAdding(true)}
        >
          Add reading
        </Button>
        {measure === 'bloodPressure' && (
          <Button component={RouterLink} to={guidedBloodPressurePath} size="small">
            Measure blood pressure
          </Button>
        )}
        <Button
          component={RouterLink}
          to={paths.measure(slug)}
          size="small"
          endIcon={<ChevronRightIcon />}
          aria-label={`${displayName} history`}
        >
          History
        </Button>
      </CardActions>
      <ReadingFormDialog
        open={adding}
        measure={measure}
        original={null}
        profile={profile}
        unit={unit}
        onUnitChange={setUnit}
        onClose={() => setAdding(false)}
        onSaved={(saved) => {
          setAdding(false);
          onSaved(measure, saved);
        }}
      />
    </Card>
  );
}
