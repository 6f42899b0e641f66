import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ScheduleIcon from '@mui/icons-material/Schedule';
import type { RatingProfile } from '../../readings/rating-profile';
import { analyseReading } from '@vitalia/health/analysis';
import { pulseBesidePressure } from '@vitalia/api/pressure-pulse';
import { MEASURES, type MeasureId } from '@vitalia/health/measure.catalog';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ReadingChip } from '../../readings/components/reading-chip';
import { ReadingLines } from '../../readings/components/reading-lines';
import type { DisplayUnit } from '../../readings/format/display-units';
import { paths } from '../paths';
import { readingText } from '../../readings/format/reading-format';
import { formatTakenAt } from '../../readings/format/reading-time';
import { discardFromOutbox, mayBeStored, withdrawFromOutbox, type OutboxItem } from './outbox';
import { pendingReadingOf } from './pending-reading';
import { waitingReadingsOf } from './waiting-readings';

/** The mark of a reading kept on this device and not sent yet, wherever it is shown. */
export function WaitingToSendChip() {
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<ScheduleIcon />}
      label="Waiting to send"
      data-testid="waiting-to-send"
    />
  );
}

interface PendingReadingsProps {
  items: readonly OutboxItem[];
  profile: RatingProfile | null;
  /**
   * The measure's page this list is on: each item shows as its reading of that measure (on the
   * pulse's page, the pulse a waiting pressure brings). Elsewhere each shows as itself.
   */
  measure?: MeasureId;
  /** The unit of the measure's page; elsewhere each reading shows in its stored unit. */
  unit?: DisplayUnit | null;
  /** Names the measure of each reading (the dashboard and My Health list every measure). */
  showMeasure?: boolean;
  /** Opens the reading form with a refused reading's values; without it, a link to its page. */
  onFix?: (item: OutboxItem) => void;
  /**
   * Told once a reading is discarded, so a page can say so in place of what it last said about it
   * ('Reading saved on this device...').
   */
  onDiscarded?: () => void;
}

/**
 * The readings saved on this device and not yet sent (docs/decisions/0035-offline-readings.md):
 * each rated by the same interpreter as the stored ones and marked 'Waiting to send'; one the
 * server refused shows its message, with a way to fix it or discard it. One still waiting can be
 * discarded too (a mistyped value seen rated), after a question.
 */
