import { useCallback, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { Profile } from '@vitalia/api/identity.contract';
import type {
  AnalysisResponse,
  HealthReading,
  HealthReadingRequest,
} from '@vitalia/api/records.contract';
import { analyseReading } from '@vitalia/health/analysis';
import type { Analysis, Urgency } from '@vitalia/health/analysis.model';
import { MEASURE_IDS, MEASURES, type MeasureId } from '@vitalia/health/measure.catalog';
import { pulseGender } from '@vitalia/health/pulse.measure';
import { beyondOwnRatings, readTogether } from '@vitalia/health/together.rules';
import { useProfile } from '../../../api/profile.query';
import { useAssessment } from '../../../api/assessment.query';
import { isPendingReading } from '../../../lib/offline/pending-reading';
import { showStoredReading } from '../../../lib/offline/stored-reading-cache';
import { paths } from '../../../lib/paths';
import { placeFieldProblems } from '../../../lib/server-message';
import { useEmergencyNumber } from '../../../readings/api/analysis.query';
import { recordsQueryKey } from '../../../readings/api/records-query-keys';
import { TogetherBanner } from '../../../readings/components/together-banner';
import { useDisplayUnit } from '../../../readings/format/display-unit.hook';
import type { UrgentTogether } from '../../../readings/format/urgent-shown';
import { ratingProfileOf, type RatingProfile } from '../../../readings/rating-profile';
import { recordReading } from '../api/record-reading.mutation';
import { useReadingForm } from '../hooks/reading-form.hook';
import { InterpretationPreview } from '../components/interpretation-preview';
import { MeasureFields, type ReadingFormMethods } from '../components/measure-fields';
import { formFieldOf, previewReadings, sugarDoubtOf } from '../utils/reading-form';
import {
  CHECK_MEASURES,
  measuresInWords,
  mostPressingFirst,
  readCheckChoice,
  toggleCheckMeasure,
  writeCheckChoice,
  type CheckMeasure,
} from '../utils/morning-check';

const storage = () => (typeof window === 'undefined' ? null : window.localStorage);

/** One measure of the check: its own fields, checked and rated as the one-measure form does. */
function CheckEntry({
  measure,
  profile,
  rating,
  pulseOnItsOwn,
  onForm,
}: {
  measure: CheckMeasure;
  profile: Profile | null | undefined;
  rating: RatingProfile;
  pulseOnItsOwn: boolean;
  onForm: (measure: CheckMeasure, form: ReadingFormMethods | null) => void;
}) {
  const heightMM = profile?.heightMM ?? null;
  const [unit, setUnit] = useDisplayUnit(measure);
  const { form, values } = useReadingForm({
    measure,
    original: null,
    draft: null,
    heightMM,
    unit,
    conditions: rating.conditions,
  });
  // The page reads each entry's form when Save is pressed.
  const registered = useRef<ReadingFormMethods | null>(null);
  if (registered.current !== form) {
    registered.current = form;
    onForm(measure, form);
  }
  const doubt = sugarDoubtOf(measure, values);
  const headingId = `check-${measure}`;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 2 }}
    >
      <Typography id={headingId} component="h2" variant="h6" sx={{ mb: 1.5 }}>
        {MEASURES[measure].displayName}
      </Typography>
      <MeasureFields
        form={form}
        measure={measure}
        heightMM={heightMM}
        pulseProfile={Boolean(profile?.dob) && pulseGender(profile?.gender) !== null}
        onUnitChange={setUnit}
        pulseWithPressure={!pulseOnItsOwn}
        focusFirst={false}
      />
      {doubt && (
        // The one-measure form asks 'did you mean ...?' before rating; here Save waits until
        // the unit is right (docs/clinical-reference.md, 'Blood sugar').
        <Alert severity="warning" sx={{ mt: 2 }}>
          {values.value.trim()} {values.unit} is unusual for a blood sugar. Check the unit: did you
          mean {values.value.trim()} {doubt.unit}? Change the unit above, or the number.
        </Alert>
      )}
    </Paper>
  );
}

interface CheckResult {
  readings: { measure: CheckMeasure; reading: HealthReading }[];
  analyses: Analysis[];
  together: UrgentTogether | null;
  waiting: number;
}

