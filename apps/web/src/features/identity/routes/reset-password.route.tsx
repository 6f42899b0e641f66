import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { initiateResetRequest } from '@vitalia/api/identity.contract';
import { fieldMessage, textFieldRegistration } from '../../../lib/form-field';
import { placeFieldProblems } from '../../../lib/server-message';
import { useInitiateReset, type InitiateResetRequest } from '../api/initiate-reset.mutation';
import { useHydrated } from '../../../lib/hydrated';
import { TextInput } from '../../../components/ui/text-input';
import { paths } from '../../../lib/paths';

/** Spec section 2: ask for a link to choose a new password. */
export function ResetPasswordRoute() {
  const hydrated = useHydrated();
  const resetCall = useInitiateReset();
  const [failure, setFailure] = useState<string | null>(null);
  // The server's sentence, which reads the same whether or not the account exists.
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<InitiateResetRequest>({
    resolver: zodResolver(initiateResetRequest),
    defaultValues: { Username: '' },
  });

  const onSubmit = async (request: InitiateResetRequest) => {
    setFailure(null);
    try {
      setSent(await resetCall.mutateAsync(request));
    } catch (error) {
      setFailure(
        placeFieldProblems(error, ({ field, message }) => {
          if (field !== 'Username') return false;
          setError('Username', { message }, { shouldFocus: true });
          return true;
        }),
      );
    }
  };

  if (sent) {
    return (
      <Stack spacing={3}>
        <Alert severity="success">
          <AlertTitle>Check your email</AlertTitle>
          {sent}
        </Alert>
        <Typography color="text.secondary">
          Open the link in the email to choose a new password. If nothing arrives within a few
          minutes, look in your spam folder, and check that you typed the address of your Vitalia
          account.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button component={RouterLink} to={paths.signIn} variant="contained">
            Back to sign in
          </Button>
          <Button
            onClick={() => {
              resetCall.reset();
              setSent(null);
            }}
          >
            Use another address
          </Button>
        </Stack>
      </Stack>
    );
  }

  return (
    <Stack spacing={3}>
      <Typography color="text.secondary">
        Forgotten your password? Enter the email address of your Vitalia account and we will send
        you a link to choose a new one.
      </Typography>

      {failure && <Alert severity="error">{failure}</Alert>}

      <Stack
        component="form"
        // Never a GET: a submission the app does not catch must not put fields in the address.
        method="post"
        spacing={2.5}
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        aria-label="Reset password"
      >
        <TextInput
          {...textFieldRegistration(register('Username'))}
          label="Email address"
          type="email"
          autoComplete="username"
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
          loading={resetCall.isPending}
        >
          Send the link
        </Button>
      </Stack>

      <Typography variant="body2">
        Remembered it?{' '}
        <Link component={RouterLink} to={paths.signIn}>
          Back to sign in
        </Link>
      </Typography>
    </Stack>
  );
}
