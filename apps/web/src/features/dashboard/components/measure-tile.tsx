import { Link as RouterLink } from 'react-router';
import { addReadingPath } from './quick-add-reading';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import type { HealthReading, MeasureAnalysis, RecentReading } from '@vitalia/api/records.contract';
import { MEASURES, type MeasureId } from '@vitalia/health/measure.catalog';
import { ReadingChip } from '../../../readings/components/reading-chip';
import { useDisplayUnit } from '../../../readings/format/display-unit.hook';
import type { DisplayUnit } from '../../../readings/format/display-units';
import { asStoredValues, inTimeOrder, lineValue, trendOf, type Trend } from '../utils/trend';
import { Sparkline } from './sparkline';
import { readingText, showReading } from '../../../readings/format/reading-format';
import { formatTakenAgo, formatTakenAt } from '../../../readings/format/reading-time';
import { OldReadingNote } from '../../../readings/components/old-reading-note';
import { paths } from '../../../lib/paths';
import { isPendingReading } from '../../../lib/offline/pending-reading';
import { WaitingToSendChip } from '../../../lib/offline/pending-readings';

interface MeasureTileProps {
  measure: MeasureId;
  rated: MeasureAnalysis;
  reading: HealthReading | null;
  /** The last readings as numbers, for the direction and the line. */
  recent?: readonly RecentReading[];
  /** The last 7 days' average, where the measure has one. */
  week?: { figure: string; count: string } | null;
}

const shortDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });

const directionWords = { up: 'Up', down: 'Down', same: 'Same', mixed: 'Changed' } as const;
const directionIcons = {
  up: ArrowUpwardIcon,
  down: ArrowDownwardIcon,
  same: ArrowForwardIcon,
  mixed: SwapVertIcon,
} as const;

// Two tiles share a row on a phone (tile-grid.ts), so there the padding and type are a step
// smaller; the value, its unit, the rating's colour and label stay whole. A button under a tile
// is at least 44 px high, a finger's width (docs/decisions/0052-dense-phone-layouts.md).
const contentSx = { p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } } as const;
const nameSx = { fontSize: { xs: '1rem', sm: '1.25rem' }, lineHeight: 1.3 } as const;
const actionSx = { px: { xs: 1.5, sm: 2 }, pb: { xs: 1.5, sm: 2 } } as const;
const buttonSx = { minHeight: 44 } as const;

/** 'Up from 118/76 mmHg on 20 Nov': neither good nor bad in itself, so no colour. */
function trendText(measure: MeasureId, trend: Trend, unit: DisplayUnit | null): string {
  const before = readingText(measure, asStoredValues(measure, trend.previous), unit);
  const when = shortDate.format(new Date(trend.previous.takenAt));
  return trend.direction === 'same'
    ? `Same as on ${when}`
    : `${directionWords[trend.direction]} from ${before} on ${when}`;
}

/**
 * One measure: its latest value in the unit the person reads it in (the same as on My Health),
 * rating and age; links to the measure's page. An old reading says so and asks for a new one.
 */
export function MeasureTile({
  measure,
  rated,
  reading,
  recent = [],
  week = null,
}: MeasureTileProps) {
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
        <CardContent sx={{ ...contentSx, flexGrow: 1 }}>
          <Typography id={headingId} variant="h6" component="h3" sx={nameSx}>
            {displayName}
          </Typography>
          {/* The chip says 'No reading yet'; a sentence saying it too was one time too many. */}
          <Box sx={{ my: 1 }}>
            <ReadingChip size="small" colour={rated.colour} label={rated.result} />
          </Box>
        </CardContent>
        <Box sx={actionSx}>
          <Button
            component={RouterLink}
            to={addReadingPath(slug)}
            variant="outlined"
            size="small"
            sx={buttonSx}
          >
            Add your first reading
          </Button>
        </Box>
      </Card>
    );
  }

  const shown = showReading(measure, reading, unit);
  const value = readingText(measure, reading, unit);
  const old = rated.old ? ', old reading' : '';
  const waiting = isPendingReading(reading);
  const trend = trendOf(measure, recent);
  const moved = trend ? trendText(measure, trend, unit) : null;
  const ordered = inTimeOrder(recent);
  // A measure of two numbers draws both, as its history chart does.
  const lines =
    MEASURES[measure].plot.kind === 'pair'
      ? [ordered.map((each) => each.value), ordered.map((each) => each.second ?? each.value)]
      : [ordered.map((each) => lineValue(measure, each))];
  const lineLabel = `Last ${ordered.length} readings, oldest first: ${ordered
    .map((each) => showReading(measure, asStoredValues(measure, each), unit).value)
    .join(', ')}`;
  const DirectionIcon = trend ? directionIcons[trend.direction] : null;
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
        to={paths.measure(slug)}
        aria-label={`${displayName}: ${value}, ${rated.result}${rated.detail ? ` (${rated.detail})` : ''}${old}${waiting ? ', waiting to send' : ''}${moved ? `. ${moved}` : ''}${week ? `. ${week.figure} ${week.count}` : ''}`}
        sx={{ flexGrow: 1, alignItems: 'flex-start' }}
      >
        <CardContent sx={contentSx}>
          <Typography id={headingId} variant="h6" component="h3" sx={nameSx}>
            {displayName}
          </Typography>
          <Typography
            component="p"
            sx={{ fontSize: { xs: 21, sm: 24 }, fontWeight: 600, mt: 1, overflowWrap: 'anywhere' }}
          >
            {shown.value}
            {/* A real space, so the value reads and copies as '98 %'. */}
            {shown.unit && ' '}
            {shown.unit && (
              <Typography
                component="span"
                color="text.secondary"
                sx={{ ml: 0.25, fontSize: { xs: 14, sm: 16 }, fontWeight: 400 }}
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
          <Box sx={{ mt: 1, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <ReadingChip size="small" colour={rated.colour} label={rated.result} />
            {waiting && <WaitingToSendChip />}
            {rated.detail && (
              <Typography variant="caption" color="text.secondary">
                {rated.detail}
              </Typography>
            )}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            <time dateTime={reading.takenAt} title={formatTakenAt(reading.takenAt)}>
              {formatTakenAgo(reading.takenAt)}
            </time>
          </Typography>
          {moved && DirectionIcon && (
            <Typography
              variant="body2"
              data-testid="trend"
              sx={{ mt: 0.5, display: 'flex', alignItems: 'center', gap: 0.5 }}
            >
              <DirectionIcon fontSize="small" aria-hidden sx={{ color: 'text.secondary' }} />
              {moved}
            </Typography>
          )}
          {ordered.length >= 2 && (
            <Box sx={{ mt: 1 }}>
              <Sparkline series={lines} label={lineLabel} />
            </Box>
          )}
          {week && (
            <Typography variant="body2" data-testid="week-average" sx={{ mt: 1 }}>
              <strong>{week.figure}</strong> {week.count}
            </Typography>
          )}
          {rated.old && <OldReadingNote measure={measure} sx={{ mt: 0.5 }} />}
        </CardContent>
      </CardActionArea>
      {rated.old && (
        <Box sx={actionSx}>
          <Button
            component={RouterLink}
            to={addReadingPath(slug)}
            variant="outlined"
            size="small"
            sx={buttonSx}
          >
            Take a new reading
          </Button>
        </Box>
      )}
    </Card>
  );
}
