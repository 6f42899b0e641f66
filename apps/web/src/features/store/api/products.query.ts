import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { productPage, storePaths, type Product } from '@vitalia/api/store.contract';
import { apiClient } from '../../../lib/api-client';
import { storeQueryKeys } from './store-query-keys';

/** Cards per page: four rows of three on a wide screen. */
export const productPageSize = 12;

export interface ProductPageAnswer {
  items: Product[];
  nextCursor: string | null;
}

export async function fetchProductPage(
  q: string,
  cursor: string | undefined,
): Promise<ProductPageAnswer> {
  const { data } = await apiClient.get(storePaths.products, {
    params: { q: q || undefined, limit: productPageSize, cursor },
  });
  return productPage.parse(data);
}

export function productsQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: storeQueryKeys.products(q),
    queryFn: ({ pageParam }) => fetchProductPage(q, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The products on sale whose name matches `q`, a page at a time. */
export function useProducts(q: string) {
  return useInfiniteQuery(productsQueryOptions(q));
}
