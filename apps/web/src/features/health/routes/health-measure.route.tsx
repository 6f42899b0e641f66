import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { Profile } from '@vitalia/api/identity.contract';
import { MEASURE_TAGS, type HealthReading } from '@vitalia/api/records.contract';
import { MEASURES, measureIdFromSlug, type MeasureId } from '@vitalia/health/measure.catalog';
import { MEASURE_ARTICLE_SLUGS } from '@vitalia/api/education.contract';
import { pulseTableFor } from '@vitalia/health/pulse.measure';
import {
  SUGAR_BANDS,
  sugarContextKey,
  type SugarContext,
  type SugarContextKey,
} from '@vitalia/health/sugar.measure';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ResultsNotes } from '../../../components/ui/results-notes';
import { ReadingChip } from '../../../components/ui/reading-chip';
import { apiErrorMessage } from '../../../lib/api-client';
import { useAnalysis } from '../../../api/analysis.query';
import { useDeleteReading } from '../api/delete-reading.mutation';
import { useProfile } from '../../../api/profile.query';
import {
  CHART_PERIODS,
  chartReadingLimit,
  useChartReadings,
  type ChartPeriod,
} from '../api/reading-chart.query';
import { useReadingHistory } from '../api/reading-history.query';
import { ChartLegend } from '../components/chart-legend';
import { ChartPeriodToggle } from '../components/chart-period-toggle';
import { HistoryChart } from '../components/history-chart';
import { WeightChart } from '../components/weight-chart';
import { LoadError } from '../../../components/ui/load-error';
import { MeasureIcon } from '../../../components/ui/measure-icon';
import { MeasureNotFound } from '../components/measure-not-found';
import { NoticeSnackbar, useNotice } from '../components/notice-snackbar';
import { ReminderButton } from '../components/reminder-button';
import { ReadingFormDialog } from '../components/reading-form-dialog';
import { GuidedBloodPressureDialog } from '../components/guided-blood-pressure-dialog';
import { ReadingValue } from '../components/reading-value';
import { ReadingsTable } from '../components/readings-table';
import { TakenAt } from '../components/taken-at';
import { DisplayUnitToggle } from '../components/unit-toggle';
import { chartBands, sugarContextOf } from '../utils/chart-bands';
import { useDisplayUnit } from '../../../lib/display-unit.hook';
import type { DisplayUnit } from '../../../lib/display-units';
import { readingContext, readingText } from '../../../lib/reading-format';
import { formatTakenAt } from '../../../lib/reading-time';
import { OldReadingNote } from '../../../components/ui/old-reading-note';
import { BloodPressureWeekAverage } from '../components/blood-pressure-week';
import { paths } from '../../../lib/paths';

/** /healths/{slug}: one measure in detail. An unknown slug says so instead of a blank page. */
export function HealthMeasureRoute() {
  const { id = '' } = useParams();
  const measure = measureIdFromSlug(id);
  if (!measure) return <MeasureNotFound slug={id} />;
  // Keyed, so moving from one measure to another starts with fresh dialogs and choices.
  return <MeasurePage key={measure} measure={measure} />;
}

const sugarContextNames: Record<SugarContextKey, string> = {
  'non-diabetic-fasting': 'Fasting, no diabetes',
  'non-diabetic-after-meal': 'After a meal, no diabetes',
  'diabetic-fasting': 'Fasting, with diabetes',
  'diabetic-after-meal': 'After a meal, with diabetes',
};

function contextFromKey(key: SugarContextKey): SugarContext {
  return { hadDiabetics: !key.startsWith('non-'), hadMeal: key.endsWith('after-meal') };
}

function sectionCard(id: string, title: string, children: ReactNode, action?: ReactNode) {
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={id}
      sx={{ minWidth: 0, height: '100%' }}
    >
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 2,
            flexWrap: 'wrap',
            mb: 2,
          }}
        >
          <Typography id={id} variant="h6" component="h3" sx={{ fontWeight: 500 }}>
            {title}
          </Typography>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
      <CircularProgress aria-label={label} size={32} />
    </Box>
  );
}

