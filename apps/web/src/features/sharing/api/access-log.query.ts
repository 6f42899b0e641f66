import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { accessLogPage, sharingPaths, type AccessLogPage } from '@vitalia/api/sharing.contract';
import { apiClient } from '../../../lib/api-client';
import { sharingQueryKeys } from './sharing-query-keys';

export async function fetchAccessLogPage(cursor: string | null): Promise<AccessLogPage> {
  const { data } = await apiClient.get(sharingPaths.accessLog, {
    params: cursor ? { cursor } : {},
  });
  return accessLogPage.parse(data);
}

export function accessLogQueryOptions() {
  return infiniteQueryOptions({
    queryKey: sharingQueryKeys.accessLog,
    queryFn: ({ pageParam }) => fetchAccessLogPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** Every look at the person's data and every change to what they share, newest first. */
export function useAccessLog() {
  return useInfiniteQuery(accessLogQueryOptions());
}
