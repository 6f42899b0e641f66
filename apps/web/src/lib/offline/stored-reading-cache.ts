import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Profile } from '@vitalia/api/identity.contract';
import {
  TAG_RULES,
  recentReadingOf,
  recentReadingsPerMeasure,
  type AnalysisResponse,
  type HealthReading,
  type HealthTag,
  type HistoryPage,
} from '@vitalia/api/records.contract';
import { analyseReading } from '@vitalia/health/analysis';
import { analysisQueryKey, historyQueryKey } from '../../api/records-query-keys';
import { profileQueryKey } from '../../api/profile.query';
import { analysisWithReadings, scoreOf } from './waiting-readings';

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
  const profile = queryClient.getQueryData<Profile>(profileQueryKey);
  // The kept time stays: the offline banner says when the server's answer was fetched.
  const keptTime = (queryKey: readonly unknown[]) => ({
    updatedAt: queryClient.getQueryState(queryKey)?.dataUpdatedAt,
  });
  queryClient.setQueryData<AnalysisResponse>(
    analysisQueryKey,
    (analysis) => analysis && analysisWithReadings(analysis, [reading], profile),
    keptTime(analysisQueryKey),
  );
  updateHistories(queryClient, reading.tag, (history) => withNewestFirst(history, reading));
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
  change: { corrected: HealthReading } | { deleted: { id: string; tag: HealthTag } },
): void {
  const { id, tag } = 'corrected' in change ? change.corrected : change.deleted;
  const corrected = 'corrected' in change ? change.corrected : null;
  const replace = (items: HealthReading[]) =>
    items.flatMap((item) => (item.id !== id ? [item] : corrected ? [corrected] : []));
  updateHistories(queryClient, tag, (history) => ({
    ...history,
    pages: history.pages.map((page) => ({ ...page, items: replace(page.items) })),
  }));

  const measure = TAG_RULES[tag].measure;
  const analysis = queryClient.getQueryData<AnalysisResponse>(analysisQueryKey);
  const before = analysis?.readings[measure];
  if (!analysis || !before) return;
  if (before.id !== id) {
    // A correction that moved an older reading after the newest makes it the newest.
    if (corrected) showStoredReading(queryClient, corrected);
    return;
  }
  const left = queryClient
    .getQueryData<History>(historyQueryKey(tag))
    ?.pages.flatMap((page) => page.items);
  const newest = newestOf(left ?? (corrected ? [corrected] : []));
  const profile = queryClient.getQueryData<Profile>(profileQueryKey);
  // The trend line without the reading as it was, ending with the newest left.
  const recent = analysis.recent[measure].filter((each) => each.takenAt !== before.takenAt);
  const numbers = newest && recentReadingOf(newest);
  if (numbers && recent.at(-1)?.takenAt !== numbers.takenAt) recent.push(numbers);
  const readings = { ...analysis.readings, [measure]: newest };
  const measures = { ...analysis.measures, [measure]: analyseReading(measure, newest, profile) };
  queryClient.setQueryData<AnalysisResponse>(
    analysisQueryKey,
    {
      ...analysis,
      measures,
      readings,
      recent: { ...analysis.recent, [measure]: recent.slice(-recentReadingsPerMeasure) },
      ...scoreOf(measures, readings),
    },
    { updatedAt: queryClient.getQueryState(analysisQueryKey)?.dataUpdatedAt },
  );
}

/** The newest of `readings` by the time it was taken; null for none. */
function newestOf(readings: readonly HealthReading[]): HealthReading | null {
  let newest: HealthReading | null = null;
  for (const reading of readings) {
    if (!newest || Date.parse(reading.takenAt) > Date.parse(newest.takenAt)) newest = reading;
  }
  return newest;
}

/** Changes each kept history that lists readings of `tag`, keeping the time it was fetched. */
function updateHistories(
  queryClient: QueryClient,
  tag: HealthTag,
  change: (history: History) => History,
): void {
  // FEV2 readings are listed under FEV1 too, whose value they hold as their second.
  const tags = tag === 'FEV2' ? (['FEV2', 'FEV1'] as const) : [tag];
  for (const each of tags) {
    const queryKey = historyQueryKey(each);
    queryClient.setQueryData<History>(queryKey, (history) => history && change(history), {
      updatedAt: queryClient.getQueryState(queryKey)?.dataUpdatedAt,
    });
  }
}

/** The pages of readings, newest first, with `reading` at the top when it is the newest. */
function withNewestFirst(history: History, reading: HealthReading): History {
  const [first, ...rest] = history.pages;
  if (!first) return history;
  if (history.pages.some((page) => page.items.some((item) => item.id === reading.id))) {
    return history;
  }
  const newest = first.items[0];
  // Taken before the newest listed: the refresh puts it in its place.
  if (newest && Date.parse(newest.takenAt) > Date.parse(reading.takenAt)) return history;
  return { ...history, pages: [{ ...first, items: [reading, ...first.items] }, ...rest] };
}
