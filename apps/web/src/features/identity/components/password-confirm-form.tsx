import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { linkedinConnectRequest } from '@vitalia/api/identity.contract';
import type { z } from '@vitalia/api/zod';
import { PasswordField } from '../../../components/ui/password-field';
import { textFieldRegistration } from '../../../lib/form-field';
import { placeFieldProblems } from '../../../lib/server-message';
import { passwordHelp, serverRefusal } from '../utils/password-refusal';

// The same rule as every call that asks for the current password (any non-empty text).
const passwordOnly = linkedinConnectRequest;
type PasswordOnly = z.infer<typeof passwordOnly>;

interface PasswordConfirmFormProps {
  /** The form's name for assistive technology. */
  label: string;
  /** Why the password is asked for, above the field. */
  intro: ReactNode;
  submitLabel: string;
  submitIcon?: ReactNode;
  busy: boolean;
  /** Sends the password; throws the server's refusal, which the form shows. */
  submit: (password: string) => Promise<void>;
  /** Told of every refusal before it is shown (a 409 may mean the profile is out of date). */
  onRefused?: (error: unknown) => void;
  /** Shown under the field once the server has refused the password. */
  afterRefusal?: ReactNode;
  onCancel: () => void;
}

/**
 * A change to how the account is opened (two-factor, LinkedIn) asks for the password again, so
 * that nobody else at this device can make it.
 */
export function PasswordConfirmForm({
  label,
  intro,
  submitLabel,
  submitIcon,
  busy,
  submit,
  onRefused,
  afterRefusal,
  onCancel,
}: PasswordConfirmFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PasswordOnly>({
    resolver: zodResolver(passwordOnly),
    defaultValues: { password: '' },
  });

  const onSubmit = async ({ password }: PasswordOnly) => {
    setFailure(null);
    try {
      await submit(password);
    } catch (error) {
      onRefused?.(error);
      setFailure(
        placeFieldProblems(error, ({ field, message }) => {
          if (field !== 'password') return false;
          setError('password', serverRefusal(message), { shouldFocus: true });
          return true;
        }),
      );
    }
  };

  return (
    <Stack
      component="form"
      spacing={2.5}
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-label={label}
    >
      <Typography>{intro}</Typography>
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
      {errors.password?.type === 'server' && afterRefusal}
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" startIcon={submitIcon} loading={busy}>
          {submitLabel}
        </Button>
      </Stack>
    </Stack>
  );
}
