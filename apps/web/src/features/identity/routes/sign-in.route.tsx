import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LoginRequest } from '@vitalia/api/identity.contract';
import { deletionPendingCode, twoFactorMarker } from '@vitalia/api/identity.paths';
import { PasswordField } from '../../../components/ui/password-field';
import { TextInput } from '../../../components/ui/text-input';
import { signInErrorMessage } from '../../../lib/api-client';
import { flashMessageOf, flashState } from '../../../lib/flash-message';
import { fieldMessage } from '../../../lib/form-field';
import { hasProblemCode } from '../../../lib/server-message';
import { safeRedirectTarget } from '../../../lib/safe-redirect';
import { setUsername } from '../../../lib/token-store';
import { useLogin } from '../api/login.mutation';
import { DoctorRefusedAlert } from '../components/doctor-refused-alert';
import { SocialSignIn } from '../components/social-sign-in';
import { clearDeletionNotice, deletionNotice } from '../utils/deletion-notice';
import { useFinishSignIn } from '../utils/finish-sign-in.hook';
import { useHydrated } from '../../../lib/hydrated';
import { paths } from '../../../lib/paths';
import { identityContract } from '../../../lib/identity-contract';

/** The server's words on an account waiting to be deleted, while the offer to restore it loads. */
function DeletionPendingMessage({ message }: { message: string }) {
  return <Alert severity="warning">{message}</Alert>;
}

// Shown only to an account waiting to be deleted, so loaded when one signs in, not with the first
// screen, whose script is held to 150 KB (docs/performance.md). If it cannot be loaded,
// the server's words still say when the account goes.
const RestoreAccountOffer = lazy(() =>
  import('../components/restore-account-offer').then(
    (module) => ({ default: module.RestoreAccountOffer }),
    () => ({ default: DeletionPendingMessage }),
  ),
);

type Notice =
  | { kind: 'doctor' }
  | { kind: 'error'; message: string }
  | { kind: 'deletion'; message: string; credentials: LoginRequest };

type FieldErrors = Partial<Record<keyof LoginRequest, { message: string }>>;
type LoginRequestSchema = Awaited<ReturnType<typeof identityContract>>['loginRequest'];

/** Said when the schemas could not be loaded (the network went after the page came). */
const notLoadedMessage =
  'Vitalia could not load part of this page. Check your connection, then press Sign in again.';

/**
 * The two fields checked against the contract's own schema, the first message of each field kept.
 * No form library: on the first screen a phone loads, react-hook-form and its resolver would be
 * about 15 KB of compressed script for two fields (docs/performance.md).
 */
function checkCredentials(form: HTMLFormElement, loginRequest: LoginRequestSchema) {
  const data = new FormData(form);
  const checked = loginRequest.safeParse({
    Username: String(data.get('Username') ?? ''),
    password: String(data.get('password') ?? ''),
  });
  if (checked.success) return { credentials: checked.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of checked.error.issues) {
    const field = issue.path[0] as keyof LoginRequest;
    errors[field] ??= { message: issue.message };
  }
  return { credentials: null, errors };
}

