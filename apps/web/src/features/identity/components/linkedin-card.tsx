import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import { LoadError } from '../../../components/ui/load-error';
import { apiErrorMessage } from '../../../lib/api-client';
import Divider from '@mui/material/Divider';
import { useSocialLinks, useUnlinkLinkedin } from '../api/social-links';
import { LinkedinConnectForm } from './linkedin-connect-form';
import { useSocialProviders } from '../api/social-providers.query';
import { SettingHeading, StateChip } from './setting-heading';

/**
 * Signing in with LinkedIn, for a server that offers it: whether it opens this account, and the
 * button to connect or disconnect it.
 */
export function LinkedinCard({ twoFactorOn }: { twoFactorOn: boolean }) {
  const { data: providers } = useSocialProviders();
  const offered = providers?.includes('linkedin') ?? false;
  const linksQuery = useSocialLinks(offered);
  const unlink = useUnlinkLinkedin();
  const [news, setNews] = useState<string | null>(null);
  const [connecting, setConnecting] = useState(false);
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
          {twoFactorOn
            ? connected
              ? 'Connected, but with two-factor sign-in on, LinkedIn does not open this account on its own: sign in with your password and a code.'
              : 'With two-factor sign-in on, LinkedIn cannot be connected: it would open your account without the code.'
            : connected
              ? links?.hasPassword
                ? "'Sign in with LinkedIn' opens this account, as well as your email address and password."
                : 'You sign in with LinkedIn, your only way into this account, so it stays connected.'
              : "Connect your LinkedIn account and 'Sign in with LinkedIn' will open this account, as well as your email address and password."}
        </SettingHeading>

        {linksQuery.isError && (
          <LoadError
            what="Whether LinkedIn is connected"
            error={linksQuery.error}
            onRetry={() => void linksQuery.refetch()}
          />
        )}
        {unlink.isError && <Alert severity="error">{apiErrorMessage(unlink.error)}</Alert>}
        {news && (
          <Alert severity="success" onClose={() => setNews(null)}>
            {news}
          </Alert>
        )}

        {links && !connecting && (connected ? links.hasPassword : !twoFactorOn) && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            {connected ? (
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
            ) : (
              <Button
                variant="contained"
                startIcon={<LinkedInIcon />}
                onClick={() => {
                  setNews(null);
                  setConnecting(true);
                }}
              >
                Connect LinkedIn
              </Button>
            )}
          </Box>
        )}
        {connecting && (
          <>
            <Divider />
            <LinkedinConnectForm onCancel={() => setConnecting(false)} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
