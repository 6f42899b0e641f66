import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import {
  tagRuleOf,
  recentReadingOf,
  recentReadingsPerMeasure,
  type AnalysisResponse,
  type HealthReading,
  type HealthTag,
  type HistoryPage,
} from '@vitalia/api/records.contract';
import { analyseReading } from '@vitalia/health/analysis';
import {
  CHART_PERIODS,
  type ChartPeriod,
  type ChartReadings,
} from '../../readings/api/chart-readings';
import {
  analysisQueryKey,
  chartQueryKey,
  historyQueryKey,
  recordsQueryKey,
} from '../../readings/api/records-query-keys';
import { cachedRatingProfile } from '../../readings/rating-profile';
import { analysisWithReadings, scoreOf, timeOf as takenTime } from './waiting-readings';

type History = InfiniteData<HistoryPage, string | null>;

/**
 * Puts a reading the server has just stored into the readings already on screen (and so into the
 * copy kept on the device), before the refresh that follows the save. Without it the screens fell
 * back, between the send and that refresh, to the calmer reading before it: a reading that waited
 * offline left the outbox and its 'Low' gave way to the older 'Normal' for as long as the refresh
 * took, and for good if the network went again first (docs/decisions/0035-offline-readings.md).
 * The refresh still comes, and the server's answer replaces this.
 */
export function showStoredReading(queryClient: QueryClient, reading: HealthReading): void {
  const profile = cachedRatingProfile(queryClient);
  updateAnalysis(queryClient, (analysis) =>
    withoutStaleWeek(analysisWithReadings(analysis, [reading], profile), reading.tag, [reading]),
  );
  updateKeptReadings(queryClient, reading.tag, { put: reading });
}

/**
 * Puts a correction the server has just stored, or takes away a reading it has just deleted, in
 * the readings on screen, before the refresh that follows. The dialog closes on the server's
 * answer (a refresh that kept failing held it open), so without this the screens went on rating
 * the reading as it was before the change until the refresh came: a 97 % corrected to 87 %
 * still said 'Normal' (docs/decisions/0035-offline-readings.md). When the changed reading was
 * its measure's newest, the measure is rated afresh from the newest one left, found in the
 * history on the device; with no history there, from the correction, or from none after a
 * deletion ('No reading yet' until the refresh, never an older reading's 'Normal').
 */
export function showChangedReading(
  queryClient: QueryClient,
  change: { corrected: HealthReading } | { deleted: HealthReading },
): void {
  const { id, tag } = 'corrected' in change ? change.corrected : change.deleted;
  const corrected = 'corrected' in change ? change.corrected : null;
  const before =
    findKeptReading(queryClient, tag, id) ?? ('deleted' in change ? change.deleted : null);
  updateKeptReadings(queryClient, tag, corrected ? { put: corrected } : { remove: id });

  const measure = tagRuleOf(tag).measure;
  const profile = cachedRatingProfile(queryClient);
  const touched = [before, corrected].filter((reading) => reading !== null);
  updateAnalysis(queryClient, (analysis) => {
    const shown = analysis.readings[measure];
    if (shown?.id !== id) {
      // A correction that moved an older reading after the newest makes it the newest.
      const next = corrected ? analysisWithReadings(analysis, [corrected], profile) : analysis;
      return withoutStaleWeek(next, tag, touched);
    }
    const left = queryClient
      .getQueryData<History>(historyQueryKey(tag))
      ?.pages.flatMap((page) => page.items);
    const newest = newestOf(left ?? (corrected ? [corrected] : []));
    // The trend line without the reading as it was, ending with the newest left.
    const recent = analysis.recent[measure].filter((each) => each.takenAt !== shown.takenAt);
    const numbers = newest && recentReadingOf(newest);
    if (numbers && recent.at(-1)?.takenAt !== numbers.takenAt) recent.push(numbers);
    const readings = { ...analysis.readings, [measure]: newest };
    const measures = { ...analysis.measures, [measure]: analyseReading(measure, newest, profile) };
    const next = {
      ...analysis,
      measures,
      readings,
      recent: { ...analysis.recent, [measure]: recent.slice(-recentReadingsPerMeasure) },
      ...scoreOf(measures, readings, analysis.chosen),
    };
    return withoutStaleWeek(next, tag, [shown, ...touched]);
  });
}

const day = 24 * 3600_000;

/**
 * The analysis without the week's average of blood pressure or blood sugar when `readings` of
 * that measure fall in the last 7 days: the server's average did not count the change, and a
 * number calmer than the readings on screen is left out until the refresh brings the server's.
 */
