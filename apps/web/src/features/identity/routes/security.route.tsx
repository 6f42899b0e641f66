import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
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
import { useProfile } from '../api/profile.query';
import { LinkedinCard } from '../components/linkedin-card';
import { SettingHeading, StateChip } from '../components/setting-heading';
import { TwoFactorDisable } from '../components/two-factor-disable';
import { TwoFactorSetup } from '../components/two-factor-setup';

type Mode = 'idle' | 'switching-on' | 'switching-off';

function TwoFactorCard({ profile }: { profile: Profile }) {
  const [mode, setMode] = useState<Mode>('idle');
  const [news, setNews] = useState<string | null>(null);
  const on = profile.twoFactorEnabled;

  const begin = (next: Mode) => {
    setNews(null);
    setMode(next);
  };
  const finish = (message: string) => {
    setMode('idle');
    setNews(message);
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
              )
            }
          />
        )}
        {mode === 'switching-off' && (
          <TwoFactorDisable
            onCancel={() => setMode('idle')}
            onDone={() =>
              finish('Two-factor sign-in is off. Your password alone now signs you in.')
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
        <Button
          component={RouterLink}
          to="/account/password/change"
          variant="outlined"
          sx={{ alignSelf: 'center', ml: 'auto' }}
        >
          Change password
        </Button>
      </CardContent>
    </Card>
  );
}

/** Account security: two-factor sign-in, the password and LinkedIn. */
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
    </Box>
  );
}
