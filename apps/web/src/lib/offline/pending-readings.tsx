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
import type { Profile } from '@vitalia/api/identity.contract';
import { analyseReading } from '@vitalia/health/analysis';
import { MEASURES } from '@vitalia/health/measure.catalog';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ReadingChip } from '../../components/ui/reading-chip';
import { ReadingLines } from '../../components/ui/reading-lines';
import type { DisplayUnit } from '../display-units';
import { paths } from '../paths';
import { readingText } from '../reading-format';
import { formatTakenAt } from '../reading-time';
import { discardFromOutbox, mayBeStored, withdrawFromOutbox, type OutboxItem } from './outbox';
import { pendingReadingOf } from './pending-reading';

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
  profile: Profile | null | undefined;
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

/** 'Oxygen saturation 79 %, 27 Nov 2026, 12:43': which reading, as the list shows it. */
function readingNamed(item: OutboxItem, unit: DisplayUnit | null): string {
  const reading = pendingReadingOf(item);
  const { displayName } = MEASURES[item.measure];
  return `${displayName} ${readingText(item.measure, reading, unit)}, ${formatTakenAt(reading.takenAt)}`;
}

function discardQuestion(item: OutboxItem, unit: DisplayUnit | null): string {
  const what = readingNamed(item, unit);
  return mayBeStored(item)
    ? `${what}: it will not be kept. A send of it may have reached Vitalia without an answer; if it did, it is deleted there when you are back online.`
    : `${what}: it has not been sent, and will not be.`;
}

function PendingReading({
  item,
  profile,
  unit,
  showMeasure,
  onFix,
  onDiscarded,
}: Omit<PendingReadingsProps, 'items'> & { item: OutboxItem }) {
  const reading = pendingReadingOf(item);
  const rating = analyseReading(item.measure, reading, profile);
  const { displayName, slug } = MEASURES[item.measure];
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
          <ReadingLines measure={item.measure} reading={reading} unit={unit} />
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
