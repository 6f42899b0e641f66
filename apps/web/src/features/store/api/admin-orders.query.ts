import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderList, storePaths, type Order, type OrderStatus } from '@vitalia/api/store.contract';
import { apiClient } from '../../../lib/api-client';
import { storeQueryKeys } from './store-query-keys';

export async function fetchAdminOrders(status: OrderStatus | 'all'): Promise<Order[]> {
  const { data } = await apiClient.get(storePaths.adminOrders, {
    params: status === 'all' ? {} : { status },
  });
  return orderList.parse(data).items;
}

export function adminOrdersQueryOptions(status: OrderStatus | 'all') {
  return queryOptions({
    queryKey: storeQueryKeys.adminOrders(status),
    queryFn: () => fetchAdminOrders(status),
  });
}

/** Everyone's orders, newest first, optionally of one status (ADMIN only). */
export function useAdminOrders(status: OrderStatus | 'all') {
  return useQuery(adminOrdersQueryOptions(status));
}