/** The ratings of the readings just saved, and what they say read together. */
function rateCheck(
  saved: { measure: CheckMeasure; request: HealthReadingRequest; reading: HealthReading }[],
  rating: RatingProfile,
): CheckResult {
  const rated = saved.flatMap(({ measure, request, reading }) =>
    previewReadings(measure, request, new Date(reading.takenAt)),
  );
  const analyses = rated.map((each) => analyseReading(each.measure, each.reading, rating));
  const newest = Object.fromEntries(rated.map((each) => [each.measure, each.reading]));
  // Measures not in the check have no urgency of their own to compare with.
  const own = Object.fromEntries(
    MEASURE_IDS.map((id) => [
      id,
      { urgency: analyses.find((analysis) => analysis.measure === id)?.urgency ?? null },
    ]),
  ) as Record<MeasureId, { urgency: Urgency | null }>;
  const read = beyondOwnRatings(readTogether(newest), own);
  return {
    readings: saved.map(({ measure, reading }) => ({ measure, reading })),
    analyses: mostPressingFirst(analyses),
    together: read.urgency ? (read as UrgentTogether) : null,
    waiting: saved.filter((each) => isPendingReading(each.reading)).length,
  };
}

function CheckSummary({ result, onAgain }: { result: CheckResult; onAgain: () => void }) {
  const emergencyNumber = useEmergencyNumber();
  const measures = result.readings.map((each) => each.measure);
  const byMeasure = Object.fromEntries(
    result.readings.map((each) => [each.measure, each.reading]),
  ) as AnalysisResponse['readings'];
  return (
    <Stack spacing={2.5}>
      <Alert severity="success" role="status">
        <AlertTitle>
          {result.waiting > 0 ? 'Kept on this phone' : 'Saved'}: {measuresInWords(measures)}
        </AlertTitle>
        {result.waiting > 0
          ? `No network: ${result.waiting === result.readings.length ? 'they wait' : `${result.waiting} of them wait`} on this phone, marked 'Waiting to send', and are sent once, when the network returns.`
          : 'Your readings are saved. Here is what they mean, the most pressing first.'}
      </Alert>
      {/* Saved, the readings reach the page's urgent banners through the server's analysis; kept
          on the phone, only this page can read them together. */}
      {result.together && result.waiting > 0 && (
        <TogetherBanner
          together={result.together}
          readings={byMeasure}
          emergency={{ number: emergencyNumber, crisisLine: null }}
        />
      )}
      <InterpretationPreview
        state={{ kind: 'rated', analyses: result.analyses }}
        emergencyNumber={emergencyNumber}
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={paths.dashboard} variant="contained">
          Go to the dashboard
        </Button>
        <Button onClick={onAgain} variant="outlined">
          Another check
        </Button>
      </Box>
    </Stack>
  );
}

/**
 * /healths/morning-check: the measures a person checks each morning on one form, saved in one
 * step with one summary (docs/decisions/0055-morning-check.md). Offline, each reading waits in the
 * outbox as one entry of its own and is sent exactly once, as a reading saved alone would be.
 */
