import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { LoginRequest, LoginResponse } from '@vitalia/api/identity.contract';
import { TextInput } from '../../../components/ui/text-input';
import { apiErrorMessage } from '../../../lib/api-client';
import { hasProblemCode } from '../../../lib/server-message';
import { useRestoreAccount } from '../api/account-deletion';

interface RestoreAccountOfferProps {
  /** The server's words: when the account will be deleted. */
  message: string;
  /** The credentials that were just right; restoring takes them again. */
  credentials: LoginRequest;
  onRestored: (tokens: LoginResponse) => void;
}

/**
 * What sign-in shows for an account waiting to be deleted (docs/decisions/0032-account-deletion.md):
 * when it goes, and a button that restores it and signs in. With two-factor sign-in on, the server
 * asks for the code, and a field for it appears.
 */
export function RestoreAccountOffer({
  message,
  credentials,
  onRestored,
}: RestoreAccountOfferProps) {
  const restoreCall = useRestoreAccount();
  const [needsCode, setNeedsCode] = useState(false);
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const restore = async () => {
    setFailure(null);
    try {
      const tokens = await restoreCall.mutateAsync({
        ...credentials,
        ...(needsCode && code.trim() ? { code: code.trim() } : {}),
      });
      onRestored(tokens);
    } catch (error) {
      if (hasProblemCode(error, 'CODE_REQUIRED') && !needsCode) {
        setNeedsCode(true);
        return;
      }
      setFailure(apiErrorMessage(error));
    }
  };

  return (
    <Alert severity="warning" role="status" aria-label="Account waiting to be deleted">
      <AlertTitle>Your account is waiting to be deleted</AlertTitle>
      <Stack spacing={1.5}>
        <span>{message}</span>
        {needsCode && (
          <TextInput
            label="Code from the app, or a recovery code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="one-time-code"
            autoFocus
            size="small"
            fullWidth
            helperText="Two-factor sign-in is on: restoring needs a code too."
            htmlInput={{ spellCheck: false, autoCapitalize: 'none' }}
          />
        )}
        {failure && (
          <Alert severity="error" variant="outlined">
            {failure}
          </Alert>
        )}
        <Stack direction="row" sx={{ justifyContent: 'flex-start' }}>
          <Button
            variant="contained"
            onClick={() => void restore()}
            loading={restoreCall.isPending}
            disabled={needsCode && !code.trim()}
          >
            Restore my account
          </Button>
        </Stack>
      </Stack>
    </Alert>
  );
}
