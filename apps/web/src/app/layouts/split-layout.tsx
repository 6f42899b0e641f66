import { Link as RouterLink, Outlet } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
// A file of its own, not inlined in the script as a data URL (Vite's default below 4 KB): phones
// hide the splash and so never download it, and the first screen's script is 2.9 KB lighter.
import splashUrl from '../../assets/splash.svg?no-inline';
import { Wordmark } from '../../components/ui/wordmark';
import { useRouteHandle } from '../route-handle';
import { paths } from '../../lib/paths';

/**
 * Spec section 2's split layout for the signed-out screens: splash left (five twelfths), screen
 * right. A CSS grid drawn by Box: MUI's Grid would add 1.8 KB of compressed script to the first
 * screen for these two columns (docs/performance.md).
 */
export function SplitLayout() {
  const { title } = useRouteHandle();
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
        minHeight: '100vh',
      }}
    >
      <Box
        data-testid="split-splash"
        aria-hidden
        sx={{
          display: { xs: 'none', md: 'block' },
          bgcolor: 'primary.main',
          backgroundImage: `url(${splashUrl})`,
          backgroundSize: 'cover',
          backgroundPosition: 'center',
        }}
      />
      <Box sx={{ display: 'flex', flexDirection: 'column', bgcolor: 'background.paper' }}>
        <Box
          component="header"
          sx={{
            px: { xs: 3, sm: 6 },
            pt: { xs: 3, sm: 5 },
            pb: 2,
            maxWidth: 640,
            width: '100%',
            mx: 'auto',
          }}
        >
          <Wordmark />
        </Box>
        <Box
          component="main"
          sx={{
            flexGrow: 1,
            px: { xs: 3, sm: 6 },
            py: 2,
            maxWidth: 640,
            width: '100%',
            mx: 'auto',
          }}
        >
          <Typography variant="h4" component="h1" sx={{ mb: 3, fontWeight: 500 }}>
            {title}
          </Typography>
          <Outlet />
        </Box>
        <Box
          component="footer"
          sx={{ px: { xs: 3, sm: 6 }, py: 3, maxWidth: 640, width: '100%', mx: 'auto' }}
        >
          <Link component={RouterLink} to={paths.policy} variant="body2">
            Privacy Policy
          </Link>
        </Box>
      </Box>
    </Box>
  );
}
