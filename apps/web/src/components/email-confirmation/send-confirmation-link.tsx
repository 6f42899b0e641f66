import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { profileQueryKey } from '../../api/profile.query';
import { useResendVerification } from '../../api/resend-verification.mutation';
import { apiErrorMessage } from '../../lib/api-client';
import { httpStatusOf } from '../../lib/http-status';
import { useOffline } from '../../lib/offline/network';

type Outcome = { kind: 'sent'; message: string } | { kind: 'failed'; message: string };

/**
 * "Send me a link" and what came of it: the one way to have the confirmation mail sent again,
 * used by the banner above every signed-in screen and by the store's checkout.
 */
export function SendConfirmationLink() {
  const queryClient = useQueryClient();
  const resendCall = useResendVerification();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const offline = useOffline();

  const resend = async () => {
    setOutcome(null);
    try {
      setOutcome({ kind: 'sent', message: await resendCall.mutateAsync() });
    } catch (error) {
      // Confirmed meanwhile (in another tab, or on another device): the fresh profile hides this.
      if (httpStatusOf(error) === 409) {
        await queryClient.invalidateQueries({ queryKey: profileQueryKey });
        return;
      }
      setOutcome({ kind: 'failed', message: apiErrorMessage(error) });
    }
  };

  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 2,
        rowGap: 1,
        mt: 1.5,
      }}
    >
      <Button
        variant="outlined"
        color="inherit"
        size="small"
        onClick={resend}
        loading={resendCall.isPending}
        // Offline the request could only fail; the button says why it waits instead.
        disabled={offline}
      >
        Send me a link
      </Button>
      <Typography
        role="status"
        variant="body2"
        sx={{
          fontWeight: 500,
          overflowWrap: 'anywhere',
          color: outcome?.kind === 'failed' && !offline ? 'error.dark' : 'inherit',
        }}
      >
        {offline ? 'You can have a link sent when you are online again.' : outcome?.message}
      </Typography>
    </Box>
  );
}