function pulseNote(profile: Profile | null): string {
  const table = pulseTableFor({ dob: profile?.dob, gender: profile?.gender, on: new Date() });
  if (table.id === 'pulse/general') {
    return 'Adult range 41–100 bpm: add your date of birth and gender to your profile for ranges of your age.';
  }
  const [, gender = '', age = ''] = table.id.split('/');
  const people = gender === 'male' ? 'men' : 'women';
  return age.startsWith('over')
    ? `Ranges for ${people} ${age}.`
    : `Ranges for ${people} aged ${age}.`;
}

function MeasurePage({ measure }: { measure: MeasureId }) {
  const tag = MEASURE_TAGS[measure];
  const { displayName } = MEASURES[measure];
  const articleSlug: string | undefined = MEASURE_ARTICLE_SLUGS[measure];
  const ids = { latest: useId(), chart: useId(), readings: useId() };
  const analysisQuery = useAnalysis();
  const profileQuery = useProfile();
  const historyQuery = useReadingHistory(tag);
  const [period, setPeriod] = useState<ChartPeriod>('all');
  const chartQuery = useChartReadings(tag, period);
  const deleteCall = useDeleteReading();
  const [unit, setUnit] = useDisplayUnit(measure);
  // The dashboard's quick action and empty tiles arrive with ?add=1: the form opens at once.
  const [searchParams, setSearchParams] = useSearchParams();
  const [form, setFormState] = useState<{ original: HealthReading | null } | null>(() =>
    searchParams.get('add') === '1' ? { original: null } : null,
  );
  const setForm = (next: { original: HealthReading | null } | null) => {
    setFormState(next);
    if (next === null && searchParams.has('add')) {
      setSearchParams(
        (current) => {
          current.delete('add');
          return current;
        },
        { replace: true },
      );
    }
  };
  // The blood pressure card on My Health links here with ?guided=1 (guidedBloodPressurePath).
  const [guided, setGuidedState] = useState(
    () => measure === 'bloodPressure' && searchParams.get('guided') === '1',
  );
  const setGuided = (open: boolean) => {
    setGuidedState(open);
    if (!open && searchParams.has('guided')) {
      setSearchParams(
        (current) => {
          current.delete('guided');
          return current;
        },
        { replace: true },
      );
    }
  };
  const [deleting, setDeleting] = useState<HealthReading | null>(null);
  const notice = useNotice();
  const [sugarKey, setSugarKey] = useState<SugarContextKey | null>(null);

  const profile = profileQuery.data ?? null;
  // Ratings of pulse depend on the profile; wait for it rather than show a rating that changes.
  const profileSettled = !profileQuery.isPending;
  const latest = analysisQuery.data?.readings[measure] ?? null;
  const sugarContext =
    sugarKey === null ? sugarContextOf(latest ?? undefined) : contextFromKey(sugarKey);
  const bands = chartBands(measure, { unit, sugarContext, profile });

  const announce = notice.show;

  const confirmDelete = () => {
    if (!deleting) return;
    deleteCall.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        announce('Reading deleted.');
      },
    });
  };

  const readings = historyQuery.data?.pages.flatMap((page) => page.items) ?? [];

  const latestSection = sectionCard(
    ids.latest,
    'Latest reading',
    !analysisQuery.data ? (
      analysisQuery.isError ? (
        <LoadError
          what="Your latest reading"
          error={analysisQuery.error}
          onRetry={() => void analysisQuery.refetch()}
        />
      ) : (
        <Loading label="Loading your latest reading" />
      )
    ) : (
      <Stack spacing={1.5}>
        <Box>
          <ReadingChip
            colour={analysisQuery.data.measures[measure].colour}
            label={analysisQuery.data.measures[measure].result}
          />
        </Box>
        {latest && <ReadingValue measure={measure} reading={latest} unit={unit} />}
        {measure === 'bloodPressure' && (
          <BloodPressureWeekAverage week={analysisQuery.data.bloodPressureWeek} />
        )}
        {analysisQuery.data.measures[measure].old && <OldReadingNote measure={measure} invite />}
        {latest && readingContext(measure, latest.narration) && (
          <Typography variant="body2" color="text.secondary">
            {readingContext(measure, latest.narration)}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {analysisQuery.data.measures[measure].advice}
        </Typography>
        {latest && <TakenAt iso={latest.takenAt} />}
      </Stack>
    ),
  );

  const chart = chartQuery.data;
  // Blood sugar is rated against the ranges of its own circumstances (fasting or after a meal,
  // with diabetes or without): the chart draws the readings of the circumstances chosen under
  // 'Ranges for', so that every point stands against the ranges that rate it.
  const sugarKeyShown = sugarContextKey(sugarContext);
  const drawn =
    measure === 'sugar' && chart
      ? chart.readings.filter(
          (reading) => sugarContextKey(sugarContextOf(reading)) === sugarKeyShown,
        )
      : (chart?.readings ?? []);
  const notDrawn = (chart?.readings.length ?? 0) - drawn.length;
  const chartSection = sectionCard(
    ids.chart,
    'History',
    !chart || !profileSettled ? (
      chartQuery.isError ? (
        <LoadError
          what="The chart"
          error={chartQuery.error}
          onRetry={() => void chartQuery.refetch()}
        />
      ) : (
        <Loading label="Loading the chart" />
      )
    ) : chart.readings.length === 0 ? (
      <Typography color="text.secondary">
        {period === 'all'
          ? 'No readings yet. Your readings will be drawn here over time, against the reference ranges.'
          : `No readings in ${CHART_PERIODS[period].name}. Choose a longer period to see earlier ones.`}
      </Typography>
    ) : (
      <Stack spacing={1.5}>
        {drawn.length > 0 ? (
          <HistoryChart measure={measure} readings={drawn} unit={unit} bands={bands} />
        ) : (
          <Typography color="text.secondary">
            No readings taken {sugarContextNames[sugarKeyShown].toLowerCase()}
            {period === 'all' ? '' : ` in ${CHART_PERIODS[period].name}`}.
          </Typography>
        )}
        {notDrawn > 0 && (
          <Typography variant="body2" color="text.secondary">
            {notDrawn === 1 ? '1 other reading was' : `${notDrawn} other readings were`} taken in
            other circumstances and {notDrawn === 1 ? 'is' : 'are'} drawn against their own ranges:
            choose them under ‘Ranges for’.
          </Typography>
        )}
        {chart.cut && (
          <Typography variant="body2" color="text.secondary">
            Only your newest {chartReadingLimit.toLocaleString('en-GB')} readings
            {period === 'all' ? '' : ` of ${CHART_PERIODS[period].name}`} are drawn. Choose a
            shorter period to see fewer in more detail.
          </Typography>
        )}
        <ChartLegend
          bands={bands}
          note={
            measure === 'pulse'
              ? pulseNote(profile)
              : measure === 'bloodPressure'
                ? 'Each number is shaded against its own ranges; a reading takes the colour of the worse one.'
                : undefined
          }
        />
        {measure === 'bmi' && <WeightChart readings={chart.readings} />}
      </Stack>
    ),
    <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
      <ChartPeriodToggle period={period} onChange={setPeriod} />
      {measure === 'sugar' && (
        <TextField
          select
          size="small"
          label="Ranges for"
          value={sugarContextKey(sugarContext)}
          onChange={(event) => setSugarKey(event.target.value as SugarContextKey)}
          sx={{ minWidth: 240 }}
        >
          {(Object.keys(SUGAR_BANDS) as SugarContextKey[]).map((key) => (
            <MenuItem key={key} value={key}>
              {sugarContextNames[key]}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Stack>,
  );

  const readingsSection = sectionCard(
    ids.readings,
    'Readings',
    !historyQuery.data || !profileSettled ? (
      historyQuery.isError ? (
        <LoadError
          what="Your readings"
          error={historyQuery.error}
          onRetry={() => void historyQuery.refetch()}
        />
      ) : (
        <Loading label="Loading your readings" />
      )
    ) : readings.length === 0 ? (
      <Typography color="text.secondary">
        No {displayName === 'BMI' ? 'BMI' : displayName.toLowerCase()} readings yet.
      </Typography>
    ) : (
      <Stack spacing={2}>
        <ReadingsTable
          measure={measure}
          readings={readings}
          profile={profile}
          unit={unit}
          labelledBy={ids.readings}
          onEdit={(reading) => setForm({ original: reading })}
          onDelete={(reading) => {
            deleteCall.reset();
            setDeleting(reading);
          }}
        />
        {historyQuery.isFetchNextPageError && (
          <Alert severity="error">
            More readings could not be loaded: {apiErrorMessage(historyQuery.error)}
          </Alert>
        )}
        {historyQuery.hasNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            <Button
              variant="outlined"
              onClick={() => void historyQuery.fetchNextPage()}
              loading={historyQuery.isFetchingNextPage}
            >
              Load more
            </Button>
          </Box>
        )}
      </Stack>
    ),
  );

  return (
    <Stack spacing={3} sx={{ maxWidth: 1400 }}>
      <Box>
        <Button
          component={RouterLink}
          to={paths.health}
          startIcon={<ArrowBackIcon />}
          sx={{ ml: -1 }}
        >
          All measures
        </Button>
      </Box>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          flexWrap: 'wrap',
          justifyContent: 'space-between',
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <MeasureIcon measure={measure} color="primary" fontSize="large" />
          <Typography variant="h4" component="h2" sx={{ fontWeight: 500 }}>
            {displayName}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <DisplayUnitToggle measure={measure} unit={unit} onChange={setUnit} />
          <ReminderButton measure={measure} onDone={announce} />
          {articleSlug && (
            <Button component={RouterLink} to={paths.article(articleSlug)} variant="outlined">
              Read about {displayName === 'BMI' ? 'BMI' : displayName.toLowerCase()}
            </Button>
          )}
          {measure === 'bloodPressure' && (
            <Button
              variant="contained"
              startIcon={<TimerOutlinedIcon />}
              onClick={() => setGuided(true)}
            >
              Measure blood pressure
            </Button>
          )}
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setForm({ original: null })}
          >
            Add reading
          </Button>
        </Box>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(280px, 1fr) minmax(0, 2fr)' },
        }}
      >
        {latestSection}
        {chartSection}
      </Box>
      {readingsSection}
      {analysisQuery.data && <ResultsNotes notes={analysisQuery.data.notes} />}

      <ReadingFormDialog
        // Only once the profile is known: the height decides whether a BMI starts from a weight,
        // and a form opened from an address (?add=1) must not start before it arrives.
        open={form !== null && profileSettled}
        measure={measure}
        original={form?.original ?? null}
        profile={profile}
        unit={unit}
        onUnitChange={(next: DisplayUnit) => setUnit(next)}
        onClose={() => setForm(null)}
        onSaved={() => {
          announce(form?.original ? 'Reading corrected.' : 'Reading saved.');
          setForm(null);
        }}
      />
      {measure === 'bloodPressure' && (
        <GuidedBloodPressureDialog
          open={guided}
          profile={profile}
          onClose={() => setGuided(false)}
          onSaved={() => {
            announce('Average saved as your newest reading.');
            setGuided(false);
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this reading?"
        message={
          deleting
            ? `The ${displayName === 'BMI' ? 'BMI' : displayName.toLowerCase()} reading of ${formatTakenAt(deleting.takenAt)} (${readingText(measure, deleting, unit)}) will be deleted for good.`
            : ''
        }
        confirmLabel="Delete"
        destructive
        busy={deleteCall.isPending}
        error={deleteCall.isError ? apiErrorMessage(deleteCall.error) : undefined}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
      <NoticeSnackbar {...notice.props} />
    </Stack>
  );
}
