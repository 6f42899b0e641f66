import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import RemoveIcon from '@mui/icons-material/Remove';
import { maxCountPerLine, type Product } from '@vitalia/api/store.contract';
import { addToCart, reduceInCart } from '../utils/cart-store';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import { AddToCartButton, roomFor } from './add-to-cart-button';
import { cartPath } from './cart-indicators';

/** Why + stops: the shop has no more, or one order takes no more of one product. */
function limitText(product: Product, inCart: number): string {
  return product.stock.available <= maxCountPerLine
    ? `That is all ${inCart} we have in stock.`
    : `At most ${maxCountPerLine} of one product in an order.`;
}

/**
 * The product panel's own answer to Add to cart (docs/decisions/0013-store-web.md, amendment of
 * 2026-11-29): once the product is in the cart the panel says how many, links to the cart and
 * offers − and + (within stock and maxCountPerLine) instead of a second Add to cart, so a press
 * that seemed to do nothing cannot add another by mistake. A notice outside the panel would be
 * drawn behind it and hidden from screen readers, so each change is said in a polite live region
 * inside the panel, which is there before the first press for it to be read.
 */
export function ProductPanelCart({ product, inCart }: { product: Product; inCart: number }) {
  const name = product.productName;
  const [said, setSaid] = useState('');
  const more = useRef<HTMLButtonElement>(null);
  const add = useRef<HTMLButtonElement>(null);
  // The pressed button goes away (Add to cart, or − at one): focus moves to what replaces it.
  const focusNext = useRef<'more' | 'add' | null>(null);
  useEffect(() => {
    if (focusNext.current === 'more' && inCart > 0) more.current?.focus();
    if (focusNext.current === 'add' && inCart === 0) add.current?.focus();
    focusNext.current = null;
  }, [inCart]);

  const atLimit = roomFor(product, inCart) === 0;
  const countText = `${inCart} in your cart`;

  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'flex-end',
        flexWrap: 'wrap',
        columnGap: 2,
        rowGap: 1,
      }}
    >
      <Box role="status" sx={visuallyHidden}>
        {said}
      </Box>
      {inCart === 0 ? (
        <AddToCartButton
          ref={add}
          product={product}
          inCart={0}
          onAdded={() => {
            focusNext.current = 'more';
            setSaid(`Added ${name} to your cart: 1 in your cart.`);
          }}
        />
      ) : (
        <>
          <Typography
            component="p"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontWeight: 600 }}
          >
            <CheckCircleIcon fontSize="small" color="secondary" aria-hidden />
            <span>{countText}</span>
            <span aria-hidden>·</span>
            <Link component={RouterLink} to={cartPath} sx={{ fontWeight: 600 }}>
              View cart
            </Link>
          </Typography>
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
              aria-label={inCart === 1 ? `Remove ${name} from the cart` : `One fewer ${name}`}
              onClick={() => {
                if (inCart === 1) {
                  focusNext.current = 'add';
                  setSaid(`Removed ${name} from your cart.`);
                } else {
                  setSaid(`${inCart - 1} in your cart.`);
                }
                reduceInCart(product.productID);
              }}
            >
              {inCart === 1 ? <DeleteOutlineIcon /> : <RemoveIcon />}
            </IconButton>
            <Typography
              component="span"
              aria-hidden
              sx={{ minWidth: 36, textAlign: 'center', fontWeight: 700, fontSize: '1.1rem' }}
            >
              {inCart}
            </Typography>
            <IconButton
              ref={more}
              aria-label={`One more ${name}`}
              disabled={atLimit}
              onClick={() => {
                addToCart(product.productID);
                const now = inCart + 1;
                setSaid(
                  `${now} in your cart.${roomFor(product, now) === 0 ? ` ${limitText(product, now)}` : ''}`,
                );
              }}
            >
              <AddIcon />
            </IconButton>
          </Box>
          {atLimit && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ flexBasis: '100%', textAlign: 'right' }}
            >
              {limitText(product, inCart)}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}
