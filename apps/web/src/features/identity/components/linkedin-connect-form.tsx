import LinkedInIcon from '@mui/icons-material/LinkedIn';
import { useBeginLinkedinConnection } from '../api/social-links';
import { PasswordConfirmForm } from './password-confirm-form';

/**
 * Connecting LinkedIn adds a way into the account, so it asks for the password first, as
 * switching on two-factor does: a session left open on a shared computer is not enough.
 */
export function LinkedinConnectForm({ onCancel }: { onCancel: () => void }) {
  const begin = useBeginLinkedinConnection();
  return (
    <PasswordConfirmForm
      label="Connect LinkedIn"
      intro="Confirm your password, then sign in at LinkedIn and agree to share your name and email address. You come back here afterwards."
      submitLabel="Continue to LinkedIn"
      submitIcon={<LinkedInIcon />}
      busy={begin.isPending}
      // On success the browser leaves for LinkedIn.
      submit={(password) => begin.mutateAsync(password)}
      onCancel={onCancel}
    />
  );
}
