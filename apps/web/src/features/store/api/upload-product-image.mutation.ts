import { useMutation, useQueryClient } from '@tanstack/react-query';
import { product, storePaths, type Product } from '@vitalia/api/store.contract';
import { apiClient } from '../../../lib/api-client';
import { storeQueryKeys } from './store-query-keys';

export interface UploadProductImageCall {
  productID: string;
  file: File;
}

export async function uploadProductImage({
  productID,
  file,
}: UploadProductImageCall): Promise<Product> {
  const body = new FormData();
  body.append('file', file);
  const { data } = await apiClient.post(
    storePaths.adminProductImage.replace(':id', encodeURIComponent(productID)),
    body,
  );
  return product.parse(data);
}

/** Uploads a product's picture, which the server sets at once (ADMIN only); lists refresh. */
export function useUploadProductImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProductImage,
    onSuccess: (saved) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: storeQueryKeys.adminProducts }),
        queryClient.invalidateQueries({ queryKey: ['store', 'products'] }),
        queryClient.invalidateQueries({ queryKey: storeQueryKeys.product(saved.productID) }),
      ]),
  });
}
