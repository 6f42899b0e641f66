import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import { MEASURE_ARTICLE_SLUGS } from '@vitalia/api/education.contract';
import { MEASURES, type MeasureId } from '@vitalia/health/measure.catalog';
import { MeasureIcon } from '../../../readings/components/measure-icon';
import type { DisplayUnit } from '../../../readings/format/display-units';
import { paths } from '../../../lib/paths';
import { measureInSentence } from '../../../readings/format/reading-format';
import { ReminderButton } from './reminder-button';
import { DisplayUnitToggle } from './unit-toggle';

interface MeasureHeaderProps {
  measure: MeasureId;
  unit: DisplayUnit | null;
  onUnitChange: (unit: DisplayUnit) => void;
  /** Says what a reminder change did. */
  onAnnounce: (text: string) => void;
  onAdd: () => void;
  onGuided: () => void;
}

/** The measure's name and what can be done with it: unit, reminder, article, a new reading. */
export function MeasureHeader({
  measure,
  unit,
  onUnitChange,
  onAnnounce,
  onAdd,
  onGuided,
}: MeasureHeaderProps) {
  const { displayName } = MEASURES[measure];
  const articleSlug: string | undefined = MEASURE_ARTICLE_SLUGS[measure];
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        flexWrap: 'wrap',
        justifyContent: 'space-between',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <MeasureIcon measure={measure} color="primary" fontSize="large" />
        <Typography variant="h4" component="h2" sx={{ fontWeight: 500 }}>
          {displayName}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <DisplayUnitToggle measure={measure} unit={unit} onChange={onUnitChange} />
        <ReminderButton measure={measure} onDone={onAnnounce} />
        {articleSlug && (
          <Button component={RouterLink} to={paths.article(articleSlug)} variant="outlined">
            Read about {measureInSentence(measure)}
          </Button>
        )}
        {measure === 'bloodPressure' && (
          <Button variant="contained" startIcon={<TimerOutlinedIcon />} onClick={onGuided}>
            Measure blood pressure
          </Button>
        )}
        <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
          Add reading
        </Button>
      </Box>
    </Box>
  );
}
