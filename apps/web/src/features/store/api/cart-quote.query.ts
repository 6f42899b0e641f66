import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  quoteResponse,
  storePaths,
  type Quote,
  type QuoteRequest,
} from '@vitalia/api/store.contract';
import { apiClient } from '../../../lib/api-client';
import { storeQueryKeys } from './store-query-keys';

export async function fetchQuote(request: QuoteRequest): Promise<Quote> {
  const { data } = await apiClient.post(storePaths.quote, request);
  return quoteResponse.parse(data);
}

export function quoteQueryOptions(request: QuoteRequest) {
  return queryOptions({
    // The request is the key: any change of line, count, shipping or fulfilment asks again.
    queryKey: storeQueryKeys.quote(request),
    queryFn: () => fetchQuote(request),
    // Prices and stock move; a quote is worth asking again for on each visit.
    staleTime: 0,
  });
}

/**
 * The server's price of the cart: the only source of amount, VAT and total. While a changed cart
 * is re-quoted the previous answer stays on screen, marked as a placeholder.
 */
export function useCartQuote(request: QuoteRequest | null) {
  return useQuery({
    ...quoteQueryOptions(request ?? { items: [], fulfilment: 'delivery' }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}
