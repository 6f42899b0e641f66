import Box from '@mui/material/Box';
import { useProfile } from '../../../api/profile.query';
import { CartLinesCard } from '../components/cart-lines-card';
import { ConfirmAddressNotice } from '../components/confirm-address-notice';
import { DeliveryDetails } from '../components/delivery-details';
import { EmptyCart } from '../components/empty-cart';
import { OrderSummary } from '../components/order-summary';
import { useCheckoutSubmit } from '../hooks/checkout-submit.hook';
import { usePricedCart } from '../hooks/priced-cart.hook';

const checkoutFormId = 'checkout-form';

/**
 * The cart and its checkout (docs/decisions/0013-store-web.md). Lines, counts, shipping and delivery or pickup
 * live in local storage (utils/cart-store); every amount on screen is the server's quote of them.
 */
export function CartRoute() {
  const cart = usePricedCart();
  const profile = useProfile();
  const { place, placing, placeError } = useCheckoutSubmit(cart.quoteRequest);
  const { quote, problems } = cart;
  // The server refuses an order from an unconfirmed address; the notice above the form says why.
  const unconfirmed = profile.data?.emailVerified === false;

  if (cart.entries.length === 0) return <EmptyCart />;

  return (
    <Box
      sx={{
        maxWidth: 1200,
        mx: 'auto',
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 360px' },
        alignItems: 'start',
      }}
    >
      <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
        <CartLinesCard cart={cart} />
        <ConfirmAddressNotice />
        <DeliveryDetails
          formId={checkoutFormId}
          fulfilment={cart.fulfilment}
          placing={placing}
          onPlace={place}
        />
      </Box>

      <OrderSummary
        formId={checkoutFormId}
        fulfilment={cart.fulfilment}
        quote={quote.data}
        quoting={quote.isFetching}
        problem={cart.summaryProblem}
        onRetry={problems && problems.byLine.size === 0 ? () => void quote.refetch() : undefined}
        placing={placing}
        canPlace={cart.fresh && !quote.isFetching && !profile.isPending && !unconfirmed}
        waitsForConfirmation={unconfirmed}
        placeError={placeError}
      />
    </Box>
  );
}
