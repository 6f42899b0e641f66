import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Profile } from '@vitalia/api/identity.contract';
import type { AnalysisResponse, HealthReading, HistoryPage } from '@vitalia/api/records.contract';
import { analysisQueryKey, historyQueryKey } from '../../api/records-query-keys';
import { profileQueryKey } from '../../api/profile.query';
import { analysisWithReadings } from './waiting-readings';

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
  // FEV2 readings are listed under FEV1 too, whose value they hold as their second.
  const tags = reading.tag === 'FEV2' ? (['FEV2', 'FEV1'] as const) : [reading.tag];
  for (const tag of tags) {
    const queryKey = historyQueryKey(tag);
    queryClient.setQueryData<InfiniteData<HistoryPage, string | null>>(
      queryKey,
      (history) => history && withNewestFirst(history, reading),
      keptTime(queryKey),
    );
  }
}

/** The pages of readings, newest first, with `reading` at the top when it is the newest. */
function withNewestFirst(
  history: InfiniteData<HistoryPage, string | null>,
  reading: HealthReading,
): InfiniteData<HistoryPage, string | null> {
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
