import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import KeyIcon from '@mui/icons-material/Key';
import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';
import type { Profile } from '@vitalia/api/identity.contract';
import { apiErrorMessage } from '../../../lib/api-client';
import { useProfile } from '../../../api/profile.query';
import { securitySettingsPath } from '../api/social-links';
import { sessionsQueryKey } from '../api/sessions';
import { DeleteAccountCard } from '../components/delete-account-card';
import { EndOtherSessionsOffer } from '../components/end-other-sessions-offer';
import { LinkedinCard } from '../components/linkedin-card';
import { SessionsCard } from '../components/sessions-card';
import { SettingHeading, StateChip } from '../components/setting-heading';
import { TwoFactorDisable } from '../components/two-factor-disable';
import { TwoFactorSetup } from '../components/two-factor-setup';
import { paths } from '../../../lib/paths';

type Mode = 'idle' | 'switching-on' | 'switching-off';

// Why the other sessions are worth ending once the switch is made (ASVS 5.0 7.4.3).
const endOthersReason = {
  on: 'They stay signed in without a code. Sign them out, and each needs your password and a code from your app to come back.',
  off: 'Sign them out, and each needs your password to come back.',
} as const;

function TwoFactorCard({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>('idle');
  const [news, setNews] = useState<string | null>(null);
  const [offer, setOffer] = useState<keyof typeof endOthersReason | null>(null);
  const on = profile.twoFactorEnabled;

  const begin = (next: Mode) => {
    setNews(null);
    setOffer(null);
    setMode(next);
  };
  const finish = (message: string, switched: keyof typeof endOthersReason) => {
    setMode('idle');
    setNews(message);
    // Whether another device is signed in is asked afresh: one may have signed in meanwhile.
    void queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
    setOffer(switched);
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="two-factor-heading">
      <CardContent sx={{ display: 'grid', gap: 2.5 }}>
        <SettingHeading
          icon={<PhonelinkLockIcon />}
          id="two-factor-heading"
          title="Two-factor sign-in"
          // While the recovery codes show, the switch is not finished in the person's eyes.
          state={mode !== 'switching-on' && <StateChip on={on} onLabel="On" offLabel="Off" />}
        >
          {on
            ? 'Signing in asks for your password and a code from the authenticator app on your phone.'
            : 'Add a second step to signing in: a code from an authenticator app on your phone, so your password alone does not open your account.'}
        </SettingHeading>

        {news && (
          <Alert severity="success" onClose={() => setNews(null)}>
            {news}
          </Alert>
        )}
        {offer && (
          <EndOtherSessionsOffer reason={endOthersReason[offer]} onClose={() => setOffer(null)} />
        )}

        {mode === 'idle' && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            {on ? (
              <Button variant="outlined" color="error" onClick={() => begin('switching-off')}>
                Switch off
              </Button>
            ) : (
              <Button variant="contained" onClick={() => begin('switching-on')}>
                Switch on
              </Button>
            )}
          </Box>
        )}
        {mode !== 'idle' && <Divider />}
        {mode === 'switching-on' && (
          <TwoFactorSetup
            username={profile.username}
            onCancel={() => setMode('idle')}
            onDone={() =>
              finish(
                'Two-factor sign-in is on. From now on you will enter a code from your app after your password.',
                'on',
              )
            }
          />
        )}
        {mode === 'switching-off' && (
          <TwoFactorDisable
            onCancel={() => setMode('idle')}
            onDone={() =>
              finish('Two-factor sign-in is off. Your password alone now signs you in.', 'off')
            }
          />
        )}
      </CardContent>
    </Card>
  );
}

function PasswordCard() {
  return (
    <Card variant="outlined" component="section" aria-labelledby="password-heading">
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <KeyIcon color="primary" sx={{ mt: 0.25 }} aria-hidden />
        <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
          <Typography id="password-heading" variant="h6" component="h2" sx={{ mb: 0.5 }}>
            Password
          </Typography>
          <Typography color="text.secondary">
            A new password signs out every other device that is signed in to your account.
          </Typography>
        </Box>
        {/* Back here afterwards, where the list shows the other devices gone. */}
        <Button
          component={RouterLink}
          to={paths.changePasswordThen(securitySettingsPath)}
          variant="outlined"
          sx={{ alignSelf: 'center', ml: 'auto' }}
        >
          Change password
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * Account security: two-factor sign-in, the password, LinkedIn, where the person is signed in, and
 * deleting the account.
 */
export function SecurityRoute() {
  const profileQuery = useProfile();

  if (profileQuery.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-label="Loading your security settings" />
      </Box>
    );
  }
  if (profileQuery.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void profileQuery.refetch()}>
            Try again
          </Button>
        }
      >
        Your security settings could not be loaded: {apiErrorMessage(profileQuery.error)}
      </Alert>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 3, maxWidth: 760 }}>
      <TwoFactorCard profile={profileQuery.data} />
      <PasswordCard />
      <LinkedinCard twoFactorOn={profileQuery.data.twoFactorEnabled} />
      <SessionsCard />
      <DeleteAccountCard profile={profileQuery.data} />
    </Box>
  );
}
