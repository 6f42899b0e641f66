import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '../../../components/ui/visually-hidden';

interface CountdownTimerProps {
  /** Whole seconds to count down from. */
  seconds: number;
  /** What is being timed, for the timer's name and what is announced: 'Rest'. */
  label: string;
  /** Announced when the time is up: 'Rest done: take your first reading.' */
  doneMessage: string;
  onDone: () => void;
}

/** 4:05 */
export function clockText(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** '4 minutes left', '30 seconds left': what a screen reader hears, now and then. */
function spoken(seconds: number): string {
  if (seconds >= 60) {
    const minutes = Math.ceil(seconds / 60);
    return minutes === 1 ? '1 minute left' : `${minutes} minutes left`;
  }
  return `${seconds} seconds left`;
}

/** The moments worth saying aloud: each whole minute, then 30 and 10 seconds before the end. */
function announceAt(remaining: number, total: number): boolean {
  if (remaining === total) return true;
  if (remaining >= 60) return remaining % 60 === 0;
  return remaining === 30 || remaining === 10;
}

/**
 * A visible countdown. The clock itself is silent to screen readers (role timer); a polite status
 * says the time left once a minute and when it is up, so the person is not talked over every second.
 * It counts from the moment it started, so a throttled background tab does not slow it.
 */
export function CountdownTimer({ seconds, label, doneMessage, onDone }: CountdownTimerProps) {
  const [endsAt] = useState(() => Date.now() + seconds * 1000);
  const [remaining, setRemaining] = useState(seconds);
  const [said, setSaid] = useState(`${label}: ${spoken(seconds)}.`);
  const done = useRef(false);
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  }, [onDone]);

  useEffect(() => {
    const tick = () => {
      const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) {
        if (!done.current) {
          done.current = true;
          setSaid(doneMessage);
          onDoneRef.current();
        }
        return;
      }
      if (announceAt(left, seconds)) setSaid(`${label}: ${spoken(left)}.`);
    };
    const interval = window.setInterval(tick, 250);
    return () => window.clearInterval(interval);
  }, [endsAt, seconds, label, doneMessage]);

  const progress = seconds === 0 ? 100 : ((seconds - remaining) / seconds) * 100;
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', gap: 1 }}>
      <Box sx={{ position: 'relative', display: 'grid', placeItems: 'center' }}>
        <CircularProgress
          variant="determinate"
          value={100}
          size={148}
          thickness={3}
          aria-hidden
          sx={{ color: 'grey.200', position: 'absolute' }}
        />
        <CircularProgress
          variant="determinate"
          value={progress}
          size={148}
          thickness={3}
          aria-hidden
        />
        <Typography
          role="timer"
          aria-label={`${label}: ${clockText(remaining)} left`}
          component="p"
          sx={{
            position: 'absolute',
            fontSize: '2.25rem',
            fontWeight: 500,
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          {clockText(remaining)}
        </Typography>
      </Box>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {said}
      </Box>
    </Box>
  );
}
