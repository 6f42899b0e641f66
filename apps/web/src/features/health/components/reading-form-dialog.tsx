import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Controller } from 'react-hook-form';
import dayjs from 'dayjs';
import 'dayjs/locale/en-gb';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { Profile } from '@vitalia/api/identity.contract';
import {
  readingNoteLimit,
  type HealthReading,
  type HealthReadingRequest,
} from '@vitalia/api/records.contract';
import { analyseReading } from '@vitalia/health/analysis';
import { MEASURES, type MeasureId } from '@vitalia/health/measure.catalog';
import { pulseGender } from '@vitalia/health/pulse.measure';
import { fieldMessage, textFieldRegistration } from '../../../lib/form-field';
import { placeFieldProblems } from '../../../lib/server-message';
import { useCorrectReading } from '../api/correct-reading.mutation';
import { useRecordReading } from '../api/record-reading.mutation';
import type { DisplayUnit } from '../../../readings/format/display-units';
import {
  draftReading,
  formFieldOf,
  previewReadings,
  sugarDoubtOf,
  type ReadingFormContext,
  type ReadingFormValues,
} from '../utils/reading-form';
import { InterpretationPreview, type PreviewState } from './interpretation-preview';
import { useAssessment } from '../../../api/assessment.query';
import { ratingProfileOf, type RatingProfile } from '../../../readings/rating-profile';
import { useEmergencyNumber } from '../../../readings/api/analysis.query';
import { MeasureFields } from './measure-fields';
import { useReadingForm } from '../hooks/reading-form.hook';
import { meterOutOfRange } from '@vitalia/health/sugar.measure';
import { SugarUnitDoubtQuestion } from './sugar-unit-doubt';

const earliestReading = dayjs('1900-01-01');

export interface ReadingFormDialogProps {
  open: boolean;
  measure: MeasureId;
  /** The reading to correct; null to record a new one. */
  original: HealthReading | null;
  /**
   * A new reading's starting values: a reading the server refused when it was sent from this
   * device, opened to be fixed and saved again as a new one.
   */
  draft?: HealthReading | null;
  profile: Profile | null | undefined;
  /** The unit the person reads this measure in; a new reading is typed in it. */
  unit: DisplayUnit | null;
  onUnitChange?: (unit: DisplayUnit) => void;
  onClose: () => void;
  onSaved: (reading: HealthReading) => void;
}

/** Records a reading of one measure, or corrects one, rating it while it is typed. */
export function ReadingFormDialog(props: ReadingFormDialogProps) {
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
      {/* Mounted only while open, so every opening starts from a fresh form. */}
      {props.open && <ReadingForm {...props} titleId={titleId} onBusyChange={setBusy} />}
    </Dialog>
  );
}

interface ReadingFormProps extends ReadingFormDialogProps {
  titleId: string;
  onBusyChange: (busy: boolean) => void;
}

function previewOf(
  values: ReadingFormValues,
  context: ReadingFormContext,
  rating: RatingProfile,
): PreviewState {
  const { measure } = context;
  // A meter's HI or LO cannot be saved as a number, but it must not be met with 'type a number'.
  const shows = measure === 'sugar' ? meterOutOfRange(values.value) : null;
  if (shows) return { kind: 'meter', shows };
  const draft = draftReading(values, context);
  if (!draft.complete) return { kind: 'empty', hint: MEASURES[measure].prompt.en };
  // A problem with the reading itself replaces its rating. One with what goes beside it (the
  // pulse typed with a pressure, the note) is said under the rating, which stays: a typo in an
  // optional field must not hide that 50/30 needs the emergency number.
  const aside = new Set<string>(['takenAt', 'pulse', 'note']);
  const problem = draft.problems.find((known) => !aside.has(known.field));
  if (problem) return { kind: 'problem', message: problem.message };
  const besideProblem = draft.problems.find((known) => known.field !== 'takenAt');
  const request =
    besideProblem?.field === 'pulse' ? { ...draft.request, Pulse: null } : draft.request;
  // Rated as it will be stored, at the time it was taken: a pulse counts the person's age on
  // that day, not today. A pressure's pulse is rated beside it, as the reading it will be.
  const takenAt = values.takenAt?.isValid() ? values.takenAt.toDate() : new Date();
  // Rated with what the person told us, as the server will rate it.
  const analyses = previewReadings(measure, request, takenAt).map((each) =>
    analyseReading(each.measure, each.reading, rating),
  );
  return { kind: 'rated', analyses, problem: besideProblem?.message };
}

