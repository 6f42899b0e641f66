import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  adminOrderList,
  storePaths,
  type OrderStatus,
  type PaymentStatus,
} from '@vitalia/api/store.contract';
import { apiClient } from '../../../lib/api-client';
import { storeQueryKeys } from './store-query-keys';

/** What the back office's order list is narrowed to; each left out means all. */
export interface AdminOrderFilter {
  status?: OrderStatus | undefined;
  payment?: PaymentStatus | undefined;
  /** An order number or part of the customer's email. */
  q?: string | undefined;
  needsAction?: boolean | undefined;
}

/** The filter as query parameters, leaving out what is not set. */
export function adminOrderParams(filter: AdminOrderFilter): Record<string, string> {
  const params: Record<string, string> = {};
  if (filter.status) params.status = filter.status;
  if (filter.payment) params.payment = filter.payment;
  if (filter.q) params.q = filter.q;
  if (filter.needsAction) params.needsAction = 'true';
  return params;
}

export async function fetchAdminOrders(filter: AdminOrderFilter) {
  const { data } = await apiClient.get(storePaths.adminOrders, {
    params: adminOrderParams(filter),
  });
  return adminOrderList.parse(data);
}

export function adminOrdersQueryOptions(filter: AdminOrderFilter) {
  return queryOptions({
    queryKey: storeQueryKeys.adminOrders(adminOrderParams(filter)),
    queryFn: () => fetchAdminOrders(filter),
    // A new filter keeps the last list on screen until its own arrives, so typing does not flash.
    placeholderData: keepPreviousData,
  });
}

/** Everyone's orders, newest first, narrowed by the filter, and how many wait (ADMIN only). */
export function useAdminOrders(filter: AdminOrderFilter) {
  return useQuery(adminOrdersQueryOptions(filter));
}
