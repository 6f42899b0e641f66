import { useState } from 'react';
import Button from '@mui/material/Button';
import AlarmAddOutlinedIcon from '@mui/icons-material/AlarmAddOutlined';
import AlarmOnOutlinedIcon from '@mui/icons-material/AlarmOnOutlined';
import type { MeasureId } from '@vitalia/health/measure.catalog';
import { useReminders } from '../api/reminders.query';
import { reminderText } from '../utils/reminder-text';
import { ReminderDialog } from './reminder-dialog';

interface ReminderButtonProps {
  measure: MeasureId;
  onDone: (message: string) => void;
}

/** 'Remind me', or the reminder already set; either opens the reminder's settings. */
export function ReminderButton({ measure, onDone }: ReminderButtonProps) {
  const { data: reminders, isPending } = useReminders();
  const [open, setOpen] = useState(false);
  const current = reminders?.find((each) => each.measure === measure) ?? null;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={current ? <AlarmOnOutlinedIcon /> : <AlarmAddOutlinedIcon />}
        onClick={() => setOpen(true)}
        // Waits for the list, but not for ever: if it cannot load, setting one still works.
        disabled={isPending}
      >
        {current ? `Reminder: ${reminderText(current)}` : 'Remind me'}
      </Button>
      {open && (
        <ReminderDialog
          open
          measure={measure}
          current={current}
          onClose={() => setOpen(false)}
          onDone={(message) => {
            setOpen(false);
            onDone(message);
          }}
        />
      )}
    </>
  );
}
