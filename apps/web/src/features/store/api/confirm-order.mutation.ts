import { useMutation, useQueryClient } from '@tanstack/react-query';
import { order, storePaths, type Order } from '@vitalia/api/store.contract';
import { apiClient } from '../../../lib/api-client';
import { storeQueryKeys } from './store-query-keys';

export async function confirmOrder(orderID: string): Promise<Order> {
  const { data } = await apiClient.post(
    storePaths.adminOrderConfirm.replace(':id', encodeURIComponent(orderID)),
  );
  return order.parse(data);
}

/** An administrator confirms an unpaid order, so that it keeps its stock (ADMIN only). */
export function useConfirmOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmOrder,
    onSuccess: (confirmed) => {
      queryClient.setQueryData(storeQueryKeys.order(confirmed.orderID), confirmed);
      return queryClient.invalidateQueries({ queryKey: storeQueryKeys.adminOrdersAll });
    },
  });
}
