import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import DeleteSweepOutlinedIcon from '@mui/icons-material/DeleteSweepOutlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import type { Profile } from '@vitalia/api/identity.contract';
import type { PlaceOrderRequest, Quote, QuoteRequest } from '@vitalia/api/store.contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { apiErrorMessage } from '../../../lib/api-client';
import {
  cartDetails,
  checkoutKeyFor,
  chooseFulfilment,
  clearCart,
  forgetQuote,
  rememberQuote,
  useCartEntries,
  useCartFulfilment,
  useCartShippingChoices,
  type CartFulfilment,
} from '../utils/cart-store';
import { fieldProblems } from '../../../lib/server-message';
import { useCartQuote } from '../api/cart-quote.query';
import { pickupText, usePickupPlace } from '../api/pickup.query';
import { usePlaceOrder } from '../api/place-order.mutation';
import { useCartProducts } from '../api/product.query';
import { useProfile } from '../../../api/profile.query';
import { CartLine } from '../components/cart-line';
import { PriceBreakdown } from '../components/price-breakdown';
import {
  CheckoutForm,
  type CheckoutDetails,
  type CheckoutFormValues,
  type PlaceFieldError,
} from '../components/checkout-form';
import { cartProblems } from '../utils/line-problems';
import { unitsText } from '../utils/order-text';
import { effectiveShipping } from '../utils/shipping-text';
import { paths } from '../../../lib/paths';

const checkoutFormId = 'checkout-form';

/** What the cart's details start from: what was typed here before, else the profile. */
function initialDetails(profile: Profile | undefined): CheckoutFormValues {
  const stored = cartDetails();
  return {
    firstName: stored.firstName ?? profile?.firstName ?? '',
    surname: stored.surname ?? profile?.lastName ?? '',
    phone: stored.phone ?? profile?.phoneNo ?? '',
    email: stored.email ?? profile?.emailAddress ?? profile?.username ?? '',
    address: stored.address ?? '',
    city: stored.city ?? '',
    state: stored.state ?? '',
  };
}

