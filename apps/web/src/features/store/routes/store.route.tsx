import { useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import { bannerButtonSx, PageBanner } from '../../../components/ui/page-banner';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import type { Product } from '@vitalia/api/store.contract';
import { useCartIds } from '../utils/cart-store';
import { useAddressSearch } from '../../../lib/address-search.hook';
import { useSetSearchParam } from '../../../lib/search-param.hook';
import { decodeRole, useAccessToken } from '../../../lib/token-store';
import { useProducts } from '../api/products.query';
import { cartPath } from '../components/cart-indicators';
import { NoResults } from '../../../components/ui/no-results';
import { PagedList } from '../../../components/ui/paged-list';
import { SearchForm } from '../../../components/ui/search-form';
import { ProductCard } from '../components/product-card';
import { ProductDialog } from '../components/product-dialog';
import { paths } from '../../../lib/paths';

// Two products a row on a phone, where one a row made twelve products six screens; from a tablet
// up as many 240 px cards as fit (docs/decisions/0052-dense-phone-layouts.md).
const grid = {
  display: 'grid',
  gap: { xs: 1.5, sm: 3 },
  gridTemplateColumns: {
    xs: 'repeat(2, minmax(0, 1fr))',
    sm: 'repeat(auto-fill, minmax(240px, 1fr))',
  },
} as const;

function LoadingCards() {
  return (
    <Box sx={grid} aria-busy="true" aria-label="Loading products">
      {Array.from({ length: 6 }, (_, index) => (
        <Card key={index} variant="outlined" sx={{ p: 1.5 }}>
          <Skeleton variant="rounded" sx={{ aspectRatio: '4 / 3', height: 'auto' }} />
          <Skeleton sx={{ mt: 2, fontSize: '1.2rem' }} />
          <Skeleton width="50%" />
          <Skeleton variant="rounded" height={36} sx={{ mt: 2 }} />
        </Card>
      ))}
    </Box>
  );
}

function StoreHeader({ isAdmin }: { isAdmin: boolean }) {
  return (
    <PageBanner
      heading="Devices for the readings you track"
      text="Monitors, meters and kits chosen for the measures in Vitalia. Delivered to your door or ready for pickup, and you pay when it reaches you."
      actions={
        <>
          <Button
            component={RouterLink}
            to={paths.orders}
            variant="contained"
            color="inherit"
            startIcon={<ReceiptLongOutlinedIcon />}
            sx={bannerButtonSx}
          >
            My orders
          </Button>
          {isAdmin && (
            <Button
              component={RouterLink}
              to={paths.storeAdmin}
              variant="outlined"
              color="inherit"
              startIcon={<AdminPanelSettingsOutlinedIcon />}
            >
              Manage the store
            </Button>
          )}
        </>
      }
    />
  );
}

/** In place of the products: none match the search, or none are on sale. */
function NoProducts({ q, onShowAll }: { q: string; onShowAll: () => void }) {
  return (
    <NoResults
      title={q ? `No products match “${q}”` : 'The store has no products on sale right now'}
    >
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        {q ? 'Try a shorter word, such as “meter” or “thermometer”.' : 'Please come back soon.'}
      </Typography>
      {q && (
        <Button sx={{ mt: 2 }} variant="outlined" onClick={onShowAll}>
          Show all products
        </Button>
      )}
    </NoResults>
  );
}

/** The shop window: products with search, paging, details in a dialog, and Add to cart. */
export function StoreRoute() {
  const [searchParams] = useSearchParams();
  const search = useAddressSearch();
  const { q } = search;
  const openID = searchParams.get('product');
  const isAdmin = decodeRole(useAccessToken()) === 'ADMIN';
  const cartIds = useCartIds();
  const inCart = useMemo(() => {
    const counts = new Map<string, number>();
    for (const id of cartIds) counts.set(id, (counts.get(id) ?? 0) + 1);
    return (productID: string) => counts.get(productID) ?? 0;
  }, [cartIds]);
  const [added, setAdded] = useState<{ name: string; at: number } | null>(null);

  const products = useProducts(q);
  const items = useMemo(
    () => products.data?.pages.flatMap((page) => page.items) ?? [],
    [products.data],
  );

  // An open product is a step of its own (back closes it); closing it is not.
  const setSearchParam = useSetSearchParam();
  const open = (product: Product) =>
    setSearchParam('product', product.productID, { replace: false });
  const close = () => setSearchParam('product', undefined);
  // Adding from a card is said here; the product panel says it itself (product-panel-cart.tsx).
  const onAdded = (product: Product) => setAdded({ name: product.productName, at: Date.now() });

  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto', display: 'grid', gap: 3 }}>
      <StoreHeader isAdmin={isAdmin} />
      <SearchForm
        search={search}
        label="Search products"
        maxWidth={420}
        status={
          products.isSuccess &&
          items.length > 0 &&
          (q ? `Results for “${q}”` : 'All products, A to Z')
        }
      />
      <PagedList
        pages={products}
        what="products"
        loading={<LoadingCards />}
        isEmpty={items.length === 0}
        empty={<NoProducts q={q} onShowAll={() => search.setText('')} />}
      >
        <Box component="section" aria-label="Products" sx={grid}>
          {items.map((product) => (
            <ProductCard
              key={product.productID}
              product={product}
              inCart={inCart(product.productID)}
              onOpen={open}
              onAdded={onAdded}
            />
          ))}
        </Box>
      </PagedList>
      <ProductDialog
        productID={openID}
        known={items.find((product) => product.productID === openID)}
        inCart={inCart}
        onClose={close}
      />
      <Snackbar
        key={added?.at}
        open={added !== null}
        autoHideDuration={5000}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setAdded(null);
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity="success"
          variant="filled"
          action={
            <Button component={RouterLink} to={cartPath} color="inherit" size="small">
              View cart
            </Button>
          }
          sx={{ width: '100%', alignItems: 'center' }}
        >
          Added {added?.name} to your cart.
        </Alert>
      </Snackbar>
    </Box>
  );
}
