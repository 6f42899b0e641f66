import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { product, storePaths, type Product } from '@vitalia/api/store.contract';
import { apiClient } from '../../../lib/api-client';
import { storeQueryKeys } from './store-query-keys';

export async function fetchProduct(id: string): Promise<Product> {
  const { data } = await apiClient.get(storePaths.product.replace(':id', encodeURIComponent(id)));
  return product.parse(data);
}

export function productQueryOptions(id: string) {
  return queryOptions({
    queryKey: storeQueryKeys.product(id),
    queryFn: () => fetchProduct(id),
    staleTime: 60_000,
  });
}

/** One product on sale; a product no longer sold answers 404. */
export function useProduct(id: string | null, placeholder?: Product) {
  return useQuery({
    ...productQueryOptions(id ?? ''),
    enabled: id !== null,
    placeholderData: placeholder,
  });
}

/** The products of the cart's lines, each fetched (and cached) on its own. */
export function useCartProducts(ids: readonly string[]) {
  return useQueries({ queries: ids.map((id) => productQueryOptions(id)) });
}
