import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import { Wordmark } from '../../components/ui/wordmark';

/**
 * A page that stands on its own, for someone without an account: the wordmark says whose site it
 * is, and nothing on it leads into the app (no bar, no drawer, no links). White, so that what is
 * read on screen is what prints.
 */
/** One column, for the header and the page alike; the paper's own margins when printed. */
const column = {
  px: { xs: 2, sm: 4 },
  maxWidth: 1040,
  mx: 'auto',
  '@media print': { p: 0, maxWidth: 'none' },
} as const;

export function BareLayout() {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.paper' }}>
      <Box component="header" sx={{ ...column, pt: { xs: 2, sm: 3 } }}>
        <Wordmark />
      </Box>
      <Box component="main" sx={{ ...column, py: { xs: 2, sm: 3 } }}>
        <Outlet />
      </Box>
    </Box>
  );
}
