import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PasswordField } from '../../../components/ui/password-field';
import { flashState } from '../../../lib/flash-message';
import { fieldMessage, textFieldRegistration } from '../../../lib/form-field';
import { safeRedirectTarget } from '../../../lib/safe-redirect';
import { placeFieldProblems } from '../../../lib/server-message';
import { useChangePassword } from '../api/change-password.mutation';
import {
  newPasswordForm,
  passwordRules,
  type NewPasswordForm,
} from '../utils/password-forms.schema';
import { paths } from '../../../lib/paths';

/** Spec section 4: a changed password lands on the dashboard unless redirect names a page. */
export const afterPasswordChangePath = paths.dashboardAlias;

export function ChangePasswordRoute() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const changeCall = useChangePassword();
  // The new password waits here while the dialog asks for the current one.
  const [pending, setPending] = useState<NewPasswordForm | null>(null);
  const [dialogError, setDialogError] = useState<string | undefined>(undefined);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordForm),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const confirm = async (oldPassword: string) => {
    if (!pending) return;
    setDialogError(undefined);
    try {
      await changeCall.mutateAsync({ oldPassword, newPassword: pending.newPassword });
    } catch (error) {
      let newPasswordRefused = false;
      const leftover = placeFieldProblems(error, ({ field, message }) => {
        if (field === 'oldPassword') {
          setDialogError(`The password you typed ${message}`);
          return true;
        }
        if (field === 'newPassword') {
          // Only the form can fix the new password, so the dialog gives way to it.
          newPasswordRefused = true;
          setError('newPassword', { message }, { shouldFocus: true });
          return true;
        }
        return false;
      });
      if (newPasswordRefused) setPending(null);
      else if (leftover) setDialogError(leftover);
      return;
    }
    navigate(safeRedirectTarget(searchParams.get('redirect'), afterPasswordChangePath), {
      state: flashState('Your password is changed. Your other devices have been signed out.'),
    });
  };

  const choose = (form: NewPasswordForm) => {
    setDialogError(undefined);
    setPending(form);
  };

  return (
    <Card variant="outlined" sx={{ maxWidth: 560 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Choose a new password
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          After the change, every other device signed in to your account is signed out. You will
          confirm with your current password.
        </Typography>
        <Stack
          component="form"
          spacing={2.5}
          noValidate
          onSubmit={handleSubmit(choose)}
          aria-label="Change password"
        >
          <PasswordField
            {...textFieldRegistration(register('newPassword'))}
            label="New password"
            autoComplete="new-password"
            fullWidth
            error={Boolean(errors.newPassword)}
            helperText={fieldMessage('New password', errors.newPassword) ?? passwordRules}
          />
          <PasswordField
            {...textFieldRegistration(register('confirmPassword'))}
            label="Confirm new password"
            autoComplete="new-password"
            fullWidth
            error={Boolean(errors.confirmPassword)}
            helperText={fieldMessage('Confirm new password', errors.confirmPassword)}
          />
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained">
              Change password
            </Button>
          </Stack>
        </Stack>
      </CardContent>

      <ConfirmDialog
        open={pending !== null}
        title="Confirm the change"
        message="Enter your current password to change it."
        confirmLabel="Confirm"
        passwordLabel="Current password"
        busy={changeCall.isPending}
        error={dialogError}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </Card>
  );
}