function ReadingForm({
  measure,
  original,
  draft = null,
  profile,
  unit,
  onUnitChange,
  onClose,
  onSaved,
  titleId,
  onBusyChange,
}: ReadingFormProps) {
  const heightMM = profile?.heightMM ?? null;
  const assessment = useAssessment().data;
  const rating = useMemo(() => ratingProfileOf(profile, assessment), [profile, assessment]);
  const { conditions } = rating;
  const emergencyNumber = useEmergencyNumber();
  const { form, context, values } = useReadingForm({
    measure,
    original,
    draft,
    heightMM,
    unit,
    conditions,
  });
  const { control, handleSubmit, getValues, setError, setValue, clearErrors } = form;
  const preview = previewOf(values, context, rating);

  // 'Did you mean ...?' stands in place of the rating while the number reads as the other unit:
  // no advice ('take 15 g of sugar now') may show before the unit is clear
  // (docs/clinical-reference.md, 'Blood sugar'). It stays until the number or unit changes or
  // the person answers it; Save moves the focus to it.
  const doubt = sugarDoubtOf(measure, values);
  const doubtKey = doubt ? `${values.value.trim()} ${values.unit ?? ''}` : null;
  const [kept, setKept] = useState<string | null>(null);
  const questionShown = doubtKey !== null && kept !== doubtKey;
  const doubtRef = useRef<HTMLDivElement>(null);

  const record = useRecordReading();
  const correct = useCorrectReading();
  const [failure, setFailure] = useState<string | null>(null);
  const busy = record.isPending || correct.isPending;

  const onSubmit = async (request: HealthReadingRequest) => {
    setFailure(null);
    onBusyChange(true);
    try {
      const saved = original
        ? await correct.mutateAsync({ id: original.id, request })
        : await record.mutateAsync(request);
      onBusyChange(false);
      onSaved(saved);
    } catch (error) {
      onBusyChange(false);
      // The form stays as typed, so the person fixes one number instead of typing them all.
      const leftover = placeFieldProblems(error, ({ field, message }) => {
        const name = formFieldOf(measure, field, getValues());
        if (name) setError(name, { message }, { shouldFocus: name !== 'takenAt' });
        return name !== null;
      });
      setFailure(leftover);
    }
  };

  // The question comes before the form's own checks: 5 typed as mg/dL is under the limits, and
  // 'did you mean 5 mmol/L?' helps where 'must be between 10 and 1000' does not.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (questionShown) {
      event.preventDefault();
      // Brought into view as well: on a phone the question may sit under the keyboard, and Save
      // that seemed to do nothing was pressed again and again.
      doubtRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      doubtRef.current?.focus({ preventScroll: true });
      return;
    }
    void handleSubmit(onSubmit)(event);
  };

  const switchUnit = () => {
    if (!doubt) return;
    // The number stays: 15 typed as mg/dL becomes 15 mmol/L, rated afresh before saving.
    setValue('unit', doubt.unit);
    clearErrors('value');
    onUnitChange?.(doubt.unit);
  };

  const name = MEASURES[measure].displayName;
  const pulseProfile = Boolean(profile?.dob) && pulseGender(profile?.gender) !== null;

  return (
    // en-gb: day first and weeks from Monday (as dates are written in Nigeria).
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="en-gb">
      <form noValidate onSubmit={submit} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>
          {original ? `Correct a reading: ${name}` : `Add a reading: ${name}`}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={3} sx={{ pt: 1 }}>
            <MeasureFields
              form={form}
              measure={measure}
              heightMM={heightMM}
              pulseProfile={pulseProfile}
              onUnitChange={onUnitChange}
              correcting={original !== null}
            />
            {doubt && questionShown && (
              <SugarUnitDoubtQuestion
                ref={doubtRef}
                doubt={doubt}
                typedUnit={doubt.unit === 'mmol/L' ? 'mg/dL' : 'mmol/L'}
                onSwitch={switchUnit}
                onKeep={() => {
                  setKept(doubtKey);
                  void handleSubmit(onSubmit)();
                }}
              />
            )}
            {!questionShown && (
              <InterpretationPreview state={preview} emergencyNumber={emergencyNumber} />
            )}
            <Controller
              control={control}
              name="takenAt"
              render={({ field, fieldState }) => (
                <DateTimePicker
                  label="Taken at"
                  value={field.value}
                  onChange={field.onChange}
                  inputRef={field.ref}
                  minDate={earliestReading}
                  disableFuture
                  ampm={false}
                  slotProps={{
                    textField: {
                      name: field.name,
                      onBlur: field.onBlur,
                      fullWidth: true,
                      error: Boolean(fieldState.error),
                      helperText:
                        fieldMessage('Taken at', fieldState.error) ??
                        (original
                          ? 'When you took this reading'
                          : 'Now, unless you took it earlier'),
                    },
                  }}
                />
              )}
            />
            <TextField
              {...textFieldRegistration(form.register('note'))}
              label="Note (optional)"
              placeholder="After a run, left arm, new meter…"
              fullWidth
              multiline
              maxRows={4}
              error={Boolean(form.formState.errors.note)}
              helperText={
                fieldMessage('Note', form.formState.errors.note) ??
                `Only you see it, beside the reading. ${values.note.length} of ${readingNoteLimit} characters.`
              }
              slotProps={{ htmlInput: { maxLength: readingNoteLimit } }}
            />
            {failure && <Alert severity="error">{failure}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            {original ? 'Save changes' : 'Save reading'}
          </Button>
        </DialogActions>
      </form>
    </LocalizationProvider>
  );
}
