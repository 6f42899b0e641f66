import { useMutation, useQueryClient } from '@tanstack/react-query';
import { order, storePaths, type Order } from '@vitalia/api/store.contract';
import { apiClient } from '../../../lib/api-client';
import { storeQueryKeys } from './store-query-keys';

export async function recordPayment(orderID: string): Promise<Order> {
  const { data } = await apiClient.post(
    storePaths.adminOrderPayment.replace(':id', encodeURIComponent(orderID)),
  );
  return order.parse(data);
}

/** An administrator records the payment received for an order (ADMIN only). */
export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPayment,
    onSuccess: (paid) => {
      queryClient.setQueryData(storeQueryKeys.order(paid.orderID), paid);
      return queryClient.invalidateQueries({ queryKey: storeQueryKeys.adminOrdersAll });
    },
  });
}
