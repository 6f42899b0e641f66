import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import DevicesIcon from '@mui/icons-material/Devices';
import LaptopIcon from '@mui/icons-material/Laptop';
import SmartphoneIcon from '@mui/icons-material/Smartphone';
import type { SessionView } from '@vitalia/api/identity.contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadError } from '../../../components/ui/load-error';
import { TimeAgo } from '../../../components/ui/time-ago';
import { apiErrorMessage } from '../../../lib/api-client';
import { httpStatusOf } from '../../../lib/http-status';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions';
import {
  clientLabel,
  deviceInSentence,
  deviceTitle,
  sessionsEndedText,
} from '../utils/session-text';
import { SettingHeading } from './setting-heading';

function DeviceIcon({ device }: { device: string }) {
  const icon = /Android|iOS/.test(device) ? <SmartphoneIcon /> : <LaptopIcon />;
  return (
    <Box sx={{ color: 'text.secondary', display: 'flex', mt: 0.25 }} aria-hidden>
      {icon}
    </Box>
  );
}

/** 'Last used 5 minutes ago', with the exact time on hover and for screen readers. */
function LastUsed({ iso }: { iso: string }) {
  return (
    <>
      Last used <TimeAgo iso={iso} />
    </>
  );
}

interface SessionRowProps {
  session: SessionView;
  onEnd: (session: SessionView) => void;
}

function SessionRow({ session, onEnd }: SessionRowProps) {
  const detailsId = useId();
  const client = clientLabel(session.client);
  const where = [client, session.ip].filter((part) => part !== null).join(' · ');
  return (
    <Box
      component="li"
      sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', py: 1.5 }}
    >
      <DeviceIcon device={session.device} />
      <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography component="span" sx={{ fontWeight: 500 }}>
            {deviceTitle(session)}
          </Typography>
          {session.current && (
            <Chip label="This device" color="primary" size="small" variant="outlined" />
          )}
        </Box>
        <Typography
          id={detailsId}
          variant="body2"
          color="text.secondary"
          component="div"
          sx={{ overflowWrap: 'anywhere' }}
        >
          {where && <div>{where}</div>}
          {/* The session in use right now has no 'last used': its time is stamped only at sign-in
              and at each token refresh, so it would read as minutes ago while the person uses it. */}
          {!session.current && (
            <div>
              <LastUsed iso={session.lastUsedAt} />
            </div>
          )}
        </Typography>
      </Box>
      {!session.current && (
        <Button
          variant="outlined"
          color="error"
          size="small"
          aria-label={`End the session on ${deviceInSentence(session)}`}
          aria-describedby={detailsId}
          onClick={() => onEnd(session)}
          sx={{ alignSelf: 'center', ml: 'auto' }}
        >
          End
        </Button>
      )}
    </Box>
  );
}

type Target = { one: SessionView } | { others: number };

/**
 * Where the person is signed in: every live session with its device, app, address and last use,
 * this one marked. Any other one can be ended, or all of them at once; this one ends by signing
 * out. (Issue 17, item 5; ASVS 5.0 7.4.3.)
 */
export function SessionsCard() {
  const sessionsQuery = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  // What the dialog asks about stays set while it closes, so its words do not change as it fades.
  const [target, setTarget] = useState<Target>({ others: 0 });
  const [confirming, setConfirming] = useState(false);
  const [dialogError, setDialogError] = useState<string | undefined>(undefined);
  const [news, setNews] = useState<{ text: string; severity: 'success' | 'info' } | null>(null);

  const sessions = sessionsQuery.data;
  // This device first, then the others as the server orders them: the most recently used first.
  const ordered = sessions && [
    ...sessions.filter((session) => session.current),
    ...sessions.filter((session) => !session.current),
  ];
  const others = sessions?.filter((session) => !session.current).length ?? 0;

  const ask = (next: Target) => {
    setNews(null);
    setDialogError(undefined);
    setTarget(next);
    setConfirming(true);
  };

  const confirm = async () => {
    setDialogError(undefined);
    try {
      if ('others' in target) {
        setNews({ text: sessionsEndedText(await endOthers.mutateAsync()), severity: 'success' });
      } else {
        await endOne.mutateAsync(target.one.id);
        setNews({ text: sessionsEndedText(1), severity: 'success' });
      }
    } catch (error) {
      if (httpStatusOf(error) === 404) {
        // Ended meanwhile, say from that device or another tab: the fresh list no longer has it.
        setNews({ text: 'That session had already ended.', severity: 'info' });
      } else {
        setDialogError(apiErrorMessage(error));
        return;
      }
    }
    setConfirming(false);
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="sessions-heading">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <SettingHeading
          icon={<DevicesIcon />}
          id="sessions-heading"
          title="Where you are signed in"
        >
          Every browser and app signed in to your account. If you do not recognise one, end it and
          change your password.
        </SettingHeading>

        {sessionsQuery.isPending && (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 2 }}>
            <CircularProgress size={28} aria-label="Loading where you are signed in" />
          </Box>
        )}
        {sessionsQuery.isError && (
          <LoadError
            what="Your sessions"
            error={sessionsQuery.error}
            onRetry={() => void sessionsQuery.refetch()}
          />
        )}
        {news && (
          <Alert severity={news.severity} onClose={() => setNews(null)}>
            {news.text}
          </Alert>
        )}

        {ordered && (
          <Box
            component="ul"
            aria-label="Sessions"
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              '& > li + li': { borderTop: 1, borderColor: 'divider' },
            }}
          >
            {ordered.map((session) => (
              <SessionRow key={session.id} session={session} onEnd={(one) => ask({ one })} />
            ))}
          </Box>
        )}
        {sessions && others === 0 && (
          // In line with the words above it, past the device icons.
          <Typography variant="body2" color="text.secondary" sx={{ pl: 5 }}>
            No other device is signed in.
          </Typography>
        )}
        {others > 0 && (
          <>
            <Divider />
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <Button variant="outlined" color="error" onClick={() => ask({ others })}>
                Sign out everywhere else
              </Button>
            </Box>
          </>
        )}
      </CardContent>

      <ConfirmDialog
        open={confirming}
        title={'others' in target ? 'Sign out everywhere else?' : 'End this session?'}
        message={
          'others' in target
            ? `${target.others === 1 ? 'The other session ends' : `All ${target.others} other sessions end`} at once, and signing in there again needs your password. This device stays signed in.`
            : `${deviceTitle(target.one)}${target.one.ip ? ` at ${target.one.ip}` : ''} is signed out at once, and signing in there again needs your password.`
        }
        confirmLabel={'others' in target ? 'Sign out others' : 'End session'}
        destructive
        busy={endOne.isPending || endOthers.isPending}
        error={dialogError}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
