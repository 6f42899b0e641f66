import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import type { Quote } from '@vitalia/api/store.contract';
import type { CartFulfilment } from '../utils/cart-store';
import { PriceBreakdown } from './price-breakdown';

interface OrderSummaryProps {
  /** The id of the checkout form that Place order submits. */
  formId: string;
  fulfilment: CartFulfilment;
  quote: Quote | undefined;
  quoting: boolean;
  problem: string | null;
  placing: boolean;
  canPlace: boolean;
  /** The account's address is not confirmed yet, so the order cannot be placed. */
  waitsForConfirmation?: boolean;
  placeError: string | null;
  /** Asks for the quote again when it failed for a reason no line can fix. */
  onRetry: (() => void) | undefined;
}

/** The server's price of the cart, what stands in the way of ordering, and Place order. */
export function OrderSummary({
  formId,
  fulfilment,
  quote,
  quoting,
  problem,
  placing,
  canPlace,
  waitsForConfirmation = false,
  placeError,
  onRetry,
}: OrderSummaryProps) {
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
          <PriceBreakdown
            price={quote}
            fulfilment={fulfilment}
            unavailable={problem !== null}
            arrivalFrom={new Date()}
          />
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
          form={formId}
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
          {waitsForConfirmation
            ? 'Confirm your email address first: open the link in the mail from Vitalia.'
            : fulfilment === 'delivery'
              ? 'Pay on delivery, by cash or card, when your order arrives.'
              : 'Pay when you collect your order.'}
        </Typography>
      </CardContent>
    </Card>
  );
}
