import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  product,
  productInput,
  productPatch,
  storePaths,
  type Product,
  type ProductInput,
} from '@vitalia/api/store.contract';
import { apiClient } from '../../../lib/api-client';
import { storeQueryKeys } from './store-query-keys';

export interface SaveProductCall {
  /** Absent for a new product. */
  productID?: string | undefined;
  input: ProductInput;
}

export async function saveProduct({ productID, input }: SaveProductCall): Promise<Product> {
  const { data } = productID
    ? await apiClient.put(
        storePaths.adminProduct.replace(':id', encodeURIComponent(productID)),
        productPatch.parse(input),
      )
    : await apiClient.post(storePaths.adminProducts, productInput.parse(input));
  return product.parse(data);
}

/** Creates or changes a product (ADMIN only); the shop window and the admin list refresh. */
export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProduct,
    onSuccess: (saved) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: storeQueryKeys.adminProducts }),
        queryClient.invalidateQueries({ queryKey: ['store', 'products'] }),
        queryClient.invalidateQueries({ queryKey: storeQueryKeys.product(saved.productID) }),
      ]),
  });
}
