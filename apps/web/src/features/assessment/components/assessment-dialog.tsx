import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Snackbar from '@mui/material/Snackbar';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  ASSESSMENT_QUESTIONS,
  HEALTH_QUESTIONS,
  type Assessment,
  type AssessmentRequest,
} from '@vitalia/api/assessment.contract';
import { useAssessment } from '../../../api/assessment.query';
import { useSaveAssessment } from '../api/save-assessment.mutation';

/** Undefined: not answered yet (the seven must be); null: an optional question left unanswered. */
type Answers = Partial<Record<keyof AssessmentRequest, boolean | null>>;

function answersFrom(saved: Assessment | null | undefined): Answers {
  if (!saved) return {};
  return Object.fromEntries(
    [...ASSESSMENT_QUESTIONS, ...HEALTH_QUESTIONS].map(({ field, answer }) => [
      field,
      saved[answer],
    ]),
  );
}

function complete(answers: Answers): AssessmentRequest | null {
  const values = ASSESSMENT_QUESTIONS.map(({ field }) => answers[field]);
  if (values.some((value) => value === undefined || value === null)) return null;
  return Object.fromEntries([
    ...ASSESSMENT_QUESTIONS.map(({ field }) => [field, answers[field]]),
    // What the form shows is what is saved: an optional question left blank is cleared.
    ...HEALTH_QUESTIONS.map(({ field }) => [field, answers[field] ?? null]),
  ]) as AssessmentRequest;
}

interface QuestionProps {
  field: keyof AssessmentRequest;
  question: string;
  /** What the answer changes, under the question; the optional questions have one. */
  uses?: string;
  value: boolean | null | undefined;
  /** Optional questions can be unanswered again by pressing the chosen answer. */
  optional: boolean;
  onAnswer: (value: boolean | null) => void;
}

function Question({ field, question, uses, value, optional, onAnswer }: QuestionProps) {
  const id = `assessment-${field}`;
  return (
    <Box component="li" sx={{ py: 0.5 }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
        }}
      >
        <Typography id={id} component="span">
          {question}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          aria-labelledby={id}
          aria-describedby={uses ? `${id}-uses` : undefined}
          value={value === undefined || value === null ? null : value ? 'yes' : 'no'}
          onChange={(_, next: 'yes' | 'no' | null) => {
            if (next) onAnswer(next === 'yes');
            else if (optional) onAnswer(null);
          }}
        >
          <ToggleButton value="yes" sx={answerSx}>
            Yes
          </ToggleButton>
          <ToggleButton value="no" sx={answerSx}>
            No
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {uses && (
        <Typography id={`${id}-uses`} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {uses}
        </Typography>
      )}
    </Box>
  );
}

interface FormProps {
  saved: Assessment | null;
  onSaved: () => void;
  onCancel: () => void;
  /** 'Later' when it opened by itself, 'Cancel' when the person opened it. */
  cancelLabel: string;
}

/** The questions themselves; mounted afresh each time the dialog opens, with the saved answers. */
function AssessmentForm({ saved, onSaved, onCancel, cancelLabel }: FormProps) {
  const [answers, setAnswers] = useState<Answers>(() => answersFrom(saved));
  const saveCall = useSaveAssessment();
  const ready = complete(answers);

  const submit = () => {
    if (!ready) return;
    saveCall.mutate(ready, { onSuccess: onSaved });
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 1 }}>
          Kindly complete the risk assessment form
        </DialogContentText>
        <DialogContentText variant="body2" sx={{ mb: 2 }}>
          Seven yes-or-no questions about habits and history, then six optional ones about your
          health. The seven show the risk factors on your dashboard; they do not change how a
          reading is rated. Each optional question says what its answer changes. Only you can see
          your answers, unless you choose to share them with your doctor on the Sharing page, and
          you can change them at any time from ‘Update health data’ in the menu.
        </DialogContentText>
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {ASSESSMENT_QUESTIONS.map(({ field, question }) => (
            <Question
              key={field}
              field={field}
              question={question}
              value={answers[field]}
              optional={false}
              onAnswer={(value) => setAnswers((current) => ({ ...current, [field]: value }))}
            />
          ))}
        </Box>
        <Typography component="h3" variant="subtitle1" sx={{ mt: 3, fontWeight: 600 }}>
          About your health (optional)
        </Typography>
        <DialogContentText variant="body2" sx={{ mb: 2 }}>
          Each of these changes what a reading means only where it says so. Leave any of them
          unanswered; press a chosen answer again to clear it.
        </DialogContentText>
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {HEALTH_QUESTIONS.map(({ field, question, uses }) => (
            <Question
              key={field}
              field={field}
              question={question}
              uses={uses}
              value={answers[field]}
              optional
              onAnswer={(value) => setAnswers((current) => ({ ...current, [field]: value }))}
            />
          ))}
        </Box>
        {saveCall.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            An error occurred
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={saveCall.isPending}>
          {cancelLabel}
        </Button>
        <Button type="submit" variant="contained" disabled={!ready} loading={saveCall.isPending}>
          Submit
        </Button>
      </DialogActions>
    </Box>
  );
}

