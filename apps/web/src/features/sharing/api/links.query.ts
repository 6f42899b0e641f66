import { queryOptions, useQuery } from '@tanstack/react-query';
import { linkList, sharingPaths, type ShareLink } from '@vitalia/api/sharing.contract';
import { apiClient } from '../../../lib/api-client';
import { sharingQueryKeys } from './sharing-query-keys';

export async function fetchLinks(): Promise<ShareLink[]> {
  const { data } = await apiClient.get(sharingPaths.links);
  return linkList.parse(data).items;
}

export function linksQueryOptions() {
  return queryOptions({ queryKey: sharingQueryKeys.links, queryFn: fetchLinks });
}

/** The person's links for clinicians without an account, live and past. */
export function useLinks() {
  return useQuery(linksQueryOptions());
}
