import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import RemoveIcon from '@mui/icons-material/Remove';
import type { Product, Quote, ShippingOption } from '@vitalia/api/store.contract';
import {
  addToCart,
  chooseShipping,
  reduceInCart,
  removeFromCart,
  type CartEntry,
  type CartFulfilment,
} from '../utils/cart-store';
import { arrivalText, shippingOptionText } from '../utils/shipping-text';
import { roomFor } from './add-to-cart-button';
import { ProductImage } from './product-image';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import { paths } from '../../../lib/paths';

export interface CartLineProps {
  entry: CartEntry;
  product: Product | undefined;
  /** The product could not be loaded: usually no longer sold. */
  productMissing: boolean;
  fulfilment: CartFulfilment;
  shipping: ShippingOption | undefined;
  /** This line as the server priced it; undefined until quoted or when the quote failed. */
  quoted: Quote['lines'][number] | undefined;
  /** A quote is on its way; amounts on screen may be about to change. */
  quoting: boolean;
  problems: string[];
}

const lineGrid = {
  display: 'grid',
  columnGap: { xs: 1.5, sm: 2 },
  rowGap: 1,
  gridTemplateColumns: { xs: '72px minmax(0, 1fr)', sm: '104px minmax(0, 1fr) auto' },
  gridTemplateAreas: {
    xs: '"picture info" "shipping shipping" "amount amount" "problems problems"',
    sm: '"picture info amount" "picture shipping shipping" "problems problems problems"',
  },
  py: 2.5,
} as const;

function QuantityStepper({
  entry,
  product,
  name,
}: {
  entry: CartEntry;
  product: Product | undefined;
  name: string;
}) {
  const atLimit = product ? roomFor(product, entry.count) === 0 : true;
  return (
    <Box
      role="group"
      aria-label={`Quantity of ${name}`}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        border: 1,
        borderColor: 'divider',
        borderRadius: 5,
      }}
    >
      <IconButton
        size="small"
        aria-label={`One fewer ${name}`}
        disabled={entry.count <= 1}
        onClick={() => reduceInCart(entry.productID)}
      >
        <RemoveIcon fontSize="small" />
      </IconButton>
      <Typography
        component="output"
        aria-live="polite"
        sx={{ minWidth: 32, textAlign: 'center', fontWeight: 600 }}
      >
        {entry.count}
        <Box component="span" sx={visuallyHidden}>
          {' '}
          in your cart
        </Box>
      </Typography>
      <IconButton
        size="small"
        aria-label={`One more ${name}`}
        disabled={atLimit}
        onClick={() => addToCart(entry.productID)}
      >
        <AddIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

/** One product of the cart: its count, its shipping and what the server charges for it. */
export function CartLine({
  entry,
  product,
  productMissing,
  fulfilment,
  shipping,
  quoted,
  quoting,
  problems,
}: CartLineProps) {
  const id = useId();
  const name = product?.productName ?? quoted?.productName ?? 'This product';
  const now = new Date();

  if (!product && !productMissing) {
    return (
      <Box component="li" sx={{ ...lineGrid, listStyle: 'none' }} aria-busy="true">
        <Skeleton
          variant="rounded"
          sx={{ gridArea: 'picture', aspectRatio: '4 / 3', height: 'auto' }}
        />
        <Box sx={{ gridArea: 'info' }}>
          <Skeleton width="60%" sx={{ fontSize: '1.2rem' }} />
          <Skeleton width="30%" />
          <Skeleton variant="rounded" height={40} sx={{ mt: 1 }} />
        </Box>
      </Box>
    );
  }

  return (
    <Box component="li" aria-labelledby={`${id}-name`} sx={{ ...lineGrid, listStyle: 'none' }}>
      <Box sx={{ gridArea: 'picture', alignSelf: 'start' }}>
        <ProductImage src={product?.productImage ?? null} alt="" />
      </Box>
      <Box sx={{ gridArea: 'info', minWidth: 0, display: 'grid', gap: 1, alignContent: 'start' }}>
        <Box>
          <Typography
            id={`${id}-name`}
            component="h3"
            variant="subtitle1"
            sx={{ fontWeight: 600, lineHeight: 1.3 }}
          >
            {product ? (
              <Link
                component={RouterLink}
                to={paths.product(product.productID)}
                color="inherit"
                underline="hover"
              >
                {product.productName}
              </Link>
            ) : (
              'A product no longer in the store'
            )}
          </Typography>
          {product && (
            <Typography variant="body2" color="text.secondary">
              {product.formattedPrice} each
            </Typography>
          )}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          {product && <QuantityStepper entry={entry} product={product} name={name} />}
          <Button
            size="small"
            color="inherit"
            startIcon={<DeleteOutlineIcon />}
            onClick={() => removeFromCart(entry.productID)}
            aria-label={`Remove ${name} from the cart`}
            sx={{ color: 'text.secondary' }}
          >
            Remove
          </Button>
        </Box>
      </Box>
      {product && (
        <Box sx={{ gridArea: 'shipping', minWidth: 0 }}>
          {fulfilment === 'delivery' ? (
            <TextField
              select
              size="small"
              fullWidth
              label="Shipping"
              value={shipping?.shippingCostID ?? ''}
              onChange={(event) => chooseShipping(entry.productID, event.target.value)}
              // When each option would arrive if ordered now (docs/decisions/0013-store-web.md,
              // amendment of 2026-11-29): in the list, and under the chosen one.
              helperText={shipping ? arrivalText(shipping.deliveryTimeDays, now) : undefined}
              slotProps={{
                select: {
                  renderValue: () => (shipping ? shippingOptionText(shipping) : ''),
                },
              }}
            >
              {product.shippings.map((option) => (
                <MenuItem
                  key={option.shippingCostID}
                  value={option.shippingCostID}
                  sx={{ display: 'block', whiteSpace: 'normal' }}
                >
                  {option.shippingMethod} · {option.costFormatted}
                  <Typography
                    component="span"
                    variant="body2"
                    color="text.secondary"
                    sx={{ display: 'block' }}
                  >
                    {arrivalText(option.deliveryTimeDays, now)}
                  </Typography>
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <Typography variant="body2" color="text.secondary">
              Pickup: no shipping cost
            </Typography>
          )}
        </Box>
      )}
      <Box
        sx={{
          gridArea: 'amount',
          textAlign: { xs: 'left', sm: 'right' },
          minWidth: { sm: 112 },
          opacity: quoting ? 0.55 : 1,
          transition: 'opacity 150ms',
        }}
      >
        {quoted ? (
          <>
            <Typography component="p" sx={{ fontWeight: 700, fontSize: '1.05rem' }}>
              <Box component="span" sx={visuallyHidden}>
                Line total{' '}
              </Box>
              {quoted.formattedAmount}
            </Typography>
          </>
        ) : problems.length === 0 && product ? (
          <Skeleton width={88} sx={{ ml: { sm: 'auto' }, fontSize: '1.05rem' }} />
        ) : null}
      </Box>
      {problems.length > 0 && (
        <Alert severity="warning" sx={{ gridArea: 'problems' }}>
          {problems.join(' ')}
        </Alert>
      )}
    </Box>
  );
}