export interface AssessmentDialogProps {
  /** Opened from 'Update health data'. */
  open: boolean;
  onClose: () => void;
  /**
   * Whether it may open by itself on this page for a person with no saved answers: not over the
   * registration's profile step, never for an administrator (the layout decides).
   */
  mayOpenByItself: boolean;
}

// 'Later' holds the questions back for the rest of this visit (this tab's session); the next
// visit asks again, as the spec's rule does for anyone without saved answers.
const laterKey = 'assessmentLater';

function askedForLater(): boolean {
  try {
    return window.sessionStorage.getItem(laterKey) === 'true';
  } catch {
    return false;
  }
}

function rememberLater(): void {
  try {
    window.sessionStorage.setItem(laterKey, 'true');
  } catch {
    // Storage refused (private mode): 'Later' still holds for this page.
  }
}

/**
 * The risk assessment (docs/decisions/0026-first-run-and-trends.md): opens by itself for a person who has never saved one,
 * and from 'Update health data'. 600 px wide on large screens, the whole screen on small ones.
 */
// The chosen answer filled in the primary colour, so seven answers can be checked at a glance.
const answerSx = {
  px: 2,
  color: 'text.primary',
  '&.Mui-selected, &.Mui-selected:hover': {
    bgcolor: 'primary.main',
    color: 'primary.contrastText',
  },
} as const;

export function AssessmentDialog({ open, onClose, mayOpenByItself }: AssessmentDialogProps) {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'));
  const assessment = useAssessment();
  const [dismissed, setDismissed] = useState(false);
  const [savedMessage, setSavedMessage] = useState(false);
  // Once opened by itself the dialog stays open until it is closed: saving fills the cache with
  // the new answers, and the form must still be there to hear that the save succeeded.
  const [openedByItself, setOpenedByItself] = useState(false);
  // Only the server's own answer in this page says there is none: a copy kept on the device from
  // an earlier visit (docs/decisions/0035-offline-readings.md) may predate answers saved since,
  // and the dialog, once opened by itself, stays open. The kept copy can be restored after the
  // dialog mounted, which counts as an update of the query, so the answer must also be newer
  // than this page.
  if (
    !openedByItself &&
    mayOpenByItself &&
    assessment.isSuccess &&
    assessment.isFetchedAfterMount &&
    assessment.dataUpdatedAt >= performance.timeOrigin &&
    assessment.data === null &&
    !askedForLater()
  ) {
    setOpenedByItself(true);
  }
  const byItself = openedByItself && !dismissed;
  // Back to the registration's profile form, it steps aside again until the person moves on.
  const shown = open || (byItself && mayOpenByItself);

  const close = () => {
    setDismissed(true);
    onClose();
  };
  const later = () => {
    rememberLater();
    close();
  };

  return (
    <>
      <Dialog
        open={shown}
        // Escape or a click beside it means 'not now' as much as 'Later' does.
        onClose={byItself && !open ? later : close}
        fullWidth
        maxWidth="sm"
        fullScreen={small}
        aria-labelledby="assessment-dialog-title"
      >
        <DialogTitle id="assessment-dialog-title">Assessment form</DialogTitle>
        {assessment.isPending ? (
          <DialogContent sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading your answers" />
          </DialogContent>
        ) : assessment.isError ? (
          <>
            <DialogContent>
              <Alert
                severity="error"
                action={
                  <Button color="inherit" size="small" onClick={() => void assessment.refetch()}>
                    Retry
                  </Button>
                }
              >
                Your saved answers could not be loaded.
              </Alert>
            </DialogContent>
            <DialogActions>
              <Button onClick={close}>Close</Button>
            </DialogActions>
          </>
        ) : (
          shown && (
            <AssessmentForm
              saved={assessment.data}
              cancelLabel={byItself && !open ? 'Later' : 'Cancel'}
              onCancel={byItself && !open ? later : close}
              onSaved={() => {
                setSavedMessage(true);
                close();
              }}
            />
          )
        )}
      </Dialog>
      <Snackbar
        open={savedMessage}
        autoHideDuration={5000}
        // The click that saved must not count as a click away that hides the message at once.
        onClose={(_, reason) => {
          if (reason !== 'clickaway') setSavedMessage(false);
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="success" variant="filled" onClose={() => setSavedMessage(false)}>
          User assessment saved successfully
        </Alert>
      </Snackbar>
    </>
  );
}
