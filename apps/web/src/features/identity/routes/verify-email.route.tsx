import { useEffect, useRef } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { apiErrorMessage } from '../../../lib/api-client';
import { signInPath } from '../../../lib/sign-in-url';
import { useAccessToken } from '../../../lib/token-store';
import { profileQueryKey, profileQueryOptions } from '../../../api/profile.query';
import { useVerifyEmail } from '../api/verify-email.mutation';
import { paths } from '../../../lib/paths';

export const emailVerifiedPath = paths.verifyEmailSuccess;

/** The token of a verification link, `/verify/email#token=...`; the fragment never reaches a server. */
export function tokenFromFragment(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim();
  return token || null;
}

/** The state the success page reads: whose address was confirmed. */
export interface EmailVerifiedState {
  username: string;
}

function HowToGetANewLink() {
  const signedIn = useAccessToken() !== null;
  return (
    <>
      <Typography color="text.secondary">
        {signedIn
          ? 'To get a new link, use "Send me a link" in the banner at the top of each page of Vitalia.'
          : 'To get a new link, sign in: a banner at the top of each page offers to send it again.'}
      </Typography>
      <Box>
        {signedIn ? (
          <Button component={RouterLink} to="/" variant="contained">
            Go to the dashboard
          </Button>
        ) : (
          <Button component={RouterLink} to={signInPath} variant="contained">
            Sign in
          </Button>
        )}
      </Box>
    </>
  );
}

/**
 * Where the verification mail's link leads. It works signed in or not (decision 0012): the token
 * is the credential, and a signed-in person clicking the link must be verified too.
 */
export function VerifyEmailRoute() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const token = tokenFromFragment(hash);
  const queryClient = useQueryClient();
  const verifyCall = useVerifyEmail();
  // Asked only when the link failed and there is a session: is the address confirmed anyway?
  const signedIn = useAccessToken() !== null;
  const profile = useQuery({ ...profileQueryOptions(), enabled: signedIn && verifyCall.isError });
  const { mutate } = verifyCall;
  // A token works once; React's development double effects must not spend it twice.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    mutate(token, {
      // Replacing the entry drops the token from the browser's history.
      // The address may have been confirmed meanwhile (another tab, an earlier click).
      onError: () => void queryClient.invalidateQueries({ queryKey: profileQueryKey }),
      onSuccess: ({ username }) =>
        navigate(emailVerifiedPath, {
          replace: true,
          state: { username } satisfies EmailVerifiedState,
        }),
    });
  }, [token, mutate, navigate, queryClient]);

  if (!token) {
    return (
      <Stack spacing={3}>
        <Alert severity="info">
          <AlertTitle>Open the link from the email</AlertTitle>
          This page confirms your email address when you open it from the link in the email we sent
          you. If your email app split the link over two lines, copy the whole address into your
          browser.
        </Alert>
        <HowToGetANewLink />
      </Stack>
    );
  }

  if (verifyCall.isError) {
    // A used link fails although the address it confirmed is confirmed: a signed-in person is
    // told how their address stands, anyone else that this link no longer works.
    if (profile.data?.emailVerified) {
      return (
        <Stack spacing={3}>
          <Alert severity="success">
            <AlertTitle>Your email address is already confirmed</AlertTitle>
            {profile.data.username} is confirmed; this link has been used, and there is nothing more
            to do.
          </Alert>
          <Box>
            <Button component={RouterLink} to="/" variant="contained">
              Go to the dashboard
            </Button>
          </Box>
        </Stack>
      );
    }
    return (
      <Stack spacing={3}>
        <Alert severity="error">
          <AlertTitle>This link no longer works</AlertTitle>
          {apiErrorMessage(verifyCall.error)}
        </Alert>
        <Typography color="text.secondary">
          Links work once and for 24 hours, and asking for a new link makes the older ones stop
          working. If you have confirmed the address already, there is nothing more to do.
        </Typography>
        <HowToGetANewLink />
      </Stack>
    );
  }

  return (
    <Stack spacing={2} role="status" sx={{ alignItems: 'center', py: 6 }}>
      <CircularProgress aria-hidden />
      <Typography>Confirming your email address…</Typography>
    </Stack>
  );
}
