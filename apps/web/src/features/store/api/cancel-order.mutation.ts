import { useMutation, useQueryClient } from '@tanstack/react-query';
import { order, storePaths, type Order } from '@vitalia/api/store.contract';
import { apiClient } from '../../../lib/api-client';
import { storeQueryKeys } from './store-query-keys';

export async function cancelOrder(orderID: string): Promise<Order> {
  const { data } = await apiClient.post(
    storePaths.cancelOrder.replace(':id', encodeURIComponent(orderID)),
  );
  return order.parse(data);
}

/** The customer cancels their own order while it is placed; its stock returns to the shelf. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (cancelled) => {
      queryClient.setQueryData(storeQueryKeys.order(cancelled.orderID), cancelled);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: storeQueryKeys.orders, exact: true }),
        queryClient.invalidateQueries({ queryKey: ['store', 'products'] }),
      ]);
    },
  });
}
