import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Product } from '@vitalia/api/store.contract';
import { pickupText, usePickupPlace } from '../api/pickup.query';
import { useProduct } from '../api/product.query';
import { deliveryTimeText } from '../utils/shipping-text';
import { LoadError } from '../../../components/ui/load-error';
import { ProductImage } from './product-image';
import { ProductPanelCart } from './product-panel-cart';
import { StockChip } from './store-chips';

interface ProductDialogProps {
  /** The product to show; null when the dialog is closed. */
  productID: string | null;
  /** What the shop window already knows of it, shown at once while the details load. */
  known: Product | undefined;
  inCart: (productID: string) => number;
  onClose: () => void;
}

function ProductDetails({ product }: { product: Product }) {
  const pickup = usePickupPlace();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography component="p" variant="h5" color="primary" sx={{ fontWeight: 700 }}>
          {product.formattedPrice}
        </Typography>
        <StockChip stock={product.stock} />
      </Box>
      <Typography sx={{ whiteSpace: 'pre-line' }}>{product.description}</Typography>
      <Box component="section" aria-labelledby="product-shipping-heading">
        <Typography
          id="product-shipping-heading"
          variant="subtitle1"
          component="h3"
          sx={{ fontWeight: 600, mb: 0.5 }}
        >
          Delivery options
        </Typography>
        <Table size="small" aria-labelledby="product-shipping-heading">
          <TableHead>
            <TableRow>
              <TableCell>Method</TableCell>
              <TableCell align="right">Cost</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                Arrives in
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {product.shippings.map((option) => (
              <TableRow key={option.shippingCostID}>
                <TableCell>{option.shippingMethod}</TableCell>
                <TableCell align="right">{option.costFormatted}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {deliveryTimeText(option.deliveryTimeDays)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Or pick it up at no shipping cost, at {pickupText(pickup.data)}. You pay on delivery or
          when you collect.
        </Typography>
      </Box>
    </Box>
  );
}

/** A product's full description and its delivery options, over the shop window. */
export function ProductDialog({ productID, known, inCart, onClose }: ProductDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const query = useProduct(productID, known);
  const product = query.data;

  return (
    <Dialog
      open={productID !== null}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
    >
      <DialogTitle>{product?.productName ?? 'Product'}</DialogTitle>
      <DialogContent dividers>
        {query.isError && !product ? (
          <LoadError what="This product" error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <Box
            sx={{
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 5fr) minmax(0, 7fr)' },
              alignItems: 'start',
            }}
          >
            {product ? (
              <ProductImage src={product.productImage} alt={product.productName} />
            ) : (
              <Skeleton variant="rounded" sx={{ aspectRatio: '4 / 3', height: 'auto' }} />
            )}
            {product ? (
              <ProductDetails product={product} />
            ) : (
              <Box>
                <Skeleton width="40%" sx={{ fontSize: '2rem' }} />
                <Skeleton />
                <Skeleton />
                <Skeleton width="70%" />
              </Box>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: { xs: 2, sm: 3 }, py: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <Button onClick={onClose}>Close</Button>
        {product && (
          <Box sx={{ flex: '1 1 auto', ml: 'auto' }}>
            <ProductPanelCart product={product} inCart={inCart(product.productID)} />
          </Box>
        )}
      </DialogActions>
    </Dialog>
  );
}
