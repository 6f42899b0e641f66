import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { apiErrorMessage } from '../../../lib/api-client';
import { httpStatusOf } from '../../../lib/http-status';
import { flashState } from '../../../lib/flash-message';
import { safeRedirectTarget } from '../../../lib/safe-redirect';
import { signInPath } from '../../../lib/sign-in-url';
import { decodeUsername, getAccessToken } from '../../../lib/token-store';
import { useFinishLinkedinSignIn, type LinkedinReturn } from '../api/linkedin-access.mutation';
import {
  securitySettingsPath,
  takeLinkedinConnectionIntent,
  useLinkLinkedin,
} from '../api/social-links';
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

function BackToSecurity() {
  return (
    <Box>
      <Button component={RouterLink} to={securitySettingsPath} variant="contained">
        Back to security settings
      </Button>
    </Box>
  );
}

/**
 * Where LinkedIn returns the browser (decision 0011), for both of its uses: finishing a sign-in
 * (the server exchanges the code, checks the ID token against the state it keeps in a cookie and
 * answers a session), or, for a signed-in person who set out from the security settings,
 * connecting LinkedIn to their account.
 */
export function LinkedinCallbackRoute() {
  const [searchParams] = useSearchParams();
  const arrival = arrivalOf(searchParams);
  // Decided once, on arrival: the mark is spent as it is read.
  const [purpose] = useState(() => {
    const connecting = takeLinkedinConnectionIntent();
    if (!getAccessToken()) return 'sign-in';
    return connecting ? 'connect' : 'already-signed-in';
  });
  if (purpose === 'connect') return <ConnectLinkedin arrival={arrival} />;
  if (purpose === 'sign-in') return <FinishSignIn arrival={arrival} />;
  // Signed in, but this tab did not set out to connect (a link opened in a new tab, a reload, a
  // link from elsewhere): nothing is spent, and the person stays who they are.
  return (
    <Stack spacing={3}>
      <Alert severity="info">
        <AlertTitle>You are already signed in</AlertTitle>
        This page finishes signing in with LinkedIn. To connect LinkedIn to your account, start from
        your security settings, in this tab.
      </Alert>
      <BackToSecurity />
    </Stack>
  );
}

/** A code works once; React's development double effects must not spend it twice. */
function useOnceForCode(linkedin: LinkedinReturn | null, send: (linkedin: LinkedinReturn) => void) {
  const sentFor = useRef<string | null>(null);
  const code = linkedin?.code ?? null;
  const state = linkedin?.state ?? null;
  const iss = linkedin?.iss;
  useEffect(() => {
    if (!code || !state || sentFor.current === code) return;
    sentFor.current = code;
    send({ code, state, iss });
  }, [code, state, iss, send]);
}

function ConnectLinkedin({ arrival }: { arrival: Arrival }) {
  const navigate = useNavigate();
  const linkCall = useLinkLinkedin();
  const { mutate } = linkCall;
  const send = useCallback(
    (linkedin: LinkedinReturn) =>
      mutate(linkedin, {
        onSuccess: () =>
          void navigate(securitySettingsPath, {
            replace: true,
            state: flashState(
              "LinkedIn is connected: 'Sign in with LinkedIn' now opens this account.",
            ),
          }),
      }),
    [mutate, navigate],
  );
  useOnceForCode(arrival.kind === 'returned' ? arrival.linkedin : null, send);

  if (arrival.kind === 'provider-error') {
    return (
      <Stack spacing={3}>
        <Alert severity={cancelled.has(arrival.error) ? 'info' : 'error'}>
          <AlertTitle>LinkedIn is not connected</AlertTitle>
          {cancelled.has(arrival.error)
            ? 'You cancelled at LinkedIn. Nothing has changed; you can try again from your security settings.'
            : (arrival.description ?? `LinkedIn answered "${arrival.error}".`)}
        </Alert>
        <BackToSecurity />
      </Stack>
    );
  }
  if (arrival.kind === 'incomplete' || linkCall.isError) {
    return (
      <Stack spacing={3}>
        <Alert severity="error">
          <AlertTitle>LinkedIn is not connected</AlertTitle>
          {linkCall.isError
            ? apiErrorMessage(linkCall.error)
            : 'LinkedIn did not send back what connecting needs. Try again from your security settings.'}
        </Alert>
        <BackToSecurity />
      </Stack>
    );
  }
  return (
    <Stack spacing={2} role="status" sx={{ alignItems: 'center', py: 6 }}>
      <CircularProgress aria-hidden />
      <Typography>Connecting your LinkedIn account…</Typography>
    </Stack>
  );
}

function FinishSignIn({ arrival }: { arrival: Arrival }) {
  const navigate = useNavigate();
  const finishCall = useFinishLinkedinSignIn();
  const { mutate } = finishCall;
  const finishSignIn = useFinishSignIn();
  const [doctorRefused, setDoctorRefused] = useState(false);
  const send = useCallback(
    (linkedin: LinkedinReturn) =>
      mutate(linkedin, {
        onSuccess: (answer) => {
          const tokens = { accessToken: answer.token, refreshToken: answer.refreshToken };
          const username = decodeUsername(answer.token) ?? '';
          const landAt = safeRedirectTarget(answer.redirect, '/');
          const outcome = finishSignIn(tokens, username, landAt);
          if (outcome === 'doctor-refused') setDoctorRefused(true);
          // This page is open to anyone, so the route guard does not move the person on.
          else void navigate(landAt, { replace: true });
        },
      }),
    [mutate, finishSignIn, navigate],
  );
  useOnceForCode(arrival.kind === 'returned' ? arrival.linkedin : null, send);

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
