import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { apiErrorMessage } from '../../../lib/api-client';
import { httpStatusOf } from '../../../lib/http-status';
import { safeRedirectTarget } from '../../../lib/safe-redirect';
import { signInPath } from '../../../lib/sign-in-url';
import { decodeUsername } from '../../../lib/token-store';
import { useFinishLinkedinSignIn, type LinkedinReturn } from '../api/linkedin-access.mutation';
import { DoctorRefusedAlert } from '../components/doctor-refused-alert';
import { useFinishSignIn } from '../utils/finish-sign-in.hook';

// LinkedIn's codes for a person who chose Cancel, and OpenID Connect's general refusal.
const cancelled = new Set(['user_cancelled_login', 'user_cancelled_authorize', 'access_denied']);

type Arrival =
  | { kind: 'returned'; linkedin: LinkedinReturn }
  | { kind: 'provider-error'; error: string; description: string | null }
  | { kind: 'incomplete' };

function arrivalOf(query: URLSearchParams): Arrival {
  const error = query.get('error');
  if (error) return { kind: 'provider-error', error, description: query.get('error_description') };
  const code = query.get('code');
  const state = query.get('state');
  if (!code || !state) return { kind: 'incomplete' };
  return { kind: 'returned', linkedin: { code, state, iss: query.get('iss') ?? undefined } };
}

function BackToSignIn({ label = 'Back to sign in' }: { label?: string }) {
  return (
    <Box>
      <Button component={RouterLink} to={signInPath} variant="contained">
        {label}
      </Button>
    </Box>
  );
}

function ProviderError({ error, description }: { error: string; description: string | null }) {
  if (cancelled.has(error)) {
    return (
      <Stack spacing={3}>
        <Alert severity="info">
          <AlertTitle>LinkedIn sign-in was cancelled</AlertTitle>
          You are not signed in. You can sign in with your email address and password, or try
          LinkedIn again.
        </Alert>
        <BackToSignIn />
      </Stack>
    );
  }
  return (
    <Stack spacing={3}>
      <Alert severity="error">
        <AlertTitle>LinkedIn did not sign you in</AlertTitle>
        {description ?? `LinkedIn answered "${error}".`}
      </Alert>
      <BackToSignIn />
    </Stack>
  );
}

/**
 * Where LinkedIn returns the browser (decision 0011): the server exchanges the code, checks the
 * ID token against the state it keeps in a cookie, and answers a session.
 */
export function LinkedinCallbackRoute() {
  const [searchParams] = useSearchParams();
  const arrival = arrivalOf(searchParams);
  const finishCall = useFinishLinkedinSignIn();
  const { mutate } = finishCall;
  const finishSignIn = useFinishSignIn();
  const [doctorRefused, setDoctorRefused] = useState(false);
  // A code works once; React's development double effects must not spend it twice.
  const sentFor = useRef<string | null>(null);
  const linkedin = arrival.kind === 'returned' ? arrival.linkedin : null;
  const code = linkedin?.code ?? null;
  const state = linkedin?.state ?? null;
  const iss = linkedin?.iss;

  useEffect(() => {
    if (!code || !state || sentFor.current === code) return;
    sentFor.current = code;
    mutate(
      { code, state, iss },
      {
        onSuccess: (answer) => {
          const tokens = { accessToken: answer.token, refreshToken: answer.refreshToken };
          const username = decodeUsername(answer.token) ?? '';
          const outcome = finishSignIn(tokens, username, safeRedirectTarget(answer.redirect, '/'));
          if (outcome === 'doctor-refused') setDoctorRefused(true);
        },
      },
    );
  }, [code, state, iss, mutate, finishSignIn]);

  if (arrival.kind === 'provider-error') {
    return <ProviderError error={arrival.error} description={arrival.description} />;
  }
  if (arrival.kind === 'incomplete') {
    return (
      <Stack spacing={3}>
        <Alert severity="info">
          <AlertTitle>Nothing to finish here</AlertTitle>
          This page finishes a sign-in with LinkedIn, and LinkedIn opens it for you. Start from the
          sign-in page with &ldquo;Sign in with LinkedIn&rdquo;.
        </Alert>
        <BackToSignIn />
      </Stack>
    );
  }
  if (doctorRefused) {
    return (
      <Stack spacing={3}>
        <DoctorRefusedAlert />
        <BackToSignIn />
      </Stack>
    );
  }
  if (finishCall.isError) {
    const status = httpStatusOf(finishCall.error);
    const alreadyHasPassword = status === 409;
    return (
      <Stack spacing={3}>
        <Alert severity="error">
          <AlertTitle>
            {alreadyHasPassword ? 'Sign in with your password' : 'LinkedIn sign-in did not work'}
          </AlertTitle>
          {apiErrorMessage(finishCall.error)}
        </Alert>
        {status === 401 && (
          <Typography color="text.secondary">
            A LinkedIn sign-in has to be finished within ten minutes, in the browser it was started
            in. Go back to the sign-in page and try again.
          </Typography>
        )}
        <BackToSignIn
          label={alreadyHasPassword ? 'Sign in with email and password' : 'Back to sign in'}
        />
      </Stack>
    );
  }
  return (
    <Stack spacing={2} role="status" sx={{ alignItems: 'center', py: 6 }}>
      <CircularProgress aria-hidden />
      <Typography>Signing you in with LinkedIn…</Typography>
    </Stack>
  );
}
