import { useLayoutEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { dropScreenSnapshot } from '../../lib/offline/screen-snapshot';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return 'Unknown error';
}

/**
 * Catches what a screen throws, most often a code chunk that no longer exists because a new
 * version was deployed while the page was open; reloading fetches the current one.
 */
export function RouteError() {
  const error = useRouteError();
  // A copy of the screen painted at start (src/boot.ts) must not hide what went wrong.
  useLayoutEffect(dropScreenSnapshot, []);
  return (
    <Box component="main" sx={{ maxWidth: 560, mx: 'auto', px: 3, py: 8 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Something went wrong
      </Typography>
      <Typography sx={{ mb: 2 }}>
        This page could not be shown. Reloading usually helps; if it keeps happening, please tell
        the people who run this Vitalia installation.
      </Typography>
      <Alert severity="error" sx={{ mb: 3 }}>
        {describe(error)}
      </Alert>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </Box>
  );
}
