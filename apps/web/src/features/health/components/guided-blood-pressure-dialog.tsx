import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { HealthReading } from '@vitalia/api/records.contract';
import { apiErrorMessage } from '../../../lib/api-client';
import { useRecordReading } from '../api/record-reading.mutation';
import {
  averageRequest,
  BETWEEN_SECONDS,
  checkPair,
  REST_SECONDS,
  type TakenPair,
  type TypedPair,
} from '../utils/guided-blood-pressure';
import type { FieldProblem } from '../utils/reading-form';
import { BloodPressurePairFields } from './blood-pressure-pair-fields';
import { CountdownTimer } from './countdown-timer';
import { GuidedAverageReview } from './guided-average-review';
import { paths } from '../../../lib/paths';

const STEPS = ['rest', 'first', 'wait', 'second', 'review'] as const;
type Step = (typeof STEPS)[number];

const stepNames: Record<Step, string> = {
  rest: 'Sit and rest',
  first: 'First reading',
  wait: 'Wait 1 minute',
  second: 'Second reading',
  review: 'Save the average',
};

/** The blood pressure page with the guided measurement open, for links from elsewhere. */
export const guidedBloodPressurePath = paths.guidedBloodPressure;

export interface GuidedBloodPressureDialogProps {
  open: boolean;
  onClose: () => void;
  onSaved: (reading: HealthReading) => void;
}

/**
 * 'Measure blood pressure': the home protocol step by step (utils/guided-blood-pressure.ts), the
 * two timers skippable, and one reading saved, the average, after its rating is shown.
 */
export function GuidedBloodPressureDialog(props: GuidedBloodPressureDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={props.open}
      onClose={busy ? undefined : props.onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      {/* Mounted only while open, so each measurement starts with the rest. */}
      {props.open && <GuidedSteps {...props} titleId={titleId} onBusyChange={setBusy} />}
    </Dialog>
  );
}

const emptyPair: TypedPair = { systolic: '', diastolic: '' };

function Instructions({ items }: { items: readonly string[] }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5, '& li': { mb: 0.5 } }}>
      {items.map((item) => (
        <Typography component="li" variant="body2" key={item}>
          {item}
        </Typography>
      ))}
    </Box>
  );
}

interface GuidedStepsProps extends GuidedBloodPressureDialogProps {
  titleId: string;
  onBusyChange: (busy: boolean) => void;
}

