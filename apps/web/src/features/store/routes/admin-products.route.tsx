import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { Product } from '@vitalia/api/store.contract';
import { useAdminProducts } from '../api/admin-products.query';
import { LoadError } from '../../../components/ui/load-error';
import { ProductFormDialog } from '../components/product-form-dialog';
import { ProductImage } from '../components/product-image';
import { ActiveChip, StockChip } from '../components/store-chips';
import { scrollsHiddenText, visuallyHidden } from '../../../components/ui/visually-hidden';
import { deliveryTimeText } from '../utils/shipping-text';

/** The store's currency when no product says it yet. */
const fallbackCurrency = 'NGN';

function ProductRow({ product, onEdit }: { product: Product; onEdit: (product: Product) => void }) {
  return (
    <TableRow hover sx={{ opacity: product.active ? 1 : 0.75 }}>
      <TableCell>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 220 }}>
          <ProductImage src={product.productImage} alt="" sx={{ width: 56, flexShrink: 0 }} />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }}>{product.productName}</Typography>
            <Typography variant="caption" color="text.secondary">
              {product.slug}
            </Typography>
          </Box>
        </Box>
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {product.formattedPrice}
      </TableCell>
      <TableCell>
        <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
          <Typography variant="body2">{product.stock.available}</Typography>
          <StockChip stock={product.stock} />
        </Box>
      </TableCell>
      <TableCell>
        <ActiveChip active={product.active} />
      </TableCell>
      <TableCell>
        {product.shippings.map((option) => (
          <Typography key={option.shippingCostID} variant="body2" sx={{ whiteSpace: 'nowrap' }}>
            {option.shippingMethod}: {option.costFormatted},{' '}
            {deliveryTimeText(option.deliveryTimeDays)}
          </Typography>
        ))}
      </TableCell>
      <TableCell align="right">
        <Button
          size="small"
          startIcon={<EditOutlinedIcon />}
          onClick={() => onEdit(product)}
          aria-label={`Edit ${product.productName}`}
        >
          Edit
        </Button>
      </TableCell>
    </TableRow>
  );
}

/** One product as a card: on a phone the table's six columns do not fit beside each other. */
function ProductCard({
  product,
  onEdit,
}: {
  product: Product;
  onEdit: (product: Product) => void;
}) {
  const headingId = `admin-product-${product.productID}`;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{
        listStyle: 'none',
        p: 2,
        display: 'grid',
        gap: 1.25,
        opacity: product.active ? 1 : 0.75,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <ProductImage src={product.productImage} alt="" sx={{ width: 56, flexShrink: 0 }} />
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography id={headingId} component="h2" sx={{ fontWeight: 600 }}>
            {product.productName}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {product.slug}
          </Typography>
        </Box>
        <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
          {product.formattedPrice}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="body2">{product.stock.available} in stock</Typography>
        <StockChip stock={product.stock} />
        <ActiveChip active={product.active} />
      </Box>
      <Box>
        {product.shippings.map((option) => (
          <Typography key={option.shippingCostID} variant="body2" color="text.secondary">
            {option.shippingMethod}: {option.costFormatted},{' '}
            {deliveryTimeText(option.deliveryTimeDays)}
          </Typography>
        ))}
      </Box>
      <Box>
        <Button
          size="small"
          variant="outlined"
          startIcon={<EditOutlinedIcon />}
          onClick={() => onEdit(product)}
          aria-label={`Edit ${product.productName}`}
        >
          Edit
        </Button>
      </Box>
    </Paper>
  );
}

/** Every product, on sale or retired, to add, reprice, restock, retire or reship (ADMIN only). */
export function AdminProductsRoute() {
  const products = useAdminProducts();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const items = useMemo(
    () => products.data?.pages.flatMap((page) => page.items) ?? [],
    [products.data],
  );
  const currency = items[0]?.currency ?? fallbackCurrency;
  const [editing, setEditing] = useState<{ product: Product | null } | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  let body;
  if (products.isPending) {
    body = <Skeleton variant="rounded" height={320} />;
  } else if (products.isError) {
    body = (
      <LoadError
        what="The products"
        error={products.error}
        onRetry={() => void products.refetch()}
      />
    );
  } else {
    const edit = (chosen: Product) => setEditing({ product: chosen });
    body = (
      <>
        {phone ? (
          <Box component="ul" aria-label="Products" sx={{ m: 0, p: 0, display: 'grid', gap: 1.5 }}>
            {items.map((product) => (
              <ProductCard key={product.productID} product={product} onEdit={edit} />
            ))}
          </Box>
        ) : (
          <TableContainer component={Paper} variant="outlined" sx={scrollsHiddenText}>
            <Table aria-label="Products" size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Product</TableCell>
                  <TableCell align="right">Price</TableCell>
                  <TableCell>Stock</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Shipping</TableCell>
                  <TableCell align="right">
                    <Box component="span" sx={visuallyHidden}>
                      Actions
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((product) => (
                  <ProductRow key={product.productID} product={product} onEdit={edit} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {products.hasNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            <Button
              variant="outlined"
              onClick={() => void products.fetchNextPage()}
              loading={products.isFetchingNextPage}
            >
              Load more
            </Button>
          </Box>
        )}
      </>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          Retired products stay in past orders but are no longer sold. Prices are in {currency}.
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setEditing({ product: null })}
        >
          New product
        </Button>
      </Box>
      {body}
      <ProductFormDialog
        open={editing !== null}
        product={editing?.product ?? null}
        currency={currency}
        onClose={() => setEditing(null)}
        onSaved={(product) => {
          setEditing(null);
          setSaved(`${product.productName} is saved.`);
        }}
      />
      <Snackbar
        open={saved !== null}
        autoHideDuration={5000}
        onClose={() => setSaved(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity="success"
          variant="filled"
          onClose={() => setSaved(null)}
          sx={{ width: '100%' }}
        >
          {saved}
        </Alert>
      </Snackbar>
    </Box>
  );
}
