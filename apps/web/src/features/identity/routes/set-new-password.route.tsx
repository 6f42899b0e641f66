import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PasswordField } from '../../../components/ui/password-field';
import { flashState } from '../../../lib/flash-message';
import { fieldMessage, textFieldRegistration } from '../../../lib/form-field';
import { placeFieldProblems } from '../../../lib/server-message';
import { setUsername } from '../../../lib/token-store';
import { useResetPassword } from '../api/reset-password.mutation';
import { DoctorRefusedAlert } from '../components/doctor-refused-alert';
import { useFinishSignIn } from '../utils/finish-sign-in.hook';
import {
  passwordRules,
  setNewPasswordForm,
  type SetNewPasswordForm,
} from '../utils/password-forms.schema';
import { paths } from '../../../lib/paths';
import { TextInput } from '../../../components/ui/text-input';

export const passwordResetMessage =
  'Your new password is saved. Any other device signed in to your account has been signed out.';

type Notice = { kind: 'doctor' } | { kind: 'error'; message: string };

/** Spec section 4: the reset link's page; a new password signs the person in and goes home. */
export function SetNewPasswordRoute() {
  const { id: resetToken = '' } = useParams();
  const navigate = useNavigate();
  const finishSignIn = useFinishSignIn();
  const resetCall = useResetPassword();
  const [notice, setNotice] = useState<Notice | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SetNewPasswordForm>({
    resolver: zodResolver(setNewPasswordForm),
    defaultValues: { Username: '', NewPasword: '', confirmPassword: '' },
  });

  const onSubmit = async ({ Username, NewPasword }: SetNewPasswordForm) => {
    setNotice(null);
    let result;
    try {
      result = await resetCall.mutateAsync({ Username, NewPasword, Token: resetToken });
    } catch (error) {
      // A refused password ("one of the most common passwords") belongs beside the password.
      const leftover = placeFieldProblems(error, ({ field, message }) => {
        if (field !== 'Username' && field !== 'NewPasword') return false;
        setError(field, { message }, { shouldFocus: true });
        return true;
      });
      if (leftover) setNotice({ kind: 'error', message: leftover });
      return;
    }
    if (result.kind === 'two-factor') {
      // The server opened the second step (its cookie); the code screen finishes the sign-in.
      setUsername(Username);
      navigate(paths.twoFactor, {
        replace: true,
        state: flashState('Your new password is saved. Enter a code to finish signing in.'),
      });
      return;
    }
    const outcome = finishSignIn(result.tokens, Username, '/', flashState(passwordResetMessage));
    if (outcome === 'doctor-refused') setNotice({ kind: 'doctor' });
  };

  return (
    <Stack spacing={3}>
      <Typography color="text.secondary">
        Choose a new password for your Vitalia account. Any other device signed in to your account
        will be signed out.
      </Typography>

      {notice?.kind === 'doctor' && <DoctorRefusedAlert />}
      {notice?.kind === 'error' && (
        <Alert severity="error">
          {notice.message}{' '}
          <Link component={RouterLink} to={paths.resetPassword} color="inherit">
            Ask for a new link
          </Link>
        </Alert>
      )}

      <Stack
        component="form"
        spacing={2.5}
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        aria-label="Set a new password"
      >
        <TextInput
          {...textFieldRegistration(register('Username'))}
          label="Email address"
          type="email"
          autoComplete="username"
          autoFocus
          fullWidth
          error={Boolean(errors.Username)}
          helperText={
            fieldMessage('Email address', errors.Username) ??
            'The address the reset link was sent to.'
          }
        />
        <PasswordField
          {...textFieldRegistration(register('NewPasword'))}
          label="New password"
          autoComplete="new-password"
          fullWidth
          error={Boolean(errors.NewPasword)}
          helperText={fieldMessage('New password', errors.NewPasword) ?? passwordRules}
        />
        <PasswordField
          {...textFieldRegistration(register('confirmPassword'))}
          label="Confirm new password"
          autoComplete="new-password"
          fullWidth
          error={Boolean(errors.confirmPassword)}
          helperText={fieldMessage('Confirm new password', errors.confirmPassword)}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          loading={resetCall.isPending}
        >
          Save the new password
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