function EmptyCart() {
  return (
    <Card variant="outlined" sx={{ maxWidth: 640, mx: 'auto', textAlign: 'center', py: 6, px: 3 }}>
      <Box
        sx={{
          width: 88,
          height: 88,
          mx: 'auto',
          borderRadius: '50%',
          bgcolor: '#e8f0fb',
          color: 'primary.main',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        <ShoppingCartOutlinedIcon sx={{ fontSize: 44 }} aria-hidden />
      </Box>
      <Typography variant="h5" component="h2" sx={{ mt: 2, fontWeight: 600 }}>
        Your cart is empty
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        Find a monitor, meter or kit for the readings you keep in Vitalia.
      </Typography>
      <Box sx={{ mt: 3, display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={paths.store} variant="contained" size="large">
          Browse the store
        </Button>
        <Button component={RouterLink} to={paths.orders} size="large">
          Your orders
        </Button>
      </Box>
    </Card>
  );
}

function FulfilmentChoice({ fulfilment }: { fulfilment: CartFulfilment }) {
  return (
    <ToggleButtonGroup
      exclusive
      fullWidth
      color="primary"
      value={fulfilment}
      onChange={(_event, value: CartFulfilment | null) => {
        if (value) chooseFulfilment(value);
      }}
      aria-labelledby="details-heading"
      sx={{ mb: 1.5 }}
    >
      <ToggleButton value="delivery" sx={{ gap: 1, textTransform: 'none', fontWeight: 600 }}>
        <LocalShippingOutlinedIcon fontSize="small" aria-hidden />
        Delivery
      </ToggleButton>
      <ToggleButton value="pickup" sx={{ gap: 1, textTransform: 'none', fontWeight: 600 }}>
        <StorefrontOutlinedIcon fontSize="small" aria-hidden />
        Pickup
      </ToggleButton>
    </ToggleButtonGroup>
  );
}

interface SummaryProps {
  fulfilment: CartFulfilment;
  quote: Quote | undefined;
  quoting: boolean;
  problem: string | null;
  placing: boolean;
  canPlace: boolean;
  placeError: string | null;
  /** Asks for the quote again when it failed for a reason no line can fix. */
  onRetry: (() => void) | undefined;
}

function OrderSummary({
  fulfilment,
  quote,
  quoting,
  problem,
  placing,
  canPlace,
  placeError,
  onRetry,
}: SummaryProps) {
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby="order-summary-heading"
      sx={{ position: { lg: 'sticky' }, top: { lg: 88 } }}
    >
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography id="order-summary-heading" variant="h6" component="h2">
          Order summary
        </Typography>
        <Box aria-busy={quoting} sx={{ opacity: quoting ? 0.55 : 1, transition: 'opacity 150ms' }}>
          <PriceBreakdown price={quote} fulfilment={fulfilment} unavailable={problem !== null} />
        </Box>
        {problem && (
          <Alert
            severity="warning"
            action={
              onRetry && (
                <Button color="inherit" size="small" onClick={onRetry}>
                  Retry
                </Button>
              )
            }
          >
            {problem}
          </Alert>
        )}
        {placeError && (
          <Alert severity="error" role="alert">
            {placeError}
          </Alert>
        )}
        <Button
          type="submit"
          form={checkoutFormId}
          variant="contained"
          color="secondary"
          size="large"
          disabled={!canPlace || placing}
          loading={placing}
          startIcon={<LockOutlinedIcon />}
          sx={{ py: 1.5, fontSize: '1rem' }}
        >
          Place order
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          {fulfilment === 'delivery'
            ? 'Pay on delivery, by cash or card, when your order arrives.'
            : 'Pay when you collect your order.'}
        </Typography>
      </CardContent>
    </Card>
  );
}

/**
 * The cart and its checkout (docs/decisions/0013-store-web.md). Lines, counts, shipping and delivery or pickup
 * live in local storage (utils/cart-store); every amount on screen is the server's quote of them.
 */
export function CartRoute() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const entries = useCartEntries();
  const choices = useCartShippingChoices();
  const fulfilment = useCartFulfilment();
  const productQueries = useCartProducts(entries.map((entry) => entry.productID));
  const profile = useProfile();
  const placing = usePlaceOrder();
  const pickup = usePickupPlace();
  const [placeError, setPlaceError] = useState<string | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);

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
  const summaryProblem = problems
    ? (problems.general[0] ??
      (problems.byLine.size === 1
        ? 'One line of your cart needs a change before you can order; see the note beside it.'
        : 'Some lines of your cart need a change before you can order; see the notes beside them.'))
    : null;

  if (entries.length === 0) return <EmptyCart />;

  const unitCount = entries.reduce((sum, entry) => sum + entry.count, 0);

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
        <Card variant="outlined" component="section" aria-labelledby="cart-lines-heading">
          <CardContent sx={{ pb: '8px !important' }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
              <Typography id="cart-lines-heading" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
                Your cart{' '}
                <Typography component="span" color="text.secondary">
                  ({unitsText(unitCount)})
                </Typography>
              </Typography>
              <Button component={RouterLink} to={paths.store} size="small">
                Keep shopping
              </Button>
            </Box>
            <Box
              component="ul"
              aria-labelledby="cart-lines-heading"
              sx={{ m: 0, p: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}
            >
              {lines.map((line, index) => (
                <CartLine
                  key={line.entry.productID}
                  entry={line.entry}
                  product={line.product}
                  productMissing={line.productMissing}
                  fulfilment={fulfilment}
                  shipping={line.shipping}
                  quoted={quote.data?.lines.find(
                    (quoted) => quoted.productID === line.entry.productID,
                  )}
                  quoting={quote.isFetching}
                  problems={problems?.byLine.get(index) ?? []}
                />
              ))}
            </Box>
            {/* Under the lines, where it reads as an action on them, not as news about the cart. */}
            <Box
              sx={{
                display: 'flex',
                justifyContent: 'flex-end',
                borderTop: 1,
                borderColor: 'divider',
                pt: 1,
              }}
            >
              <Button
                size="small"
                color="inherit"
                startIcon={<DeleteSweepOutlinedIcon />}
                onClick={() => setConfirmClear(true)}
                sx={{ color: 'text.secondary' }}
              >
                Empty cart
              </Button>
            </Box>
          </CardContent>
        </Card>

        <Card variant="outlined" component="section" aria-labelledby="details-heading">
          <CardContent>
            <Typography id="details-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
              How would you like to get it?
            </Typography>
            <FulfilmentChoice fulfilment={fulfilment} />
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
              {fulfilment === 'delivery'
                ? 'We bring it to your door and call when it arrives. Products sent the same way travel together and pay one delivery.'
                : `No shipping cost. Collect it at ${pickupText(pickup.data)}; we email you when it is ready.`}
            </Typography>
            {profile.isPending ? (
              <Box sx={{ display: 'grid', gap: 2 }}>
                <Skeleton variant="rounded" height={40} />
                <Skeleton variant="rounded" height={40} />
              </Box>
            ) : (
              <CheckoutForm
                id={checkoutFormId}
                fulfilment={fulfilment}
                initial={initialDetails(profile.data)}
                disabled={placing.isPending}
                onPlace={place}
              />
            )}
          </CardContent>
        </Card>
      </Box>

      <OrderSummary
        fulfilment={fulfilment}
        quote={quote.data}
        quoting={quote.isFetching}
        problem={summaryProblem}
        onRetry={problems && problems.byLine.size === 0 ? () => void quote.refetch() : undefined}
        placing={placing.isPending}
        canPlace={fresh && !quote.isFetching && !profile.isPending}
        placeError={placeError}
      />

      <ConfirmDialog
        open={confirmClear}
        title="Empty your cart?"
        message="Every product leaves the cart. Your delivery details stay for next time."
        confirmLabel="Empty cart"
        destructive
        onConfirm={() => {
          clearCart();
          setConfirmClear(false);
        }}
        onCancel={() => setConfirmClear(false)}
      />
    </Box>
  );
}
