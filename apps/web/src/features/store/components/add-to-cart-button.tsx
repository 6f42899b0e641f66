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

/** Appends one of the product to the cart; disabled when none is left to sell. */
export function AddToCartButton({ product, inCart, onAdded, ...props }: AddToCartButtonProps) {
  const soldOut = product.stock.state === 'out_of_stock';
  const full = !soldOut && roomFor(product, inCart) === 0;
  return (
    <Button
      variant="contained"
      startIcon={<AddShoppingCartIcon />}
      disabled={soldOut || full}
      aria-label={soldOut || full ? undefined : `Add ${product.productName} to cart`}
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
