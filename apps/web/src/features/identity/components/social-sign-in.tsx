import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import { linkedinStartUrl, useSocialProviders } from '../api/social-providers.query';

/**
 * 'Sign in with LinkedIn' when the server offers it. A plain link: the server starts the flow
 * with a redirect and a cookie, which only a full page navigation carries.
 */
export function SocialSignIn({ redirect }: { redirect: string }) {
  const { data: providers } = useSocialProviders();
  if (!providers?.includes('linkedin')) return null;
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