function GuidedSteps({ onClose, onSaved, titleId, onBusyChange }: GuidedStepsProps) {
  const [step, setStep] = useState<Step>('rest');
  const [rested, setRested] = useState(false);
  const [waited, setWaited] = useState(false);
  const [typed, setTyped] = useState<Record<'first' | 'second', TypedPair>>({
    first: emptyPair,
    second: emptyPair,
  });
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [taken, setTaken] = useState<Partial<Record<'first' | 'second', TakenPair>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const record = useRecordReading();
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const systolicField = useRef<HTMLInputElement>(null);

  // Each step starts where the person acts: in the first field of a reading, otherwise on the
  // step's heading, so a screen reader says which step this is.
  useEffect(() => {
    if (step === 'first' || step === 'second') systolicField.current?.focus();
    else stepHeading.current?.focus();
  }, [step]);

  const go = (next: Step) => {
    setProblems([]);
    setFailure(null);
    setStep(next);
  };

  const takeReading = (which: 'first' | 'second') => {
    const checked = checkPair(typed[which]);
    if (!checked.ok) {
      setProblems(checked.problems);
      const field = checked.problems[0]?.field;
      if (field === 'systolic') systolicField.current?.focus();
      return;
    }
    setTaken((known) => ({ ...known, [which]: { ...checked.pair, at: new Date() } }));
    if (which === 'first') setWaited(false);
    go(which === 'first' ? 'wait' : 'review');
  };

  const first = taken.first;
  const second = taken.second;
  const average =
    step === 'review' && first && second ? averageRequest(first, second, rested) : null;

  const save = async () => {
    if (!average || average.problems.length > 0) return;
    setFailure(null);
    onBusyChange(true);
    try {
      const saved = await record.mutateAsync(average.request);
      onBusyChange(false);
      onSaved(saved);
    } catch (error) {
      onBusyChange(false);
      setFailure(apiErrorMessage(error));
    }
  };

  const index = STEPS.indexOf(step);
  let body: ReactNode;
  let primary: ReactNode;
  let secondary: ReactNode = null;

  switch (step) {
    case 'rest':
      body = (
        <>
          <Typography>Sit quietly for 5 minutes before the first reading.</Typography>
          <Instructions
            items={[
              'Sit with your back supported and both feet flat on the floor.',
              'Put the cuff on your bare upper arm, resting on a table at the height of your heart.',
              'Do not talk. No coffee, exercise or smoking in the 30 minutes before.',
            ]}
          />
          <CountdownTimer
            seconds={REST_SECONDS}
            label="Rest"
            doneMessage="Rest done: take your first reading."
            onDone={() => setRested(true)}
          />
        </>
      );
      primary = rested ? (
        <Button variant="contained" onClick={() => go('first')}>
          Take the first reading
        </Button>
      ) : (
        <Button variant="outlined" onClick={() => go('first')}>
          Skip the rest
        </Button>
      );
      break;
    case 'first':
    case 'second':
      body = (
        <>
          <Typography>
            {step === 'first'
              ? 'Take a reading now and type in the two numbers your monitor shows.'
              : 'Keep still and take the second reading, then type in its two numbers.'}
          </Typography>
          <BloodPressurePairFields
            name={step === 'first' ? 'first reading' : 'second reading'}
            value={typed[step]}
            problems={problems}
            onChange={(next) => setTyped((known) => ({ ...known, [step]: next }))}
            systolicRef={systolicField}
          />
        </>
      );
      primary = (
        <Button variant="contained" onClick={() => takeReading(step)}>
          {step === 'first' ? 'Next: wait 1 minute' : 'Next: see the average'}
        </Button>
      );
      if (step === 'second') secondary = <Button onClick={() => go('first')}>Back</Button>;
      break;
    case 'wait':
      body = (
        <>
          <Typography>
            Leave the cuff on and rest your arm for 1 minute before the second reading.
          </Typography>
          <CountdownTimer
            seconds={BETWEEN_SECONDS}
            label="Wait"
            doneMessage="1 minute is up: take your second reading."
            onDone={() => setWaited(true)}
          />
        </>
      );
      primary = waited ? (
        <Button variant="contained" onClick={() => go('second')}>
          Take the second reading
        </Button>
      ) : (
        <Button variant="outlined" onClick={() => go('second')}>
          Skip the wait
        </Button>
      );
      break;
    case 'review': {
      body =
        first && second && average ? (
          <GuidedAverageReview first={first} second={second} average={average} failure={failure} />
        ) : null;
      primary = (
        <Button
          variant="contained"
          onClick={() => void save()}
          loading={record.isPending}
          disabled={!average || average.problems.length > 0}
        >
          Save the average
        </Button>
      );
      secondary = (
        <Button onClick={() => go('second')} disabled={record.isPending}>
          Back
        </Button>
      );
      break;
    }
  }

  return (
    <>
      <DialogTitle id={titleId} sx={{ pb: 1 }}>
        Measure blood pressure
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2.5}>
          <Box>
            <Typography
              ref={stepHeading}
              tabIndex={-1}
              variant="subtitle1"
              component="h3"
              sx={{ fontWeight: 500, outline: 'none' }}
            >
              Step {index + 1} of {STEPS.length}: {stepNames[step]}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={((index + 1) / STEPS.length) * 100}
              aria-hidden
              sx={{ mt: 1, borderRadius: 1 }}
            />
          </Box>
          {body}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onClose} disabled={record.isPending} sx={{ mr: 'auto' }}>
          Cancel
        </Button>
        {secondary}
        {primary}
      </DialogActions>
    </>
  );
}
