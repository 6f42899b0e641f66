import { queryOptions, useQuery } from '@tanstack/react-query';
import { order, orderList, storePaths, type Order } from '@vitalia/api/store.contract';
import { apiClient } from '../../../lib/api-client';
import { storeQueryKeys } from './store-query-keys';

export async function fetchOrders(): Promise<Order[]> {
  const { data } = await apiClient.get(storePaths.orders);
  return orderList.parse(data).items;
}

export function ordersQueryOptions() {
  return queryOptions({ queryKey: storeQueryKeys.orders, queryFn: fetchOrders });
}

/** The signed-in person's orders, newest first. */
export function useOrders() {
  return useQuery(ordersQueryOptions());
}

export async function fetchOrder(id: string): Promise<Order> {
  const { data } = await apiClient.get(storePaths.order.replace(':id', encodeURIComponent(id)));
  return order.parse(data);
}

export function orderQueryOptions(id: string) {
  return queryOptions({ queryKey: storeQueryKeys.order(id), queryFn: () => fetchOrder(id) });
}

/** One of the person's orders; another person's answers 404 like a missing one. */
export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}
