import { Link as RouterLink, Outlet } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Wordmark } from '../../components/ui/wordmark';
import { useRouteHandle } from '../route-handle';

/** Public pages anyone may read, signed in or not: a plain bar and one readable column. */
export function SimpleLayout() {
  const { title } = useRouteHandle();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="static" elevation={0}>
        <Toolbar>
          <Link component={RouterLink} to="/" underline="none" color="inherit">
            <Wordmark tone="light" />
          </Link>
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="md" sx={{ py: { xs: 3, sm: 5 } }}>
        <Box sx={{ maxWidth: '70ch', mx: 'auto' }}>
          <Typography variant="h4" component="h1" sx={{ mb: 3, fontWeight: 500 }}>
            {title}
          </Typography>
          <Outlet />
        </Box>
      </Container>
    </Box>
  );
}
