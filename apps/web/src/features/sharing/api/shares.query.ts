import { queryOptions, useQuery } from '@tanstack/react-query';
import { shareList, sharingPaths, type Share } from '@vitalia/api/sharing.contract';
import { apiClient } from '../../../lib/api-client';
import { sharingQueryKeys } from './sharing-query-keys';

export async function fetchShares(): Promise<Share[]> {
  const { data } = await apiClient.get(sharingPaths.shares);
  return shareList.parse(data).items;
}

export function sharesQueryOptions() {
  return queryOptions({ queryKey: sharingQueryKeys.shares, queryFn: fetchShares });
}

/** The person's shares with doctors, whatever their status. */
export function useShares() {
  return useQuery(sharesQueryOptions());
}
