import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import { paths } from '../../../lib/paths';

/** The cart page with nothing in the cart: where to find something, and the orders placed. */
export function EmptyCart() {
  return (
    <Card variant="outlined" sx={{ maxWidth: 640, mx: 'auto', textAlign: 'center', py: 6, px: 3 }}>
      <Box
        sx={{
          width: 88,
          height: 88,
          mx: 'auto',
          borderRadius: '50%',
          bgcolor: '#e8f0fb',
          color: 'primary.main',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        <ShoppingCartOutlinedIcon sx={{ fontSize: 44 }} aria-hidden />
      </Box>
      <Typography variant="h5" component="h2" sx={{ mt: 2, fontWeight: 600 }}>
        Your cart is empty
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        Find a monitor, meter or kit for the readings you keep in Vitalia.
      </Typography>
      <Box sx={{ mt: 3, display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={paths.store} variant="contained" size="large">
          Browse the store
        </Button>
        <Button component={RouterLink} to={paths.orders} size="large">
          Your orders
        </Button>
      </Box>
    </Card>
  );
}
