import Button, { type ButtonProps } from '@mui/material/Button';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import { maxCountPerLine, type Product } from '@vitalia/api/store.contract';
import { addToCart } from '../utils/cart-store';

/** How many more of the product one order can take, given what the cart holds already. */
export function roomFor(product: Pick<Product, 'stock'>, inCart: number): number {
  return Math.max(0, Math.min(product.stock.available, maxCountPerLine) - inCart);
}

interface AddToCartButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  product: Product;
  inCart: number;
  onAdded: (product: Product) => void;
}

/**
 * Appends one of the product to the cart; disabled when none is left to sell. Its name starts
 * with the words it shows and ends with the product's ("Add to cart: Peak flow meter"), so voice
 * control finds it by what is on screen and a list of buttons still says which product
 * (docs/decisions/0052-dense-phone-layouts.md).
 */
export function AddToCartButton({ product, inCart, onAdded, ...props }: AddToCartButtonProps) {
  const soldOut = product.stock.state === 'out_of_stock';
  const full = !soldOut && roomFor(product, inCart) === 0;
  return (
    <Button
      variant="contained"
      startIcon={<AddShoppingCartIcon />}
      disabled={soldOut || full}
      aria-label={soldOut || full ? undefined : `Add to cart: ${product.productName}`}
      onClick={() => {
        addToCart(product.productID);
        onAdded(product);
      }}
      {...props}
    >
      {soldOut ? 'Out of stock' : full ? 'All in your cart' : 'Add to cart'}
    </Button>
  );
}
