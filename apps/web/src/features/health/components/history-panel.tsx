import { useId, useState } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Profile } from '@vitalia/api/identity.contract';
import type { MeasureId } from '@vitalia/health/measure.catalog';
import { pulseTableFor } from '@vitalia/health/pulse.measure';
import { sugarContextKey, type SugarContextKey } from '@vitalia/health/sugar.measure';
import type { DisplayUnit } from '../../../readings/format/display-units';
import { CHART_PERIODS, chartReadingLimit, type ChartPeriod } from '../api/reading-chart.query';
import type { MeasurePageData } from '../hooks/measure-page.hook';
import { chartBands, sugarContextOf, type ShadedBand } from '../../../readings/chart/chart-bands';
import { ChartLegend } from '../../../readings/chart/chart-legend';
import { ChartPeriodToggle } from './chart-period-toggle';
import { HistoryChart } from '../../../readings/chart/history-chart';
import { MeasureSection, SectionWaiting } from './measure-section';
import { contextFromKey, sugarContextNames, SugarContextSelect } from './sugar-context-select';
import { WeightChart } from './weight-chart';

function pulseNote(profile: Profile | null): string {
  const table = pulseTableFor({ dob: profile?.dob, gender: profile?.gender, on: new Date() });
  const usual = 'Shaded by the usual resting range for adults, 60–100 bpm.';
  if (table.id === 'pulse/general') {
    return `${usual} Add your date of birth and gender to your profile for a fitness rating of your age.`;
  }
  const [, gender = '', age = ''] = table.id.split('/');
  const people = gender === 'male' ? 'men' : 'women';
  const group = age.startsWith('over') ? `${people} ${age}` : `${people} aged ${age}`;
  return `${usual} Each reading's fitness rating is for ${group}.`;
}

/** What the legend adds under the colours, for the measures whose ranges need a word. */
function legendNote(measure: MeasureId, profile: Profile | null): string | undefined {
  if (measure === 'pulse') return pulseNote(profile);
  if (measure === 'bloodPressure') {
    return 'Each number is shaded against its own ranges; a reading takes the colour of the worse one.';
  }
  return undefined;
}

/** ' in the last 7 days' after a sentence about the period; nothing for all readings. */
function inPeriod(period: ChartPeriod, word: 'in' | 'of'): string {
  return period === 'all' ? '' : ` ${word} ${CHART_PERIODS[period].name}`;
}

interface HistoryPanelProps {
  measure: MeasureId;
  data: MeasurePageData;
  unit: DisplayUnit | null;
  /** How many readings wait to send: the chart draws only sent ones, and says so. */
  waiting?: number;
}

/** The chart of the chosen period against the reference ranges, with the period to choose. */
export function HistoryPanel({ measure, data, unit, waiting = 0 }: HistoryPanelProps) {
  const id = useId();
  const [sugarKey, setSugarKey] = useState<SugarContextKey | null>(null);
  const sugarContext =
    sugarKey === null ? sugarContextOf(data.latest ?? undefined) : contextFromKey(sugarKey);
  const bands = chartBands(measure, { unit, sugarContext, profile: data.profile });
  return (
    <MeasureSection
      id={id}
      title="History"
      action={
        <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
          <ChartPeriodToggle period={data.period} onChange={data.setPeriod} />
          {measure === 'sugar' && (
            <SugarContextSelect value={sugarContextKey(sugarContext)} onChange={setSugarKey} />
          )}
        </Stack>
      }
    >
      <History
        measure={measure}
        data={data}
        unit={unit}
        bands={bands}
        sugarKeyShown={sugarContextKey(sugarContext)}
        waiting={waiting}
      />
    </MeasureSection>
  );
}

interface HistoryProps extends HistoryPanelProps {
  bands: ShadedBand[];
  sugarKeyShown: SugarContextKey;
}

function History({ measure, data, unit, bands, sugarKeyShown, waiting = 0 }: HistoryProps) {
  const { chart, period, profile } = data;
  if (!chart.data || !data.profileSettled) {
    return <SectionWaiting query={chart} what="The chart" loadingLabel="Loading the chart" />;
  }
  const { readings, cut } = chart.data;
  if (readings.length === 0) {
    return (
      <Typography color="text.secondary">
        {waiting > 0
          ? 'No readings sent yet. The readings waiting to send will be drawn here once sent.'
          : period === 'all'
            ? 'No readings yet. Your readings will be drawn here over time, against the reference ranges.'
            : `No readings in ${CHART_PERIODS[period].name}. Choose a longer period to see earlier ones.`}
      </Typography>
    );
  }
  // Blood sugar is rated against the ranges of its own circumstances (fasting or after a meal,
  // with diabetes or without): the chart draws the readings of the circumstances chosen under
  // 'Ranges for', so that every point stands against the ranges that rate it.
  const drawn =
    measure === 'sugar'
      ? readings.filter((reading) => sugarContextKey(sugarContextOf(reading)) === sugarKeyShown)
      : readings;
  return (
    <Stack spacing={1.5}>
      {drawn.length > 0 ? (
        <HistoryChart measure={measure} readings={drawn} unit={unit} bands={bands} />
      ) : (
        <Typography color="text.secondary">
          No readings taken {sugarContextNames[sugarKeyShown].toLowerCase()}
          {inPeriod(period, 'in')}.
        </Typography>
      )}
      <NotDrawnNote count={readings.length - drawn.length} />
      {waiting > 0 && (
        <Typography variant="body2" color="text.secondary" data-testid="waiting-not-drawn">
          {waiting === 1
            ? 'Your reading waiting to send is not drawn yet; it will be once sent.'
            : `Your ${waiting} readings waiting to send are not drawn yet; they will be once sent.`}
        </Typography>
      )}
      {cut && (
        <Typography variant="body2" color="text.secondary">
          Only your newest {chartReadingLimit.toLocaleString('en-GB')} readings
          {inPeriod(period, 'of')} are drawn. Choose a shorter period to see fewer in more detail.
        </Typography>
      )}
      <ChartLegend bands={bands} note={legendNote(measure, profile)} />
      {measure === 'bmi' && <WeightChart readings={readings} />}
    </Stack>
  );
}

/** Blood sugar readings of other circumstances, left out of this chart. */
function NotDrawnNote({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      {count === 1 ? '1 other reading was' : `${count} other readings were`} taken in other
      circumstances and {count === 1 ? 'is' : 'are'} drawn against their own ranges: choose them
      under ‘Ranges for’.
    </Typography>
  );
}