export function PendingReadings({
  items,
  profile,
  measure,
  unit = null,
  showMeasure = false,
  onFix,
  onDiscarded,
}: PendingReadingsProps) {
  if (items.length === 0) return null;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="Readings waiting to send"
      data-testid="pending-readings"
      sx={{ p: 2 }}
    >
      <Stack spacing={1.5}>
        {/* Newest first, as the readings below them. */}
        {items.toReversed().map((item) => (
          <PendingReading
            key={item.key}
            item={item}
            shownAs={measure ?? item.measure}
            profile={profile}
            unit={unit}
            showMeasure={showMeasure}
            onFix={onFix}
            onDiscarded={onDiscarded}
          />
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * 'Oxygen saturation 79 %, 27 Nov 2026, 12:43': which reading, as the list shows it; a pressure
 * with its pulse says the pulse goes with it.
 */
function readingNamed(item: OutboxItem, unit: DisplayUnit | null): string {
  const reading = pendingReadingOf(item);
  const { displayName } = MEASURES[item.measure];
  const withPulse = pulseBesidePressure(item.request) ? ' and the pulse sent with it' : '';
  return `${displayName} ${readingText(item.measure, reading, unit)}${withPulse}, ${formatTakenAt(reading.takenAt)}`;
}

function discardQuestion(item: OutboxItem, unit: DisplayUnit | null): string {
  const what = readingNamed(item, unit);
  return mayBeStored(item)
    ? `${what}: it will not be kept. A send of it may have reached Vitalia without an answer; if it did, it is deleted there when you are back online.`
    : `${what}: it has not been sent, and will not be.`;
}

function PendingReading({
  item,
  shownAs,
  profile,
  unit: pageUnit,
  showMeasure,
  onFix: fixHere,
  onDiscarded,
}: Omit<PendingReadingsProps, 'items' | 'measure'> & { item: OutboxItem; shownAs: MeasureId }) {
  // Shown as itself, or on the pulse's page as the pulse its pressure brings.
  const itself = shownAs === item.measure;
  const reading = (!itself && waitingReadingsOf(item, shownAs)[0]) || pendingReadingOf(item);
  const measure = itself ? item.measure : shownAs;
  const rating = analyseReading(measure, reading, profile);
  // A pressure shown as itself names the pulse that waits with it, rated: never a green pressure
  // alone while a pulse of 36 waits beside it.
  const pulse =
    itself && item.measure !== 'pulse' ? waitingReadingsOf(item, 'pulse')[0] : undefined;
  const pulseRating = pulse && analyseReading('pulse', pulse, profile);
  // The page's unit and its form are its own measure's: a pressure is named in its stored unit
  // and fixed on its own page.
  const unit = itself ? pageUnit : null;
  const onFix = itself ? fixHere : undefined;
  const { displayName } = MEASURES[measure];
  const { slug } = MEASURES[item.measure];
  const [asking, setAsking] = useState(false);
  return (
    <Box data-testid="pending-reading">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Box sx={{ flex: '1 1 10rem', minWidth: 0 }}>
          {showMeasure && (
            <Typography variant="subtitle2" component="p">
              {displayName}
            </Typography>
          )}
          <ReadingLines measure={measure} reading={reading} unit={pageUnit} />
          {pulse && pulseRating && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, my: 0.5 }}>
              <Typography variant="body2">
                With a pulse of {readingText('pulse', pulse, null)}
              </Typography>
              <ReadingChip
                size="small"
                colour={pulseRating.colour}
                label={pulseRating.result}
                wrap
              />
            </Box>
          )}
          {!itself && (
            <Typography variant="body2" color="text.secondary">
              Sent with the {MEASURES[item.measure].displayName.toLowerCase()}{' '}
              {readingText(item.measure, pendingReadingOf(item), null)}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            <time dateTime={reading.takenAt}>{formatTakenAt(reading.takenAt)}</time>
          </Typography>
        </Box>
        <ReadingChip size="small" colour={rating.colour} label={rating.result} wrap />
        {item.refusal === null && (
          <>
            <WaitingToSendChip />
            <Button
              size="small"
              aria-label={`Discard ${readingNamed(item, unit ?? null)}`}
              onClick={() => setAsking(true)}
            >
              Discard
            </Button>
          </>
        )}
      </Box>
      <ConfirmDialog
        open={asking}
        title="Discard this reading?"
        message={discardQuestion(item, unit ?? null)}
        confirmLabel="Discard"
        destructive
        onConfirm={() => {
          setAsking(false);
          void withdrawFromOutbox(item.key).then(() => onDiscarded?.());
        }}
        onCancel={() => setAsking(false)}
      />
      {item.refusal !== null && (
        <Alert
          severity="error"
          sx={{ mt: 1 }}
          action={
            <Stack direction="row" spacing={1}>
              {onFix ? (
                <Button color="inherit" size="small" onClick={() => onFix(item)}>
                  Fix
                </Button>
              ) : (
                <Button
                  color="inherit"
                  size="small"
                  component={RouterLink}
                  to={paths.measure(slug)}
                >
                  Fix
                </Button>
              )}
              <Button
                color="inherit"
                size="small"
                onClick={() => void discardFromOutbox(item.key).then(() => onDiscarded?.())}
              >
                Discard
              </Button>
            </Stack>
          }
        >
          Not sent: {item.refusal}
        </Alert>
      )}
    </Box>
  );
}
