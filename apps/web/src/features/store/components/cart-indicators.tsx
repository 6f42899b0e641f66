import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import { Link as RouterLink } from 'react-router';
import { useCartCount } from '../utils/cart-store';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import { paths } from '../../../lib/paths';

export const cartPath = paths.cart;

export function cartCountText(count: number): string {
  if (count === 0) return 'Cart, empty';
  return count === 1 ? 'Cart, 1 item' : `Cart, ${count} items`;
}

/** The top bar's way to the cart: an icon with the number of items on it. */
export function CartLink() {
  const count = useCartCount();
  return (
    <IconButton
      component={RouterLink}
      to={cartPath}
      color="inherit"
      aria-label={cartCountText(count)}
    >
      <Badge badgeContent={count} color="secondary" max={99}>
        <ShoppingCartOutlinedIcon />
      </Badge>
    </IconButton>
  );
}

/** The number of items in the cart beside the drawer's Store entry; nothing when it is empty. */
export function CartCount() {
  const count = useCartCount();
  if (count === 0) return null;
  return (
    <>
      <Box
        component="span"
        aria-hidden
        sx={{
          ml: 1,
          minWidth: 24,
          height: 24,
          px: 0.75,
          borderRadius: 12,
          bgcolor: 'secondary.main',
          color: 'secondary.contrastText',
          fontSize: '0.75rem',
          fontWeight: 600,
          display: 'inline-grid',
          placeItems: 'center',
        }}
      >
        {count > 99 ? '99+' : count}
      </Box>
      <Box component="span" sx={visuallyHidden}>
        , {count === 1 ? '1 item' : `${count} items`} in your cart
      </Box>
    </>
  );
}
