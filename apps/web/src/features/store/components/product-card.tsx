import { useId } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import type { Product } from '@vitalia/api/store.contract';
import { AddToCartButton } from './add-to-cart-button';
import { ProductImage } from './product-image';
import { StockChip } from './store-chips';

interface ProductCardProps {
  product: Product;
  inCart: number;
  onOpen: (product: Product) => void;
  onAdded: (product: Product) => void;
}

/**
 * One product in the shop window: picture, name, price, stock and a way to add it. Two share a row
 * on a phone, so there the padding and type are a step smaller and the button stays 44 px high
 * (docs/decisions/0052-dense-phone-layouts.md).
 */
export function ProductCard({ product, inCart, onOpen, onAdded }: ProductCardProps) {
  const id = useId();
  return (
    <Card
      component="article"
      aria-labelledby={`${id}-name`}
      variant="outlined"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        height: '100%',
        transition: 'box-shadow 150ms, transform 150ms',
        '&:hover': { boxShadow: 4, transform: 'translateY(-2px)' },
      }}
    >
      {/* The name below is the keyboard's way in; the picture is a bigger target for a pointer. */}
      <Box onClick={() => onOpen(product)} sx={{ cursor: 'pointer', p: { xs: 1, sm: 1.5 }, pb: 0 }}>
        <ProductImage src={product.productImage} alt="" />
      </Box>
      <CardContent
        sx={{
          flexGrow: 1,
          display: 'grid',
          gap: 1,
          alignContent: 'start',
          px: { xs: 1.5, sm: 2 },
          pt: { xs: 1.5, sm: 2 },
          pb: 1,
        }}
      >
        <Typography
          id={`${id}-name`}
          variant="subtitle1"
          component="h2"
          sx={{ lineHeight: 1.3, fontSize: { xs: '0.95rem', sm: '1rem' } }}
        >
          <Link
            component="button"
            type="button"
            underline="hover"
            color="text.primary"
            onClick={() => onOpen(product)}
            sx={{ font: 'inherit', fontWeight: 600, textAlign: 'left' }}
          >
            {product.productName}
          </Link>
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography
            component="p"
            variant="h6"
            color="primary"
            sx={{ fontWeight: 700, flexGrow: 1, fontSize: { xs: '1.05rem', sm: '1.15rem' } }}
          >
            {product.formattedPrice}
          </Typography>
          <StockChip stock={product.stock} />
        </Box>
      </CardContent>
      <CardActions
        sx={{
          px: { xs: 1.5, sm: 2 },
          pb: { xs: 1.5, sm: 2 },
          pt: 0,
          flexDirection: 'column',
          alignItems: 'stretch',
          gap: 1,
        }}
      >
        <AddToCartButton
          product={product}
          inCart={inCart}
          onAdded={onAdded}
          fullWidth
          sx={{ minHeight: 44 }}
        />
        {inCart > 0 && (
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ m: '0 !important', display: 'flex', alignItems: 'center', gap: 0.5 }}
          >
            <CheckCircleIcon fontSize="inherit" color="secondary" aria-hidden />
            {inCart} in your cart
          </Typography>
        )}
      </CardActions>
    </Card>
  );
}
