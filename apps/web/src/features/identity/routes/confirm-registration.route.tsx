import { useEffect, useRef } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { apiErrorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useConfirmRegistration } from '../api/register.mutation';
import { useBeginSession } from '../utils/begin-session.hook';
import { afterRegistrationPath } from './register.route';
import { tokenFromFragment } from './verify-email.route';

/**
 * Where the registration mail's link leads (docs/decisions/0051-registration-confirmed-by-mail.md):
 * the token makes the account and signs it in on this device, then the profile form opens.
 * Open to anyone: whoever holds the mailbox may open the link on a device where someone else is
 * signed in, and the new account then takes this device over, as a sign-in would.
 */
export function ConfirmRegistrationRoute() {
  const { hash } = useLocation();
  const token = tokenFromFragment(hash);
  const navigate = useNavigate();
  const beginSession = useBeginSession();
  const confirmCall = useConfirmRegistration();
  const { mutate } = confirmCall;
  // A token works once; React's development double effects must not spend it twice.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    mutate(token, {
      onSuccess: (account) => {
        beginSession(
          { accessToken: account.token, refreshToken: account.refreshToken },
          account.username,
          afterRegistrationPath,
        );
        // This page is open to anyone, so the route guard does not move the person on; replacing
        // the entry drops the token from the browser's history.
        void navigate(afterRegistrationPath, { replace: true });
      },
    });
  }, [token, mutate, beginSession, navigate]);

  if (!token || confirmCall.isError) {
    return (
      <Stack spacing={3}>
        {token ? (
          <Alert severity="error">
            <AlertTitle>This link no longer works</AlertTitle>
            {apiErrorMessage(confirmCall.error)}
          </Alert>
        ) : (
          <Alert severity="info">
            <AlertTitle>Open the link from the email</AlertTitle>
            This page finishes creating your account when you open it from the link in the email we
            sent you. If your email app split the link over two lines, copy the whole address into
            your browser.
          </Alert>
        )}
        <Typography color="text.secondary">
          A link works once, for 24 hours, and registering again makes the older link stop working.
          If you have finished already, sign in.
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={paths.signIn} variant="contained">
            Sign in
          </Button>
          <Button component={RouterLink} to={paths.register} variant="outlined">
            Register again
          </Button>
        </Box>
      </Stack>
    );
  }

  return (
    <Stack spacing={2} role="status" sx={{ alignItems: 'center', py: 6 }}>
      <CircularProgress aria-hidden />
      <Typography>Creating your account…</Typography>
    </Stack>
  );
}
