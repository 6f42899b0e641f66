import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { signInPath } from '../../../lib/sign-in-url';
import { useAccessToken } from '../../../lib/token-store';

function confirmedUsername(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('username' in state)) return null;
  return typeof state.username === 'string' ? state.username : null;
}

/** After a verification link worked; open to everyone, like the link's own page. */
export function EmailVerifiedRoute() {
  const { state } = useLocation();
  const signedIn = useAccessToken() !== null;
  const username = confirmedUsername(state);

  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <CheckCircleIcon color="success" sx={{ fontSize: 40 }} aria-hidden />
        <Box>
          <Typography variant="h6" component="p">
            Your email address is confirmed.
          </Typography>
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {username
              ? `Thank you. ${username} is confirmed as the address of your Vitalia account; password reset links will be sent there.`
              : 'Thank you. Password reset links for your Vitalia account will be sent to this address.'}
          </Typography>
        </Box>
      </Box>
      <Box>
        {signedIn ? (
          <Button component={RouterLink} to="/" variant="contained" size="large">
            Go to the dashboard
          </Button>
        ) : (
          <Button component={RouterLink} to={signInPath} variant="contained" size="large">
            Sign in
          </Button>
        )}
      </Box>
    </Stack>
  );
}