function withoutStaleWeek(
  analysis: AnalysisResponse,
  tag: HealthTag,
  readings: readonly HealthReading[],
  now = Date.now(),
): AnalysisResponse {
  const measure = tagRuleOf(tag).measure;
  const field =
    measure === 'bloodPressure' ? 'bloodPressureWeek' : measure === 'sugar' ? 'sugarWeek' : null;
  if (field === null || analysis[field] === null) return analysis;
  const inWeek = readings.some((reading) => now - Date.parse(reading.takenAt) <= 7 * day);
  return inWeek ? { ...analysis, [field]: null } : analysis;
}

/** Changes kept data, if any, keeping the time it was fetched (the offline banner says it). */
function updateKept<T>(
  queryClient: QueryClient,
  queryKey: readonly unknown[],
  change: (data: T) => T,
): void {
  queryClient.setQueryData<T>(queryKey, (data) => data && change(data), {
    updatedAt: queryClient.getQueryState(queryKey)?.dataUpdatedAt,
  });
}

function updateAnalysis(
  queryClient: QueryClient,
  change: (analysis: AnalysisResponse) => AnalysisResponse,
): void {
  updateKept(queryClient, analysisQueryKey, change);
}

/** The newest of `readings` by the time it was taken; null for none. */
function newestOf(readings: readonly HealthReading[]): HealthReading | null {
  let newest: HealthReading | null = null;
  for (const reading of readings) {
    if (!newest || timeOf(reading) > timeOf(newest)) newest = reading;
  }
  return newest;
}

function timeOf(reading: HealthReading): number {
  return takenTime(reading.takenAt);
}

/** The tags whose lists show readings of `tag`: FEV2 readings are listed under FEV1 too. */
function listedUnder(tag: HealthTag) {
  return tag === 'FEV2' ? (['FEV2', 'FEV1'] as const) : [tag];
}

/** The reading with this id among those kept on the device for `tag`, if any. */
function findKeptReading(queryClient: QueryClient, tag: HealthTag, id: string) {
  const kept = [
    ...(queryClient.getQueryData<History>(historyQueryKey(tag))?.pages.flatMap((p) => p.items) ??
      []),
    ...queryClient
      .getQueriesData<ChartReadings>({ queryKey: [...recordsQueryKey, 'chart', tag] })
      .flatMap(([, chart]) => chart?.readings ?? []),
  ];
  return kept.find((reading) => reading.id === id) ?? null;
}

type Change = { put: HealthReading } | { remove: string };

/**
 * Applies a change to every list of `tag`'s readings kept on the device: the history's pages
 * (newest first) and each period's chart (oldest first), each kept in order of time. A reading
 * whose place is beyond the history pages loaded, or outside a chart's period, is left to the
 * refresh.
 */
function updateKeptReadings(queryClient: QueryClient, tag: HealthTag, change: Change): void {
  const id = 'put' in change ? change.put.id : change.remove;
  const put = 'put' in change ? change.put : null;
  for (const each of listedUnder(tag)) {
    updateKept<History>(queryClient, historyQueryKey(each), (history) =>
      historyWith(history, id, put),
    );
    for (const period of Object.keys(CHART_PERIODS) as ChartPeriod[]) {
      updateKept<ChartReadings>(queryClient, chartQueryKey(each, period), (chart) =>
        chartWith(chart, period, id, put),
      );
    }
  }
}

function historyWith(history: History, id: string, put: HealthReading | null): History {
  const items = history.pages.flatMap((page) => page.items);
  const others = items.filter((item) => item.id !== id);
  const last = history.pages.at(-1);
  const oldest = items.at(-1);
  // With more pages to load, a reading older than the oldest loaded belongs to one of them.
  const fits = put !== null && (!last?.nextCursor || !oldest || timeOf(put) >= timeOf(oldest));
  if (!fits && others.length === items.length) return history;
  const sorted = (fits ? [...others, put] : others).toSorted((a, b) => timeOf(b) - timeOf(a));
  // The pages keep their lengths, the first taking the one more or one fewer.
  let start = 0;
  const pages = history.pages.map((page, index) => {
    const length = page.items.length + (index === 0 ? sorted.length - items.length : 0);
    const slice = sorted.slice(start, start + length);
    start += length;
    return { ...page, items: slice };
  });
  return { ...history, pages };
}

function chartWith(
  chart: ChartReadings,
  period: ChartPeriod,
  id: string,
  put: HealthReading | null,
): ChartReadings {
  const others = chart.readings.filter((reading) => reading.id !== id);
  const { days } = CHART_PERIODS[period];
  const fits = put !== null && (days === null || Date.now() - timeOf(put) <= days * day);
  if (!fits && others.length === chart.readings.length) return chart;
  const readings = (fits ? [...others, put] : others).toSorted((a, b) => timeOf(a) - timeOf(b));
  return { ...chart, readings };
}