export function MorningCheckRoute() {
  const queryClient = useQueryClient();
  const { data: profile } = useProfile();
  const assessment = useAssessment().data;
  const rating = useMemo(() => ratingProfileOf(profile, assessment), [profile, assessment]);
  const [chosen, setChosen] = useState<CheckMeasure[]>(() => readCheckChoice(storage()));
  const forms = useRef(new Map<CheckMeasure, ReadingFormMethods>());
  const onForm = useCallback((measure: CheckMeasure, form: ReadingFormMethods | null) => {
    if (form) forms.current.set(measure, form);
    else forms.current.delete(measure);
  }, []);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<CheckResult | null>(null);
  // A new key each time, so another check starts from empty forms.
  const [round, setRound] = useState(0);

  const choose = (measure: CheckMeasure) => {
    const next = toggleCheckMeasure(chosen, measure);
    setChosen(next);
    writeCheckChoice(storage(), next);
  };

  const save = async () => {
    setFailure(null);
    // Every entry is checked first: nothing is sent while one of them needs fixing.
    const requests: { measure: CheckMeasure; request: HealthReadingRequest }[] = [];
    let firstBad: ReadingFormMethods | null = null;
    for (const measure of chosen) {
      const form = forms.current.get(measure);
      if (!form) continue;
      const doubt = sugarDoubtOf(measure, form.getValues());
      const request = await new Promise<HealthReadingRequest | null>((resolve) => {
        void form.handleSubmit(
          (valid) => resolve(valid),
          () => resolve(null),
        )();
      });
      if (request && !doubt) requests.push({ measure, request });
      else firstBad ??= form;
    }
    if (firstBad) {
      setFailure('Check the readings marked in red, then save again. Nothing was saved.');
      return;
    }
    setSaving(true);
    const saved: {
      measure: CheckMeasure;
      request: HealthReadingRequest;
      reading: HealthReading;
    }[] = [];
    for (const { measure, request } of requests) {
      try {
        saved.push({ measure, request, reading: await recordReading(request) });
      } catch (error) {
        // Those already saved stay saved and leave the form; the refused one stays as typed.
        const form = forms.current.get(measure);
        const leftover = placeFieldProblems(error, ({ field, message }) => {
          const name = form ? formFieldOf(measure, field, form.getValues()) : null;
          if (form && name) form.setError(name, { message }, { shouldFocus: true });
          return name !== null;
        });
        const done = saved.map((each) => each.measure);
        if (done.length > 0) {
          setChosen(chosen.filter((each) => !done.includes(each)));
        }
        setFailure(
          `${MEASURES[measure].displayName} was not saved${leftover ? `: ${leftover}` : ': see the field marked in red'}.${done.length > 0 ? ` ${measuresInWords(done)} ${done.length === 1 ? 'is' : 'are'} saved.` : ''}`,
        );
        setSaving(false);
        return;
      }
    }
    for (const { reading } of saved) {
      if (!isPendingReading(reading)) showStoredReading(queryClient, reading);
    }
    if (saved.some(({ reading }) => !isPendingReading(reading))) {
      void queryClient.invalidateQueries({ queryKey: recordsQueryKey });
    }
    setSaving(false);
    setResult(rateCheck(saved, rating));
  };

  const again = () => {
    setResult(null);
    setChosen(readCheckChoice(storage()));
    setRound((n) => n + 1);
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Box>
        <Button
          component={RouterLink}
          to={paths.health}
          startIcon={<ArrowBackIcon />}
          sx={{ ml: -1 }}
        >
          My Health
        </Button>
        {/* The page's name is the app bar's heading, as on every page. */}
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          The readings you take together, on one form and saved in one step. Vitalia remembers which
          measures you check on this phone.
        </Typography>
      </Box>
      {result ? (
        <CheckSummary result={result} onAgain={again} />
      ) : (
        <>
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
              What you check
            </Typography>
            <FormGroup row sx={{ columnGap: 1 }}>
              {CHECK_MEASURES.map((measure) => (
                <FormControlLabel
                  key={measure}
                  control={
                    <Checkbox
                      checked={chosen.includes(measure)}
                      onChange={() => choose(measure)}
                      // The last one stays: a check of nothing has nothing to save.
                      disabled={chosen.length === 1 && chosen.includes(measure)}
                    />
                  }
                  label={MEASURES[measure].displayName}
                />
              ))}
            </FormGroup>
          </Box>
          <Stack
            component="form"
            noValidate
            aria-label="Morning check"
            spacing={2}
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            {chosen.map((measure) => (
              <CheckEntry
                key={`${measure}-${round}`}
                measure={measure}
                profile={profile}
                rating={rating}
                pulseOnItsOwn={chosen.includes('pulse')}
                onForm={onForm}
              />
            ))}
            <Typography variant="body2" color="text.secondary">
              Each reading is saved as taken now. To give another time, or a note, add it from its
              own page.
            </Typography>
            {failure && (
              <Alert severity="error" role="alert">
                {failure}
              </Alert>
            )}
            <Box>
              <Button type="submit" variant="contained" size="large" loading={saving}>
                Save {chosen.length === 1 ? 'the reading' : `${chosen.length} readings`}
              </Button>
            </Box>
          </Stack>
        </>
      )}
    </Stack>
  );
}
