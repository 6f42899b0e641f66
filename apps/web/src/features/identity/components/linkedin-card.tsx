import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import { apiErrorMessage } from '../../../lib/api-client';
import {
  linkedinConnectUrl,
  markLinkedinConnection,
  useSocialLinks,
  useUnlinkLinkedin,
} from '../api/social-links';
import { useSocialProviders } from '../api/social-providers.query';
import { SettingHeading, StateChip } from './setting-heading';

/**
 * Signing in with LinkedIn, for a server that offers it: whether it opens this account, and the
 * button to connect or disconnect it.
 */
export function LinkedinCard() {
  const { data: providers } = useSocialProviders();
  const offered = providers?.includes('linkedin') ?? false;
  const linksQuery = useSocialLinks(offered);
  const unlink = useUnlinkLinkedin();
  const [news, setNews] = useState<string | null>(null);
  if (!offered) return null;

  const links = linksQuery.data;
  const connected = links?.linked.includes('linkedin') ?? false;

  return (
    <Card variant="outlined" component="section" aria-labelledby="linkedin-heading">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <SettingHeading
          icon={<LinkedInIcon />}
          id="linkedin-heading"
          title="Sign in with LinkedIn"
          state={links && <StateChip on={connected} onLabel="Connected" offLabel="Not connected" />}
        >
          {connected
            ? links?.hasPassword
              ? "'Sign in with LinkedIn' opens this account, as well as your email address and password."
              : "You sign in with LinkedIn. To be able to disconnect it, set a password first: 'Forgot password' on the sign-in page sends you a link."
            : "Connect your LinkedIn account and 'Sign in with LinkedIn' will open this account, as well as your email address and password."}
        </SettingHeading>

        {linksQuery.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void linksQuery.refetch()}>
                Try again
              </Button>
            }
          >
            Whether LinkedIn is connected could not be loaded: {apiErrorMessage(linksQuery.error)}
          </Alert>
        )}
        {unlink.isError && <Alert severity="error">{apiErrorMessage(unlink.error)}</Alert>}
        {news && (
          <Alert severity="success" onClose={() => setNews(null)}>
            {news}
          </Alert>
        )}

        {links && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            {connected ? (
              links.hasPassword && (
                <Button
                  variant="outlined"
                  color="error"
                  loading={unlink.isPending}
                  onClick={() => {
                    setNews(null);
                    unlink.mutate(undefined, {
                      onSuccess: () =>
                        setNews(
                          'LinkedIn is disconnected. Sign in with your email address and password.',
                        ),
                    });
                  }}
                >
                  Disconnect
                </Button>
              )
            ) : (
              // A link, followed as a full page load: the server starts the flow with a redirect
              // and a cookie.
              <Button
                href={linkedinConnectUrl}
                onClick={markLinkedinConnection}
                variant="contained"
                startIcon={<LinkedInIcon />}
              >
                Connect LinkedIn
              </Button>
            )}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
