import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { PlaceOrderRequest, QuoteRequest } from '@vitalia/api/store.contract';
import { apiErrorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { fieldProblems, hasProblemCode } from '../../../lib/server-message';
import { profileQueryKey } from '../../../api/profile.query';
import { usePlaceOrder } from '../api/place-order.mutation';
import type { CheckoutDetails, PlaceFieldError } from '../components/checkout-form';
import { checkoutKeyFor, clearCart } from '../utils/cart-store';

/**
 * Places the quoted cart with the checkout's details: on success the order's page opens and the
 * cart empties; a refusal is put beside the fields it names, and anything else is said above the
 * button (`placeError`).
 */
export function useCheckoutSubmit(quoteRequest: QuoteRequest | null) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const placing = usePlaceOrder();
  const [placeError, setPlaceError] = useState<string | null>(null);

  const place = async (details: CheckoutDetails, placeFieldError: PlaceFieldError) => {
    if (!quoteRequest) return;
    setPlaceError(null);
    const request: PlaceOrderRequest = { ...quoteRequest, ...details };
    // The same order keeps its key through double clicks, failures and reloads (cart-store).
    const idempotencyKey = checkoutKeyFor(request);
    try {
      const order = await placing.mutateAsync({ request, idempotencyKey });
      // Leave first: an emptied cart on this page would flash "Your cart is empty".
      await navigate(paths.order(order.orderID), { state: { placed: true } });
      clearCart();
    } catch (error) {
      // The address is not confirmed (or no longer): the fresh profile brings the notice back
      // above the form, and the cart stays as it is.
      if (hasProblemCode(error, 'EMAIL_NOT_CONFIRMED')) {
        void queryClient.invalidateQueries({ queryKey: profileQueryKey });
        setPlaceError(`Your order was not placed. ${apiErrorMessage(error)}`);
        return;
      }
      const all = fieldProblems(error);
      const aboutLines = all.filter((problem) => problem.field.startsWith('items'));
      const aboutDetails = all.filter((problem) => !problem.field.startsWith('items'));
      const unplaced = aboutDetails.filter(
        (problem) => !placeFieldError(problem.field, problem.message),
      );
      // Every problem now sits beside its field; nothing more to say above the button.
      if (aboutDetails.length > 0 && unplaced.length === 0 && aboutLines.length === 0) return;
      // Stock or a product may have changed since the quote: ask again, so each line says why.
      void queryClient.invalidateQueries({ queryKey: ['store', 'quote'] });
      setPlaceError(`Your order was not placed. ${apiErrorMessage(error)}`);
    }
  };

  return { place, placing: placing.isPending, placeError };
}
