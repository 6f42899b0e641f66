import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import { linkedinStartUrl } from '../api/social-providers.query';

/**
 * 'Sign in with LinkedIn': a plain link, as the server starts the flow with a redirect and a
 * cookie, which only a full page navigation carries. Loaded by social-sign-in.tsx only when the
 * server offers LinkedIn.
 */
export default function LinkedInSignIn({ redirect }: { redirect: string }) {
  return (
    <Stack spacing={2.5}>
      <Divider>or</Divider>
      <Button
        href={linkedinStartUrl(redirect)}
        variant="outlined"
        size="large"
        fullWidth
        startIcon={<LinkedInIcon />}
      >
        Sign in with LinkedIn
      </Button>
    </Stack>
  );
}
