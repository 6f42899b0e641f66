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
import { formatTakenAgo, formatTakenAt } from '../../../lib/reading-time';

interface MeasureTileProps {
  measure: MeasureId;
  rated: MeasureAnalysis;
  reading: HealthReading | null;
}

/** One measure: its latest value, rating and age; links to the measure's page. */
export function MeasureTile({ measure, rated, reading }: MeasureTileProps) {
  const { displayName, slug } = MEASURES[measure];
  const headingId = `tile-${measure}`;

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

  const value = rated.unit ? `${rated.value} ${rated.unit}` : rated.value;
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={headingId}
      data-testid={`tile-${measure}`}
      sx={{ height: '100%' }}
    >
      <CardActionArea
        component={RouterLink}
        to={`/healths/${slug}`}
        aria-label={`${displayName}: ${value}, ${rated.result}`}
        sx={{ height: '100%', alignItems: 'flex-start' }}
      >
        <CardContent>
          <Typography id={headingId} variant="h6" component="h3">
            {displayName}
          </Typography>
          <Typography
            component="p"
            sx={{ fontSize: 24, fontWeight: 600, my: 1, overflowWrap: 'anywhere' }}
          >
            {value}
          </Typography>
          <ReadingChip size="small" colour={rated.colour} label={rated.result} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            <time dateTime={reading.takenAt} title={formatTakenAt(reading.takenAt)}>
              {formatTakenAgo(reading.takenAt)}
            </time>
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
