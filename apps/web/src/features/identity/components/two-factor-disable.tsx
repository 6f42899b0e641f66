import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { totpDisableRequest } from '@vitalia/api/identity.contract';
import { PasswordField } from '../../../components/ui/password-field';
import { fieldMessage, textFieldRegistration } from '../../../lib/form-field';
import { httpStatusOf } from '../../../lib/http-status';
import { placeFieldProblems } from '../../../lib/server-message';
import { passwordHelp, serverRefusal } from '../utils/password-refusal';
import { profileQueryKey } from '../../../api/profile.query';
import { useDisableTotp, type TotpDisableRequest } from '../api/totp-disable.mutation';

interface TwoFactorDisableProps {
  onCancel: () => void;
  onDone: () => void;
}

const codeLabel = 'Code from the app, or a recovery code';

/** Switching two-factor sign-in off: the password and a code, so a stolen session cannot. */
export function TwoFactorDisable({ onCancel, onDone }: TwoFactorDisableProps) {
  const queryClient = useQueryClient();
  const disableCall = useDisableTotp();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TotpDisableRequest>({
    resolver: zodResolver(totpDisableRequest),
    defaultValues: { password: '', code: '' },
  });

  const onSubmit = async (request: TotpDisableRequest) => {
    setFailure(null);
    try {
      await disableCall.mutateAsync(request);
    } catch (error) {
      // Already off, say from another tab: the fresh profile shows it.
      if (httpStatusOf(error) === 409) {
        void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      }
      setFailure(
        placeFieldProblems(error, ({ field, message }) => {
          if (field === 'password') {
            setError('password', serverRefusal(message), { shouldFocus: true });
            return true;
          }
          if (field === 'code') {
            setError('code', { message }, { shouldFocus: true });
            return true;
          }
          return false;
        }),
      );
      return;
    }
    onDone();
  };

  return (
    <Stack
      component="form"
      spacing={2.5}
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-label="Switch off two-factor sign-in"
    >
      <Typography>
        Without two-factor sign-in, your password alone opens your account. To switch it off,
        confirm your password and a code from your authenticator app (or one of your recovery
        codes).
      </Typography>
      {failure && <Alert severity="error">{failure}</Alert>}
      <PasswordField
        {...textFieldRegistration(register('password'))}
        label="Current password"
        autoComplete="current-password"
        autoFocus
        fullWidth
        error={Boolean(errors.password)}
        helperText={passwordHelp(errors.password)}
      />
      <TextField
        {...textFieldRegistration(register('code'))}
        label={codeLabel}
        autoComplete="one-time-code"
        fullWidth
        error={Boolean(errors.code)}
        helperText={fieldMessage('The code', errors.code)}
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
      />
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={disableCall.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" color="error" loading={disableCall.isPending}>
          Switch off
        </Button>
      </Stack>
    </Stack>
  );
}
