import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  order,
  orderStatusRequest,
  storePaths,
  type Order,
  type OrderStatus,
} from '@vitalia/api/store.contract';
import { apiClient } from '../../../lib/api-client';
import { storeQueryKeys } from './store-query-keys';

export interface MoveOrderCall {
  orderID: string;
  status: OrderStatus;
}

export async function moveOrder({ orderID, status }: MoveOrderCall): Promise<Order> {
  const { data } = await apiClient.post(
    storePaths.adminOrderStatus.replace(':id', encodeURIComponent(orderID)),
    orderStatusRequest.parse({ status }),
  );
  return order.parse(data);
}

/** Moves an order along its path (ADMIN only); a cancel returns stock, so products refresh too. */
export function useMoveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveOrder,
    onSuccess: (moved) => {
      queryClient.setQueryData(storeQueryKeys.order(moved.orderID), moved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: storeQueryKeys.adminOrdersAll }),
        queryClient.invalidateQueries({ queryKey: storeQueryKeys.orders, exact: true }),
        queryClient.invalidateQueries({ queryKey: storeQueryKeys.adminProducts }),
        queryClient.invalidateQueries({ queryKey: ['store', 'products'] }),
      ]);
    },
  });
}
