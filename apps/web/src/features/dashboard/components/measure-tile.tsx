import { Link as RouterLink } from 'react-router';
import { addReadingPath } from './quick-add-reading';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { HealthReading, MeasureAnalysis } from '@vitalia/api/records.contract';
import { MEASURES, type MeasureId } from '@vitalia/health/measure.catalog';
import { ReadingChip } from '../../../components/ui/reading-chip';
import { useDisplayUnit } from '../../../lib/display-unit.hook';
import { readingText, showReading } from '../../../lib/reading-format';
import { formatTakenAgo, formatTakenAt } from '../../../lib/reading-time';
import { OldReadingNote } from '../../../components/ui/old-reading-note';

interface MeasureTileProps {
  measure: MeasureId;
  rated: MeasureAnalysis;
  reading: HealthReading | null;
}

/**
 * One measure: its latest value in the unit the person reads it in (the same as on My Health),
 * rating and age; links to the measure's page. An old reading says so and asks for a new one.
 */
export function MeasureTile({ measure, rated, reading }: MeasureTileProps) {
  const { displayName, slug } = MEASURES[measure];
  const headingId = `tile-${measure}`;
  const [unit] = useDisplayUnit(measure);

  if (rated.value === null || reading === null) {
    return (
      <Card
        variant="outlined"
        component="article"
        aria-labelledby={headingId}
        data-testid={`tile-${measure}`}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      >
        <CardContent sx={{ flexGrow: 1 }}>
          <Typography id={headingId} variant="h6" component="h3">
            {displayName}
          </Typography>
          {/* The chip says 'No reading yet'; a sentence saying it too was one time too many. */}
          <Box sx={{ my: 1 }}>
            <ReadingChip size="small" colour={rated.colour} label={rated.result} />
          </Box>
        </CardContent>
        <Box sx={{ px: 2, pb: 2 }}>
          <Button component={RouterLink} to={addReadingPath(slug)} variant="outlined" size="small">
            Add your first reading
          </Button>
        </Box>
      </Card>
    );
  }

  const shown = showReading(measure, reading, unit);
  const value = readingText(measure, reading, unit);
  const old = rated.old ? ', old reading' : '';
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={headingId}
      data-testid={`tile-${measure}`}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardActionArea
        component={RouterLink}
        to={`/healths/${slug}`}
        aria-label={`${displayName}: ${value}, ${rated.result}${old}`}
        sx={{ flexGrow: 1, alignItems: 'flex-start' }}
      >
        <CardContent>
          <Typography id={headingId} variant="h6" component="h3">
            {displayName}
          </Typography>
          <Typography
            component="p"
            sx={{ fontSize: 24, fontWeight: 600, mt: 1, overflowWrap: 'anywhere' }}
          >
            {shown.value}
            {/* A real space, so the value reads and copies as '98 %'. */}
            {shown.unit && ' '}
            {shown.unit && (
              <Typography
                component="span"
                color="text.secondary"
                sx={{ ml: 0.25, fontSize: 16, fontWeight: 400 }}
              >
                {shown.unit}
              </Typography>
            )}
          </Typography>
          {shown.parts && (
            <Typography variant="caption" color="text.secondary" component="p">
              {shown.parts}
            </Typography>
          )}
          <Box sx={{ mt: 1 }}>
            <ReadingChip size="small" colour={rated.colour} label={rated.result} />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            <time dateTime={reading.takenAt} title={formatTakenAt(reading.takenAt)}>
              {formatTakenAgo(reading.takenAt)}
            </time>
          </Typography>
          {rated.old && <OldReadingNote measure={measure} sx={{ mt: 0.5 }} />}
        </CardContent>
      </CardActionArea>
      {rated.old && (
        <Box sx={{ px: 2, pb: 2 }}>
          <Button component={RouterLink} to={addReadingPath(slug)} variant="outlined" size="small">
            Take a new reading
          </Button>
        </Box>
      )}
    </Card>
  );
}
