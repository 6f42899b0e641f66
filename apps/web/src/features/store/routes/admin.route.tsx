import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import LockPersonOutlinedIcon from '@mui/icons-material/LockPersonOutlined';
import { decodeRole, useAccessToken } from '../../../lib/token-store';
import { paths } from '../../../lib/paths';

/** Shown to anyone but an administrator; the server refuses their calls with 403 anyway. */
export function NotAllowed() {
  return (
    <Card variant="outlined" sx={{ maxWidth: 640, mx: 'auto', textAlign: 'center', py: 6, px: 3 }}>
      <LockPersonOutlinedIcon sx={{ fontSize: 56, color: 'primary.main' }} aria-hidden />
      <Typography variant="h5" component="h2" sx={{ mt: 1.5, fontWeight: 600 }}>
        This page is for the store’s administrators
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        Your account can shop and follow its own orders. Managing products and everyone’s orders
        needs an administrator account.
      </Typography>
      <Box sx={{ mt: 3, display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={paths.store} variant="contained">
          Back to the store
        </Button>
        <Button component={RouterLink} to={paths.orders}>
          Your orders
        </Button>
      </Box>
    </Card>
  );
}

const sections = [
  { label: 'Products', to: paths.storeAdminProducts },
  { label: 'Orders', to: paths.storeAdminOrders },
];

/** The store's back office (ADMIN only): products and orders, one tab each. */
export function AdminRoute() {
  const isAdmin = decodeRole(useAccessToken()) === 'ADMIN';
  const { pathname } = useLocation();
  if (!isAdmin) return <NotAllowed />;
  const current = sections.find((section) => pathname.startsWith(section.to))?.to ?? false;
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', display: 'grid', gap: 3 }}>
      <Box
        sx={{
          borderBottom: 1,
          borderColor: 'divider',
          display: 'flex',
          alignItems: 'flex-end',
          gap: 2,
          flexWrap: 'wrap',
        }}
      >
        <Tabs value={current} aria-label="Store administration" sx={{ flexGrow: 1 }}>
          {sections.map((section) => (
            <Tab
              key={section.to}
              label={section.label}
              value={section.to}
              component={RouterLink}
              to={section.to}
            />
          ))}
        </Tabs>
        <Button component={RouterLink} to={paths.store} size="small" sx={{ mb: 1 }}>
          View the shop
        </Button>
      </Box>
      <Outlet />
    </Box>
  );
}
