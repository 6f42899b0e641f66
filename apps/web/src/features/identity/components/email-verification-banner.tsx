import { useId } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import { useProfile } from '../../../api/profile.query';
import { SendConfirmationLink } from '../../../components/email-confirmation/send-confirmation-link';

/**
 * Shown above every signed-in screen until the person's email address is confirmed, with a way
 * to have the link sent again.
 */
export function EmailVerificationBanner() {
  const { data: profile } = useProfile();
  const headingId = useId();

  if (!profile || profile.emailVerified) return null;

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
      <SendConfirmationLink />
    </Alert>
  );
}
