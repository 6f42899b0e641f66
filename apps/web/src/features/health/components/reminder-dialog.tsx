import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  reminderInput,
  weekdayNames,
  WEEKDAYS,
  type Reminder,
} from '@vitalia/api/reminders.contract';
import { MEASURES, type MeasureId } from '@vitalia/health/measure.catalog';
import { readClockTime } from '../../../lib/clock-time';
import { placeFieldProblems } from '../../../lib/server-message';
import { useProfile } from '../../../api/profile.query';
import { useRemoveReminder, useSaveReminder } from '../api/reminders.query';

/** The browser's own time zone, the one a reminder starts in. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Every zone the browser knows, with UTC (which its list leaves out) and the one in use. */
function knownTimeZones(current: string): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  const zones = new Set(supported ? supported('timeZone') : []);
  zones.add('UTC');
  zones.add(browserTimeZone());
  zones.add(current);
  return [...zones].sort();
}

/** 'new york' finds America/New_York: typed without the underscore, in any case. */
const searchable = (text: string) =>
  text
    .toLowerCase()
    .replace(/[_\s]+/g, ' ')
    .trim();
function matchingZones(zones: string[], { inputValue }: { inputValue: string }): string[] {
  const wanted = searchable(inputValue);
  return wanted ? zones.filter((zone) => searchable(zone).includes(wanted)) : zones;
}

const weekdaysOnly = [1, 2, 3, 4, 5];
const everyDay = [...WEEKDAYS];

type Field = 'days' | 'time' | 'timeZone';

interface ReminderDialogProps {
  open: boolean;
  measure: MeasureId;
  /** The reminder already set, to change or stop; null to set a new one. */
  current: Reminder | null;
  onClose: () => void;
  onDone: (message: string) => void;
}

/** Sets, changes or stops the reminder to measure one measure. */
export function ReminderDialog({ open, measure, current, onClose, onDone }: ReminderDialogProps) {
  const name = MEASURES[measure].displayName;
  const lowerName = name === 'BMI' ? 'BMI' : name.toLowerCase();
  const [days, setDays] = useState<number[]>(() => current?.days ?? weekdaysOnly);
  const [time, setTime] = useState(() => current?.time ?? '08:00');
  const [timeZone, setTimeZone] = useState(() => current?.timeZone ?? browserTimeZone());
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveReminder();
  const remove = useRemoveReminder();
  const busy = save.isPending || remove.isPending;
  // Reminders go only to a confirmed address (the server refuses the others).
  const unconfirmed = useProfile().data?.emailVerified === false;

  const submit = () => {
    setFormError(null);
    const input = { days: [...days].sort(), time: readClockTime(time) ?? time, timeZone };
    const checked = reminderInput.safeParse(input);
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setProblems(found);
      return;
    }
    setProblems({});
    save.mutate(
      { measure, input: checked.data },
      {
        onSuccess: () =>
          onDone(
            current
              ? `Reminder changed for ${lowerName}.`
              : `Reminder set: we will mail you to measure your ${lowerName}.`,
          ),
        onError: (error) =>
          setFormError(
            placeFieldProblems(error, (problem) => {
              if (!['days', 'time', 'timeZone'].includes(problem.field)) return false;
              setProblems((all) => ({ ...all, [problem.field]: problem.message }));
              return true;
            }),
          ),
      },
    );
  };

  const stop = () => {
    setFormError(null);
    remove.mutate(measure, {
      onSuccess: () => onDone(`Reminder stopped for ${lowerName}.`),
      onError: (error) => setFormError(placeFieldProblems(error, () => false)),
    });
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>Remind me to measure {lowerName}</DialogTitle>
      <DialogContent>
        <Stack spacing={3} sx={{ pt: 1 }}>
          <Typography color="text.secondary">
            We send a mail at this time with a link straight to the reading form. If you have
            measured since the last reminder, we do not send it.
          </Typography>
          {unconfirmed && (
            <Alert severity="info">
              Confirm your email address first: reminders are sent to it. Open the link we mailed
              you, or ask for a new one on the banner above.
            </Alert>
          )}
          <Box role="group" aria-labelledby="reminder-days-label">
            <Typography id="reminder-days-label" variant="subtitle2" sx={{ mb: 1 }}>
              Days
            </Typography>
            <ToggleButtonGroup
              value={days}
              onChange={(_event, next: number[]) => setDays(next)}
              aria-label="Days"
              size="small"
              color="primary"
              // Seven equal columns: all the week on one row, on a phone too.
              sx={{
                display: 'grid',
                gridTemplateColumns: 'repeat(7, minmax(0, 1fr))',
                maxWidth: 420,
              }}
            >
              {WEEKDAYS.map((day) => (
                <ToggleButton
                  key={day}
                  value={day}
                  aria-label={weekdayNames[day]}
                  sx={{
                    px: 0,
                    minWidth: 0,
                    '&.Mui-selected, &.Mui-selected:hover': {
                      bgcolor: 'primary.main',
                      color: 'primary.contrastText',
                    },
                  }}
                >
                  {weekdayNames[day].slice(0, 3)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <Box sx={{ mt: 1, display: 'flex', gap: 1 }}>
              <Button size="small" onClick={() => setDays(weekdaysOnly)}>
                Weekdays
              </Button>
              <Button size="small" onClick={() => setDays(everyDay)}>
                Every day
              </Button>
            </Box>
            {problems.days && <FormHelperText error>{problems.days}</FormHelperText>}
          </Box>
          {/* Text on the 24-hour clock, not the browser's time input: that one follows the
              browser's language and showed '08:00 AM' (src/lib/clock-time.ts). */}
          <TextField
            label="Time"
            value={time}
            onChange={(event) => setTime(event.target.value)}
            onBlur={() => setTime((typed) => readClockTime(typed) ?? typed)}
            error={Boolean(problems.time)}
            helperText={
              problems.time ?? '24-hour clock, such as 08:00 or 19:30, in the time zone below.'
            }
            slotProps={{
              htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 5 },
            }}
            sx={{ maxWidth: 220 }}
          />
          <Autocomplete
            options={knownTimeZones(timeZone)}
            filterOptions={matchingZones}
            value={timeZone}
            onChange={(_event, next) => next && setTimeZone(next)}
            disableClearable
            renderInput={(params) => (
              <TextField
                {...params}
                label="Time zone"
                error={Boolean(problems.timeZone)}
                helperText={
                  problems.timeZone ??
                  (timeZone === browserTimeZone()
                    ? 'This device’s time zone.'
                    : `This device is in ${browserTimeZone()}.`)
                }
              />
            )}
          />
          {formError && <Alert severity="error">{formError}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {current && (
          <Button color="error" onClick={stop} disabled={busy} sx={{ mr: 'auto' }}>
            Stop reminder
          </Button>
        )}
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          loading={save.isPending}
          disabled={unconfirmed && !current}
        >
          {current ? 'Save changes' : 'Set reminder'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
