import { useEffect, useMemo } from 'react';
import type { QuoteRequest } from '@vitalia/api/store.contract';
import { useCartQuote } from '../api/cart-quote.query';
import { useCartProducts } from '../api/product.query';
import {
  forgetQuote,
  rememberQuote,
  useCartEntries,
  useCartFulfilment,
  useCartShippingChoices,
} from '../utils/cart-store';
import { cartProblems } from '../utils/line-problems';
import { effectiveShipping } from '../utils/shipping-text';

/**
 * The cart as the cart page shows it: the stored lines with their products and shipping, and the
 * server's quote of them (every amount on screen is the quote's), with what stops an order.
 */
export function usePricedCart() {
  const entries = useCartEntries();
  const choices = useCartShippingChoices();
  const fulfilment = useCartFulfilment();
  const productQueries = useCartProducts(entries.map((entry) => entry.productID));

  const productsSettled = productQueries.every((query) => !query.isPending);
  const lines = entries.map((entry, index) => {
    const product = productQueries[index]?.data;
    return {
      entry,
      product,
      productMissing: productQueries[index]?.isError ?? false,
      shipping: product
        ? effectiveShipping(product.shippings, choices[entry.productID])
        : undefined,
    };
  });

  const items = lines.map(({ entry, shipping }) => ({
    productID: entry.productID,
    count: entry.count,
    shippingCostID: shipping?.shippingCostID ?? null,
  }));
  const itemsKey = JSON.stringify(items);
  const quoteRequest = useMemo<QuoteRequest | null>(
    () =>
      itemsKey !== '[]' && productsSettled
        ? { items: JSON.parse(itemsKey) as QuoteRequest['items'], fulfilment }
        : null,
    [itemsKey, productsSettled, fulfilment],
  );
  const quote = useCartQuote(quoteRequest);
  const fresh = quote.isSuccess && !quote.isPlaceholderData;

  useEffect(() => {
    if (fresh) rememberQuote(quote.data);
    else if (quote.isError) forgetQuote();
  }, [fresh, quote.data, quote.isError]);

  const problems = quote.isError ? cartProblems(quote.error) : null;
  return {
    entries,
    fulfilment,
    lines,
    quoteRequest,
    quote,
    /** The quote answers the cart as it is now, not an earlier one kept on screen. */
    fresh,
    problems,
    summaryProblem: problems && summaryProblemOf(problems),
  };
}

export type PricedCart = ReturnType<typeof usePricedCart>;
export type PricedLine = PricedCart['lines'][number];

/** What the order summary says when the quote failed: the cart's own problem, or where to look. */
function summaryProblemOf(problems: NonNullable<ReturnType<typeof cartProblems>>): string {
  return (
    problems.general[0] ??
    (problems.byLine.size === 1
      ? 'One line of your cart needs a change before you can order; see the note beside it.'
      : 'Some lines of your cart need a change before you can order; see the notes beside them.')
  );
}
