import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import {
  historyPage,
  recordsPaths,
  type FetchTag,
  type HistoryPage,
} from '@vitalia/api/records.contract';
import { apiClient } from '../../../lib/api-client';
import { historyQueryKey } from '../../../readings/api/records-query-keys';

/** Readings per page of the table; 'Load more' asks for the next page with the cursor. */
export const historyPageSize = 20;

export async function fetchHistoryPage(tag: FetchTag, cursor: string | null): Promise<HistoryPage> {
  const { data } = await apiClient.get(recordsPaths.healths, {
    params: {
      order: 'DESC',
      tag,
      limit: historyPageSize,
      ...(cursor ? { cursor } : {}),
    },
  });
  return historyPage.parse(data);
}

export function historyQueryOptions(tag: FetchTag) {
  return infiniteQueryOptions({
    queryKey: historyQueryKey(tag),
    queryFn: ({ pageParam }) => fetchHistoryPage(tag, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** One measure's readings, newest first, a page at a time. */
export function useReadingHistory(tag: FetchTag) {
  return useInfiniteQuery(historyQueryOptions(tag));
}
