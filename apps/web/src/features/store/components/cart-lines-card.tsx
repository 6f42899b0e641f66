import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import DeleteSweepOutlinedIcon from '@mui/icons-material/DeleteSweepOutlined';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { paths } from '../../../lib/paths';
import type { PricedCart } from '../hooks/priced-cart.hook';
import { clearCart } from '../utils/cart-store';
import { unitsText } from '../utils/order-text';
import { CartLine } from './cart-line';
import { checkoutDetailsId } from './delivery-details';

/**
 * The checkout comes after every line's link, count, Remove and shipping: with three products,
 * twenty stops of Tab, and three screens on a phone. This goes there in one, and the next Tab is
 * Delivery or Pickup (docs/decisions/0052-dense-phone-layouts.md).
 */
function GoToCheckout() {
  return (
    <Button
      href={`#${checkoutDetailsId}`}
      size="small"
      variant="outlined"
      endIcon={<ArrowDownwardIcon />}
      onClick={(event) => {
        const details = document.getElementById(checkoutDetailsId);
        if (!details) return;
        // Focus, not the address's fragment alone: the next Tab then starts from there.
        event.preventDefault();
        details.focus();
      }}
    >
      Go to checkout
    </Button>
  );
}

/** The cart's lines, each with its quoted amount and its problems, and a way to empty the cart. */
export function CartLinesCard({ cart }: { cart: PricedCart }) {
  const { entries, lines, fulfilment, quote, problems } = cart;
  const [confirmClear, setConfirmClear] = useState(false);
  const unitCount = entries.reduce((sum, entry) => sum + entry.count, 0);
  return (
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
          <GoToCheckout />
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
              quoted={quote.data?.lines.find((quoted) => quoted.productID === line.entry.productID)}
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
    </Card>
  );
}
