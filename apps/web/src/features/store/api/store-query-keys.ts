import type { QuoteRequest } from '@vitalia/api/store.contract';

/**
 * The store's cache entries. Placing an order changes stock and the order lists; moving one
 * changes both people's views of it; these keys name what to refresh.
 */
export const storeQueryKeys = {
  all: ['store'] as const,
  products: (q: string) => ['store', 'products', q] as const,
  product: (id: string) => ['store', 'product', id] as const,
  quote: (request: QuoteRequest) => ['store', 'quote', request] as const,
  orders: ['store', 'orders'] as const,
  order: (id: string) => ['store', 'orders', id] as const,
  adminProducts: ['store', 'admin', 'products'] as const,
  adminOrdersAll: ['store', 'admin', 'orders'] as const,
  adminOrders: (params: Record<string, string>) => ['store', 'admin', 'orders', params] as const,
  pickup: ['store', 'pickup'] as const,
};
