import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { apiErrorMessage } from '../../../lib/api-client';
import { httpStatusOf } from '../../../lib/http-status';
import { useOffline } from '../../../lib/offline/network';
import { useProfile, profileQueryKey } from '../../../api/profile.query';
import { useResendVerification } from '../api/resend-verification.mutation';

type Outcome = { kind: 'sent'; message: string } | { kind: 'failed'; message: string };

/**
 * Shown above every signed-in screen until the person's email address is confirmed, with a way
 * to have the link sent again.
 */
export function EmailVerificationBanner() {
  const { data: profile } = useProfile();
  const queryClient = useQueryClient();
  const resendCall = useResendVerification();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const headingId = useId();
  const offline = useOffline();

  if (!profile || profile.emailVerified) return null;

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
    <Alert
      severity="info"
      role="region"
      aria-labelledby={headingId}
      sx={{ mb: 3, '& .MuiAlert-message': { width: '100%' } }}
    >
      <AlertTitle id={headingId}>Please confirm your email address</AlertTitle>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {/* Accounts made on the command line were mailed nothing, so this does not say a link
            was sent: it says what the link is for and offers one. */}
        Confirming that {profile.username} is yours lets you reset your password if you ever forget
        it. Open the link in the mail from Vitalia, or have a new one sent now.
      </Typography>
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
    </Alert>
  );
}
