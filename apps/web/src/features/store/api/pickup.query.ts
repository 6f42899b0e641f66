import { queryOptions, useQuery } from '@tanstack/react-query';
import { pickupPlace, storePaths, type PickupPlace } from '@vitalia/api/store.contract';
import { apiClient } from '../../../lib/api-client';
import { storeQueryKeys } from './store-query-keys';

export async function fetchPickupPlace(): Promise<PickupPlace> {
  const { data } = await apiClient.get(storePaths.pickup);
  return pickupPlace.parse(data);
}

export function pickupPlaceQueryOptions() {
  // The store's configuration: it changes only when the server restarts.
  return queryOptions({
    queryKey: storeQueryKeys.pickup,
    queryFn: fetchPickupPlace,
    staleTime: 60 * 60_000,
  });
}

/** Where and when pickup orders are collected. */
export function usePickupPlace() {
  return useQuery(pickupPlaceQueryOptions());
}

/** 'At 14 Admiralty Way, Lagos (Monday to Saturday, 09:00 to 18:00)', or a plain stand-in. */
export function pickupText(place: PickupPlace | undefined): string {
  return place ? `${place.address} (${place.hours})` : 'the Vitalia store';
}