export function SignInRoute() {
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  const navigate = useNavigate();
  // News from the screen before, such as "Your account will be deleted on ...".
  const flash = flashMessageOf(useLocation().state);
  const [farewell] = useState(deletionNotice);
  const finishSignIn = useFinishSignIn();
  const loginCall = useLogin();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  // As a form library would: messages appear on submit, then follow the typing.
  const [submitted, setSubmitted] = useState(false);
  const usernameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  // The contract's schema, loaded once the form is first used (lib/identity-contract.ts).
  const schema = useRef<LoginRequestSchema | null>(null);

  const loadSchema = async () => {
    schema.current ??= (await identityContract()).loginRequest;
    return schema.current;
  };
  // Asked for as soon as the person starts on the form (a focus, a press, a key: the email field
  // the page focuses itself gets no focus event, but its keys reach the form), so it is there
  // when they send it. Not before: the page's own load would pay for it again.
  const prepare = () => void loadSchema().catch(() => undefined);
  // One sign-in at a time: a press while one is being checked or sent does nothing (the
  // schema may take a moment to arrive on a slow link, and each press would send a login).
  const sending = useRef(false);
  const [preparing, setPreparing] = useState(false);

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if (submitted && schema.current) {
      setErrors(checkCredentials(event.currentTarget, schema.current).errors);
    }
  };

  const onSubmitForm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    setPreparing(true);
    void checkThenSend(event.currentTarget).finally(() => {
      sending.current = false;
      setPreparing(false);
    });
  };

  const checkThenSend = async (form: HTMLFormElement) => {
    let loginRequest: LoginRequestSchema;
    try {
      loginRequest = await loadSchema();
    } catch {
      setNotice({ kind: 'error', message: notLoadedMessage });
      passwordInput.current?.focus();
      return;
    }
    setSubmitted(true);
    const checked = checkCredentials(form, loginRequest);
    setErrors(checked.errors);
    if (checked.credentials) {
      await onSubmit(checked.credentials);
      return;
    }
    // A message from an earlier press no longer applies to what is typed now.
    setNotice((shown) =>
      shown?.kind === 'error' && shown.message === notLoadedMessage ? null : shown,
    );
    // The first field to fix takes the focus, so a screen reader hears its message.
    (checked.errors.Username ? usernameInput : passwordInput).current?.focus();
  };

  const onSubmit = async (credentials: LoginRequest) => {
    setNotice(null);
    clearDeletionNotice();
    const answer = await loginCall.mutateAsync(credentials).catch((error: unknown) => {
      // The password was right, but the account waits to be deleted: offer to restore it.
      const pending = hasProblemCode(error, deletionPendingCode);
      setNotice(
        pending
          ? { kind: 'deletion', message: signInErrorMessage(error), credentials }
          : { kind: 'error', message: signInErrorMessage(error) },
      );
      // The busy button lost the focus; the password is what to type again (the alert is read
      // out as it appears). The restore offer takes it instead when the account awaits deletion.
      if (!pending) {
        passwordInput.current?.focus();
        passwordInput.current?.select();
      }
      return null;
    });
    if (!answer) return;
    if (answer.token === twoFactorMarker) {
      // The code screen finishes the sign-in and needs to know who is signing in.
      setUsername(credentials.Username);
      const query = redirect ? `?${new URLSearchParams({ redirect }).toString()}` : '';
      navigate(`${paths.twoFactor}${query}`);
      return;
    }
    const outcome = finishSignIn(
      { accessToken: answer.token, refreshToken: answer.refreshToken },
      credentials.Username,
      safeRedirectTarget(redirect, '/'),
    );
    if (outcome === 'doctor-refused') setNotice({ kind: 'doctor' });
  };

  return (
    <Stack spacing={3}>
      <Typography color="text.secondary">
        Welcome back. Sign in with the email address and password of your Vitalia account.
      </Typography>

      {notice?.kind === 'doctor' && <DoctorRefusedAlert />}
      {notice?.kind === 'error' && <Alert severity="error">{notice.message}</Alert>}
      {notice?.kind === 'deletion' && (
        <Suspense fallback={<DeletionPendingMessage message={notice.message} />}>
          <RestoreAccountOffer
            message={notice.message}
            credentials={notice.credentials}
            onRestored={(tokens) => {
              const outcome = finishSignIn(
                { accessToken: tokens.token, refreshToken: tokens.refreshToken },
                notice.credentials.Username,
                safeRedirectTarget(redirect, '/'),
                flashState('Your account is restored: it will not be deleted.'),
              );
              if (outcome === 'doctor-refused') setNotice({ kind: 'doctor' });
            }}
          />
        </Suspense>
      )}
      {!notice && (farewell ?? flash) && <Alert severity="info">{farewell ?? flash}</Alert>}

      <Stack
        component="form"
        // Never a GET: a submission the app does not catch must not put fields in the address.
        method="post"
        spacing={2.5}
        noValidate
        onSubmit={onSubmitForm}
        onChange={onChange}
        onFocus={prepare}
        onPointerDown={prepare}
        onKeyDown={prepare}
        aria-label="Sign in"
      >
        <TextInput
          name="Username"
          inputRef={usernameInput}
          label="Email address"
          type="email"
          autoComplete="username"
          autoFocus
          fullWidth
          error={Boolean(errors.Username)}
          helperText={fieldMessage('Email address', errors.Username)}
        />
        <Box>
          <PasswordField
            name="password"
            inputRef={passwordInput}
            label="Password"
            autoComplete="current-password"
            fullWidth
            error={Boolean(errors.password)}
            helperText={fieldMessage('Password', errors.password)}
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
            <Link component={RouterLink} to={paths.resetPassword} variant="body2">
              Forgot your password?
            </Link>
          </Box>
        </Box>
        <Button
          type="submit"
          disabled={!hydrated}
          // Enabled at once when the app takes over: a colour fading in from the disabled grey was
          // caught half-way by the accessibility check as too little contrast.
          sx={{ transition: 'none' }}
          variant="contained"
          size="large"
          fullWidth
          loading={preparing || loginCall.isPending}
        >
          Sign in
        </Button>
      </Stack>

      <SocialSignIn redirect={safeRedirectTarget(redirect, '/')} />

      <Typography variant="body2">
        New to Vitalia?{' '}
        <Link component={RouterLink} to={paths.register}>
          Create an account
        </Link>
      </Typography>
    </Stack>
  );
}
