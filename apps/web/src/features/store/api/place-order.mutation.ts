import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  order,
  placeOrderRequest,
  storePaths,
  type Order,
  type PlaceOrderRequest,
} from '@vitalia/api/store.contract';
import { apiClient } from '../../../lib/api-client';
import { storeQueryKeys } from './store-query-keys';

export interface PlaceOrderCall {
  request: PlaceOrderRequest;
  /** The same key for every try of the same order (utils/cart-store checkoutKeyFor). */
  idempotencyKey: string;
}

export async function placeOrder({ request, idempotencyKey }: PlaceOrderCall): Promise<Order> {
  const { data } = await apiClient.post(storePaths.orders, placeOrderRequest.parse(request), {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return order.parse(data);
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: async (placed) => {
      queryClient.setQueryData(storeQueryKeys.order(placed.orderID), placed);
      // Stock went down and the order list grew.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: storeQueryKeys.orders, exact: true }),
        queryClient.invalidateQueries({ queryKey: ['store', 'products'] }),
        queryClient.invalidateQueries({ queryKey: ['store', 'product'] }),
      ]);
    },
  });
}
