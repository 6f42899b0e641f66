import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PasswordField } from '../../../components/ui/password-field';
import { fieldMessage, textFieldRegistration } from '../../../lib/form-field';
import { isNetworkError } from '../../../lib/offline/network';
import { paths } from '../../../lib/paths';
import { hasProblemCode, placeFieldProblems } from '../../../lib/server-message';
import { getUsername, useAccessToken } from '../../../lib/token-store';
import { useConfirmRegistration } from '../api/register.mutation';
import { useBeginSession } from '../utils/begin-session.hook';
import {
  choosePasswordForm,
  passwordRules,
  type ChoosePasswordForm,
} from '../utils/password-forms.schema';
import { afterRegistrationPath } from './register.route';
import { tokenFromFragment } from './verify-email.route';

function LinkActions() {
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <Button component={RouterLink} to={paths.signIn} variant="contained">
        Sign in
      </Button>
      <Button component={RouterLink} to={paths.register} variant="outlined">
        Register again
      </Button>
    </Box>
  );
}

/**
 * Where the registration mail's link leads (docs/decisions/0051-registration-confirmed-by-mail.md):
 * the person chooses the password here, and only then is the account made and signed in on this
 * device; the profile form opens next. Nothing happens before the button is pressed, so a mail
 * scanner that opens links makes no account. Open to anyone: someone already signed in on this
 * device is told that the new account takes their place here.
 */
export function ConfirmRegistrationRoute() {
  const { hash } = useLocation();
  const token = tokenFromFragment(hash);
  const navigate = useNavigate();
  const beginSession = useBeginSession();
  const confirmCall = useConfirmRegistration();
  const signedInAs = useAccessToken() !== null ? getUsername() : null;
  const [failure, setFailure] = useState<{ message: string; linkDead: boolean } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ChoosePasswordForm>({
    resolver: zodResolver(choosePasswordForm),
    defaultValues: { Password: '', confirmPassword: '' },
  });

  if (!token) {
    return (
      <Stack spacing={3}>
        <Alert severity="info">
          <AlertTitle>Open the link from the email</AlertTitle>
          This page finishes creating your account when you open it from the link in the email we
          sent you. If your email app split the link over two lines, copy the whole address into
          your browser.
        </Alert>
        <LinkActions />
      </Stack>
    );
  }

  const onSubmit = async ({ Password }: ChoosePasswordForm) => {
    setFailure(null);
    try {
      const account = await confirmCall.mutateAsync({ token, Password });
      beginSession(
        { accessToken: account.token, refreshToken: account.refreshToken },
        account.username,
        afterRegistrationPath,
      );
      // This page is open to anyone, so the route guard does not move the person on; replacing
      // the entry drops the token from the browser's history.
      void navigate(afterRegistrationPath, { replace: true });
    } catch (error) {
      // A lost answer may have made the account: trying again says so if it did.
      if (isNetworkError(error)) {
        setFailure({
          message:
            'No answer from Vitalia: check your connection and press Create my account again.',
          linkDead: false,
        });
        return;
      }
      const leftover = placeFieldProblems(error, ({ field, message }) => {
        if (field !== 'Password') return false;
        setError('Password', { message }, { shouldFocus: true });
        return true;
      });
      if (leftover) {
        setFailure({
          message: leftover,
          linkDead:
            hasProblemCode(error, 'REGISTRATION_LINK_INVALID') ||
            hasProblemCode(error, 'USERNAME_TAKEN'),
        });
      }
    }
  };

  if (failure?.linkDead) {
    return (
      <Stack spacing={3}>
        <Alert severity="warning" role="alert">
          <AlertTitle>This link cannot make an account</AlertTitle>
          {failure.message}
        </Alert>
        <LinkActions />
      </Stack>
    );
  }

  return (
    <Stack spacing={3}>
      <Typography color="text.secondary">
        Your email address is confirmed. Choose the password you will sign in with, and your account
        is ready.
      </Typography>
      {signedInAs && (
        <Alert severity="info">
          You are signed in as {signedInAs} on this device. Creating this account signs you in as
          the new one here instead.
        </Alert>
      )}
      {failure && (
        <Alert severity="error" role="alert">
          {failure.message}
        </Alert>
      )}
      <Stack
        component="form"
        method="post"
        spacing={2.5}
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        aria-label="Choose your password"
      >
        <PasswordField
          {...textFieldRegistration(register('Password'))}
          label="Password"
          autoComplete="new-password"
          autoFocus
          fullWidth
          error={Boolean(errors.Password)}
          helperText={fieldMessage('Password', errors.Password) ?? passwordRules}
        />
        <PasswordField
          {...textFieldRegistration(register('confirmPassword'))}
          label="Confirm password"
          autoComplete="new-password"
          fullWidth
          error={Boolean(errors.confirmPassword)}
          helperText={fieldMessage('Confirm password', errors.confirmPassword)}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          loading={confirmCall.isPending}
        >
          Create my account
        </Button>
      </Stack>
    </Stack>
  );
}
