import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import KeyIcon from '@mui/icons-material/Key';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import OutgoingMailIcon from '@mui/icons-material/OutgoingMail';
import SecurityIcon from '@mui/icons-material/Security';
import ShareOutlinedIcon from '@mui/icons-material/ShareOutlined';
import type { Profile } from '@vitalia/api/identity.contract';
import { apiErrorMessage } from '../../../lib/api-client';
import { decodeRole, useAccessToken } from '../../../lib/token-store';
import { useSignOut } from '../api/logout.mutation';
import { useProfile } from '../../../api/profile.query';
import { DownloadDataCard } from '../components/download-data-card';
import { ProfileAvatar } from '../components/profile-avatar';
import { EmailText } from '../../../components/ui/email-text';
import { nameOf } from '../utils/profile-names';
import { paths } from '../../../lib/paths';

interface AccountCardProps {
  icon: ReactNode;
  heading: string;
  children: ReactNode;
  to: string;
  /** A short state beside the heading, such as whether two-factor sign-in is on. */
  badge?: string | undefined;
}

function AccountCard({ icon, heading, children, to, badge }: AccountCardProps) {
  const id = useId();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      {/* Named by the heading alone, so a list of links reads as "Profile", "Change password". */}
      <CardActionArea
        component={RouterLink}
        to={to}
        aria-labelledby={`${id}-heading`}
        aria-describedby={badge ? `${id}-badge ${id}-text` : `${id}-text`}
        sx={{ height: '100%' }}
      >
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', height: '100%' }}>
          <Box sx={{ color: 'primary.main', pt: 0.25 }} aria-hidden>
            {icon}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 0.5 }}>
              <Typography
                id={`${id}-heading`}
                variant="h6"
                component="h2"
                sx={{ fontSize: '1.05rem' }}
              >
                {heading}
              </Typography>
              {badge && <Chip id={`${id}-badge`} label={badge} size="small" />}
            </Box>
            <Typography id={`${id}-text`} variant="body2" color="text.secondary">
              {children}
            </Typography>
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function WhoIsSignedIn() {
  const { data: profile, isPending, isError, error } = useProfile();
  if (isError) return <Alert severity="error">{apiErrorMessage(error)}</Alert>;
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2.5, flexWrap: 'wrap' }}>
        <ProfileAvatar profile={profile} size={72} />
        <Box sx={{ minWidth: 0, flex: '1 1 220px' }}>
          {isPending ? (
            <>
              <Skeleton width="40%" sx={{ fontSize: '1.5rem' }} />
              <Skeleton width="60%" />
            </>
          ) : (
            <>
              <Typography variant="h5" component="p" sx={{ overflowWrap: 'anywhere' }}>
                <EmailText address={nameOf(profile)} />
              </Typography>
              {/* Without a name the heading is the address already. */}
              {nameOf(profile) !== profile.username && (
                <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  Signed in as <EmailText address={profile.username} />
                </Typography>
              )}
            </>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}

function twoFactorBadge(profile: Profile | undefined): string | undefined {
  if (!profile) return undefined;
  return profile.twoFactorEnabled ? 'Two-factor on' : 'Two-factor off';
}

/** The account landing: who is signed in and the ways to manage the account. */
export function AccountRoute() {
  const signOut = useSignOut();
  const { data: profile } = useProfile();
  const isAdmin = decodeRole(useAccessToken()) === 'ADMIN';
  return (
    <Box sx={{ display: 'grid', gap: 3, maxWidth: 960 }}>
      <WhoIsSignedIn />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
        }}
      >
        <AccountCard icon={<PersonIcon />} heading="Profile" to={paths.profile}>
          Your name, contact details, date of birth, height and picture.
        </AccountCard>
        <AccountCard icon={<KeyIcon />} heading="Change password" to={paths.changePassword}>
          Choose a new password. Your other devices are then signed out.
        </AccountCard>
        <AccountCard
          icon={<SecurityIcon />}
          heading="Security"
          to={paths.security}
          badge={twoFactorBadge(profile)}
        >
          Two-factor sign-in, and the devices where you are signed in, to end any you do not
          recognise.
        </AccountCard>
        <AccountCard icon={<ShareOutlinedIcon />} heading="Sharing" to={paths.sharing}>
          The doctors and links that see your readings, and every time they looked.
        </AccountCard>
        {isAdmin && (
          <AccountCard icon={<OutgoingMailIcon />} heading="Outgoing mail" to={paths.mailAdmin}>
            Mail the server could not send after every try, to send again once the cause is fixed.
          </AccountCard>
        )}
      </Box>
      <DownloadDataCard />
      <Box>
        <Button variant="outlined" color="primary" startIcon={<LogoutIcon />} onClick={signOut}>
          Sign out
        </Button>
      </Box>
    </Box>
  );
}
