import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PasswordField } from '../../../components/ui/password-field';
import { fieldMessage, textFieldRegistration } from '../../../lib/form-field';
import { placeFieldProblems } from '../../../lib/server-message';
import { useRegister } from '../api/register.mutation';
import { SocialSignIn } from '../components/social-sign-in';
import { useBeginSession } from '../utils/begin-session.hook';
import { passwordRules, registerForm, type RegisterForm } from '../utils/password-forms.schema';
import { useHydrated } from '../../../lib/hydrated';
import { TextInput } from '../../../components/ui/text-input';
import { paths } from '../../../lib/paths';

/** Spec section 4: a new account goes straight to filling in its profile. */
export const afterRegistrationPath = paths.editProfile;

export function RegisterRoute() {
  const hydrated = useHydrated();
  const beginSession = useBeginSession();
  const registerCall = useRegister();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegisterForm>({
    resolver: zodResolver(registerForm),
    defaultValues: { Username: '', Password: '', confirmPassword: '' },
  });

  const onSubmit = async ({ Username, Password }: RegisterForm) => {
    setFailure(null);
    const account = await registerCall
      .mutateAsync({ Username, Password })
      .catch((error: unknown) => {
        // A refused password ("one of the most common passwords") belongs beside the password.
        const leftover = placeFieldProblems(error, ({ field, message }) => {
          if (field !== 'Username' && field !== 'Password') return false;
          setError(field, { message }, { shouldFocus: true });
          return true;
        });
        setFailure(leftover);
        return null;
      });
    if (!account) return;
    beginSession(
      { accessToken: account.token, refreshToken: account.refreshToken },
      account.username,
      afterRegistrationPath,
    );
  };

  return (
    <Stack spacing={3}>
      <Typography color="text.secondary">
        Create your Vitalia account with your email address. You will then fill in your profile.
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
        <PasswordField
          {...textFieldRegistration(register('Password'))}
          label="Password"
          autoComplete="new-password"
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
