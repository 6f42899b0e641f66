import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { productPage, storePaths } from '@vitalia/api/store.contract';
import { apiClient } from '../../../lib/api-client';
import type { ProductPageAnswer } from './products.query';
import { storeQueryKeys } from './store-query-keys';

export async function fetchAdminProductPage(
  cursor: string | undefined,
): Promise<ProductPageAnswer> {
  const { data } = await apiClient.get(storePaths.adminProducts, {
    params: { limit: 50, cursor },
  });
  return productPage.parse(data);
}

export function adminProductsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: storeQueryKeys.adminProducts,
    queryFn: ({ pageParam }) => fetchAdminProductPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Every product, sold or retired (ADMIN only). */
export function useAdminProducts() {
  return useInfiniteQuery(adminProductsQueryOptions());
}
