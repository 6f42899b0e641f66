import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import { profileQueryOptions } from '../../../api/profile.query';
import { SendConfirmationLink } from '../../../components/email-confirmation/send-confirmation-link';

/**
 * Said before the checkout's form: the server takes orders only from a confirmed address
 * (docs/decisions/0023-order-mail.md). The person usually confirms it in another tab, from the
 * mail; coming back here asks again, so the notice goes and Place order wakes without a reload.
 */
export function ConfirmAddressNotice() {
  const { data: profile } = useQuery({ ...profileQueryOptions(), refetchOnWindowFocus: 'always' });
  const headingId = useId();
  if (!profile || profile.emailVerified) return null;
  return (
    <Alert
      severity="warning"
      role="region"
      aria-labelledby={headingId}
      sx={{ '& .MuiAlert-message': { width: '100%' } }}
    >
      <AlertTitle id={headingId}>Confirm your email address to order</AlertTitle>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        An order needs a confirmed email address: we send its receipt and news there. Open the link
        in the mail Vitalia sent to {profile.username}, or have a new one sent. Your cart stays here
        meanwhile.
      </Typography>
      <SendConfirmationLink />
    </Alert>
  );
}
