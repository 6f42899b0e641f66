import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { fieldMessage, textFieldRegistration } from '../../../lib/form-field';
import { placeFieldProblems } from '../../../lib/server-message';
import { useRegister } from '../api/register.mutation';
import { SocialSignIn } from '../components/social-sign-in';
import { registerForm, type RegisterForm } from '../utils/password-forms.schema';
import { useHydrated } from '../../../lib/hydrated';
import { TextInput } from '../../../components/ui/text-input';
import { paths } from '../../../lib/paths';

/** Spec section 4: a new account goes straight to filling in its profile. */
export const afterRegistrationPath = paths.editProfile;

/**
 * What the page says once the server has the registration: the same whether or not the address
 * already had an account, since the server answers the same (docs/decisions/0051). The message
 * takes the focus, so a screen reader says it and a phone shows it.
 */
function CheckYourMail({
  username,
  resend,
  resending,
  sentAgain,
  startAgain,
}: {
  username: string;
  resend: () => void;
  resending: boolean;
  /** How many times the message was sent again: a new number is a new announcement. */
  sentAgain: number;
  startAgain: () => void;
}) {
  const message = useRef<HTMLDivElement>(null);
  useEffect(() => message.current?.focus(), []);
  return (
    <Stack spacing={3}>
      <Alert severity="success" ref={message} tabIndex={-1}>
        <AlertTitle>Check your email</AlertTitle>
        We sent a message to <strong>{username}</strong>. Open the link in it to choose your
        password and finish creating your account. The link works once, for 24 hours.
      </Alert>
      <Typography color="text.secondary">
        If this address already has a Vitalia account, the message says so instead, and you can sign
        in or reset your password. Nothing arrived after a few minutes? Look in your spam folder,
        then send it again.
      </Typography>
      {sentAgain > 0 && (
        <Alert severity="info" role="status">
          {sentAgain === 1
            ? 'We sent the message again.'
            : `We sent the message again (${sentAgain} times now).`}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={resend} loading={resending}>
          Send it again
        </Button>
        <Button variant="outlined" onClick={startAgain}>
          Use another address
        </Button>
      </Box>
      <Typography variant="body2">
        Already have an account?{' '}
        <Link component={RouterLink} to={paths.signIn}>
          Sign in
        </Link>
      </Typography>
    </Stack>
  );
}

/**
 * Registration's first step: the address alone. The password is chosen on the page the mailed
 * link opens, so nobody who types someone else's address can choose that account's password
 * (docs/decisions/0051-registration-confirmed-by-mail.md).
 */
export function RegisterRoute() {
  const hydrated = useHydrated();
  const registerCall = useRegister();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<{ username: string; again: number } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<RegisterForm>({
    resolver: zodResolver(registerForm),
    defaultValues: { Username: '' },
  });

  if (sent) {
    return (
      <>
        {failure && <Alert severity="error">{failure}</Alert>}
        <CheckYourMail
          username={sent.username}
          resending={registerCall.isPending}
          sentAgain={sent.again}
          resend={() => {
            setFailure(null);
            registerCall.mutate(
              { Username: sent.username },
              {
                onSuccess: () => setSent({ ...sent, again: sent.again + 1 }),
                onError: (error) => setFailure(placeFieldProblems(error, () => false)),
              },
            );
          }}
          startAgain={() => {
            setSent(null);
            setFailure(null);
            reset();
          }}
        />
      </>
    );
  }

  const onSubmit = async ({ Username }: RegisterForm) => {
    setFailure(null);
    const answer = await registerCall.mutateAsync({ Username }).catch((error: unknown) => {
      const leftover = placeFieldProblems(error, ({ field, message }) => {
        if (field !== 'Username') return false;
        setError(field, { message }, { shouldFocus: true });
        return true;
      });
      setFailure(leftover);
      return null;
    });
    if (!answer) return;
    setSent({ username: answer.username, again: 0 });
  };

  return (
    <Stack spacing={3}>
      <Typography color="text.secondary">
        Create your Vitalia account with your email address. We will mail you a link: open it to
        choose your password, then fill in your profile.
      </Typography>

      {failure && <Alert severity="error">{failure}</Alert>}

      <Stack
        component="form"
        // Never a GET: a submission the app does not catch must not put fields in the address.
        method="post"
        spacing={2.5}
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        aria-label="Register"
      >
        <TextInput
          {...textFieldRegistration(register('Username'))}
          label="Email address"
          type="email"
          autoComplete="email"
          autoFocus
          fullWidth
          error={Boolean(errors.Username)}
          helperText={fieldMessage('Email address', errors.Username)}
        />
        <Button
          type="submit"
          disabled={!hydrated}
          // Enabled at once when the app takes over: a colour fading in from the disabled grey was
          // caught half-way by the accessibility check as too little contrast.
          sx={{ transition: 'none' }}
          variant="contained"
          size="large"
          fullWidth
          loading={registerCall.isPending}
        >
          Create account
        </Button>
      </Stack>

      <SocialSignIn redirect={afterRegistrationPath} />

      <Typography variant="body2">
        Already have an account?{' '}
        <Link component={RouterLink} to={paths.signIn}>
          Sign in
        </Link>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        By creating an account you accept how we handle your data, as our{' '}
        <Link component={RouterLink} to={paths.policy}>
          privacy policy
        </Link>{' '}
        explains.
      </Typography>
    </Stack>
  );
}
