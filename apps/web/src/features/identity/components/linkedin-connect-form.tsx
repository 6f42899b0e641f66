import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import { linkedinConnectRequest } from '@vitalia/api/identity.contract';
import type { z } from '@vitalia/api/zod';
import { PasswordField } from '../../../components/ui/password-field';
import { textFieldRegistration } from '../../../lib/form-field';
import { placeFieldProblems } from '../../../lib/server-message';
import { useBeginLinkedinConnection } from '../api/social-links';
import { passwordHelp, serverRefusal } from '../utils/password-refusal';

type ConnectRequest = z.infer<typeof linkedinConnectRequest>;

/**
 * Connecting LinkedIn adds a way into the account, so it asks for the password first, as
 * switching on two-factor does: a session left open on a shared computer is not enough.
 */
export function LinkedinConnectForm({ onCancel }: { onCancel: () => void }) {
  const begin = useBeginLinkedinConnection();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ConnectRequest>({
    resolver: zodResolver(linkedinConnectRequest),
    defaultValues: { password: '' },
  });

  const onSubmit = async ({ password }: ConnectRequest) => {
    setFailure(null);
    try {
      // On success the browser leaves for LinkedIn.
      await begin.mutateAsync(password);
    } catch (error) {
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
      aria-label="Connect LinkedIn"
    >
      <Typography>
        Confirm your password, then sign in at LinkedIn and agree to share your name and email
        address. You come back here afterwards.
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
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={begin.isPending}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          startIcon={<LinkedInIcon />}
          loading={begin.isPending}
        >
          Continue to LinkedIn
        </Button>
      </Stack>
    </Stack>
  );
}
