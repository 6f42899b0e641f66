import { useState } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { z } from '@vitalia/api/zod';
import { tokenVerifyRequest, totpCode } from '@vitalia/api/identity.contract';
import { TextInput } from '../../../components/ui/text-input';
import { signInErrorMessage } from '../../../lib/api-client';
import { flashMessageOf } from '../../../lib/flash-message';
import { fieldMessage, textFieldRegistration } from '../../../lib/form-field';
import { httpStatusOf } from '../../../lib/http-status';
import { safeRedirectTarget } from '../../../lib/safe-redirect';
import { signInPath } from '../../../lib/sign-in-url';
import { getUsername } from '../../../lib/token-store';
import { useVerifyTwoFactor } from '../api/verify-two-factor.mutation';
import { DoctorRefusedAlert } from '../components/doctor-refused-alert';
import { useFinishSignIn } from '../utils/finish-sign-in.hook';

// A code from the authenticator app must be its six digits; a recovery code is checked by the
// server alone.
const codeForm = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('app'), code: totpCode }),
  z.object({ kind: z.literal('recovery'), code: tokenVerifyRequest.shape.Token }),
]);
type CodeForm = z.infer<typeof codeForm>;

type Notice =
  { kind: 'doctor' } | { kind: 'refused'; message: string } | { kind: 'error'; message: string };

function NoSignInUnderWay() {
  return (
    <Stack spacing={3}>
      <Alert severity="info">
        <AlertTitle>Sign in first</AlertTitle>
        This page finishes a sign-in for accounts with two-factor sign-in. Sign in with your email
        address and password, and you will be asked for the code.
      </Alert>
      <Box>
        <Button component={RouterLink} to={signInPath} variant="contained">
          Go to sign in
        </Button>
      </Box>
    </Stack>
  );
}

/** Spec section 4: the second step of a sign-in, after the password step answered '2FA'. */
export function MfaVerifyRoute() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const redirect = searchParams.get('redirect');
  // Read once: signing in again in another tab must not change whose code this is.
  const [username] = useState(getUsername);
  const [notice, setNotice] = useState<Notice | null>(null);
  const verifyCall = useVerifyTwoFactor();
  const finishSignIn = useFinishSignIn();
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = useForm<CodeForm>({
    resolver: zodResolver(codeForm),
    defaultValues: { kind: 'app', code: '' },
  });
  const kind = useWatch({ control, name: 'kind' });

  if (!username) return <NoSignInUnderWay />;

  const startAgain = redirect
    ? `${signInPath}?${new URLSearchParams({ redirect }).toString()}`
    : signInPath;
  const news = flashMessageOf(location.state);

  const switchKind = () => {
    setNotice(null);
    reset({ kind: kind === 'app' ? 'recovery' : 'app', code: '' });
  };

  const onSubmit = async ({ code }: CodeForm) => {
    setNotice(null);
    let tokens;
    try {
      tokens = await verifyCall.mutateAsync({ Username: username, Token: code });
    } catch (error) {
      // Every 401 here is the wire's 'Token not Valid' (a wrong, old or used code, or a sign-in
      // step that expired); a person is told it in words.
      setNotice(
        httpStatusOf(error) === 401
          ? { kind: 'refused', message: 'That code is not right, or it has expired.' }
          : { kind: 'error', message: signInErrorMessage(error) },
      );
      return;
    }
    const outcome = finishSignIn(tokens, username, safeRedirectTarget(redirect, '/'));
    if (outcome === 'doctor-refused') setNotice({ kind: 'doctor' });
  };

  const label = kind === 'app' ? 'Authentication code' : 'Recovery code';

  return (
    <Stack spacing={3}>
      {news && <Alert severity="success">{news}</Alert>}
      <Typography color="text.secondary">
        {kind === 'app' ? (
          <>
            Open the authenticator app on your phone and enter the 6-digit code it shows for
            Vitalia, signing in as <strong>{username}</strong>.
          </>
        ) : (
          <>
            Enter one of the recovery codes you saved when you switched on two-factor sign-in, for{' '}
            <strong>{username}</strong>. Each code works once.
          </>
        )}
      </Typography>

      {notice?.kind === 'doctor' && <DoctorRefusedAlert />}
      {notice?.kind === 'error' && <Alert severity="error">{notice.message}</Alert>}
      {notice?.kind === 'refused' && (
        <Alert severity="error">
          <AlertTitle>{notice.message}</AlertTitle>
          Check the code and try again. A sign-in allows five tries within five minutes; after that,
          start again with your password.
          <Box sx={{ mt: 1.5 }}>
            <Button
              component={RouterLink}
              to={startAgain}
              variant="outlined"
              color="inherit"
              size="small"
            >
              Start again
            </Button>
          </Box>
        </Alert>
      )}

      <Stack
        component="form"
        spacing={2.5}
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        aria-label="Two-factor verification"
      >
        {/* Keyed by the kind of code, so the browser's one-time-code autofill and the field's
            value start fresh when the person switches. */}
        <TextInput
          key={kind}
          {...textFieldRegistration(register('code'))}
          label={label}
          autoComplete={kind === 'app' ? 'one-time-code' : 'off'}
          autoFocus
          fullWidth
          error={Boolean(errors.code)}
          helperText={
            fieldMessage(label, errors.code) ??
            (kind === 'app' ? 'The code changes every 30 seconds.' : 'Such as abcde-23456.')
          }
          htmlInput={
            kind === 'app'
              ? { inputMode: 'numeric', spellCheck: false }
              : { autoCapitalize: 'none', spellCheck: false }
          }
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          loading={verifyCall.isPending}
        >
          Verify
        </Button>
      </Stack>

      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Link component="button" type="button" variant="body2" onClick={switchKind}>
          {kind === 'app' ? 'Use a recovery code instead' : 'Use a code from your app instead'}
        </Link>
        <Link component={RouterLink} to={startAgain} variant="body2">
          Start again with your password
        </Link>
      </Stack>
    </Stack>
  );
}
