import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import LockPersonOutlinedIcon from '@mui/icons-material/LockPersonOutlined';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import type { FailedMail } from '@vitalia/api/system.contract';
import { LoadError } from '../../../components/ui/load-error';
import { apiErrorMessage } from '../../../lib/api-client';
import { decodeRole, useAccessToken } from '../../../lib/token-store';
import { useFailedMail, useRetryMail } from '../api/failed-mail.query';
import { paths } from '../../../lib/paths';

// '24 Nov 2026, 09:10': the 24-hour clock of the rest of the app, whatever the browser's language.
const when = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  hourCycle: 'h23',
});
const formatTime = (iso: string) => when.format(new Date(iso));

/**
 * A mail's purpose is its template's name ('verify-email'), said as words ('Verify email'); mail
 * queued by an older server says it in words already ('account change: two-factor on').
 */
const purposeLabel = (purpose: string) => {
  const words = purpose.replaceAll('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function NotAllowed() {
  return (
    <Card variant="outlined" sx={{ maxWidth: 640, mx: 'auto', textAlign: 'center', py: 6, px: 3 }}>
      <LockPersonOutlinedIcon sx={{ fontSize: 56, color: 'primary.main' }} aria-hidden />
      <Typography variant="h5" component="h2" sx={{ mt: 1.5, fontWeight: 600 }}>
        This page is for administrators
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        It shows mail the server could not send. Your own account is on the account page.
      </Typography>
      <Button component={RouterLink} to={paths.account} variant="contained" sx={{ mt: 3 }}>
        Back to your account
      </Button>
    </Card>
  );
}

interface FailedMailCardProps {
  mail: FailedMail;
  busy: boolean;
  outcome: { ok: boolean; text: string } | undefined;
  onRetry: (mail: FailedMail) => void;
}

function FailedMailCard({ mail, busy, outcome, onRetry }: FailedMailCardProps) {
  const headingId = `failed-mail-${mail.id}`;
  return (
    <Card variant="outlined" component="li" aria-labelledby={headingId} sx={{ listStyle: 'none' }}>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
            <Typography id={headingId} variant="h6" component="h2" sx={{ fontSize: '1.05rem' }}>
              {purposeLabel(mail.purpose)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Queued {formatTime(mail.createdAt)}; given up {formatTime(mail.failedAt)} after{' '}
              {mail.attempts === 1 ? 'one try' : `${mail.attempts} tries`}.
            </Typography>
          </Box>
          <Button
            variant="outlined"
            startIcon={<ReplayIcon />}
            disabled={busy}
            onClick={() => onRetry(mail)}
            aria-describedby={headingId}
          >
            Try again
          </Button>
        </Box>
        <Box
          component="p"
          sx={{
            m: 0,
            p: 1.25,
            borderRadius: 1,
            bgcolor: 'grey.100',
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
            fontSize: '0.85rem',
            overflowWrap: 'anywhere',
          }}
        >
          <Box component="span" sx={{ fontWeight: 600 }}>
            Last error:{' '}
          </Box>
          {mail.lastError}
        </Box>
        {outcome && (
          <Alert severity={outcome.ok ? 'success' : 'error'} role="status">
            {outcome.text}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

function FailedMailList() {
  const { data, isPending, isError, error, refetch } = useFailedMail();
  const retry = useRetryMail();
  const [outcomes, setOutcomes] = useState<Record<string, { ok: boolean; text: string }>>({});
  const [sent, setSent] = useState<string | null>(null);

  if (isError) return <LoadError what="Failed mail" error={error} onRetry={() => void refetch()} />;
  if (isPending) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }} aria-busy="true" aria-label="Loading failed mail">
        <Skeleton variant="rounded" height={72} />
        <Skeleton variant="rounded" height={140} />
      </Box>
    );
  }

  const tryAgain = (mail: FailedMail) => {
    setSent(null);
    retry.mutate(mail.id, {
      onSuccess: () => setSent(`${purposeLabel(mail.purpose)}: sent for another try.`),
      onError: (failure) =>
        setOutcomes((all) => ({
          ...all,
          [mail.id]: { ok: false, text: apiErrorMessage(failure) },
        })),
    });
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {sent && (
        <Alert severity="success" role="status" onClose={() => setSent(null)}>
          {sent} If it fails again it comes back to this list.
        </Alert>
      )}
      {data.dead === 0 ? (
        <Alert severity="success" icon={<MarkEmailReadOutlinedIcon />}>
          <AlertTitle>No mail is waiting for you</AlertTitle>
          Every mail was sent or is still being tried. A mail appears here when it has failed every
          try, three to four hours after it was first sent.
        </Alert>
      ) : (
        <>
          <Alert severity="warning">
            <AlertTitle>
              {data.dead === 1
                ? 'One mail could not be sent'
                : `${data.dead} mails could not be sent`}
            </AlertTitle>
            People are missing links or notices. Fix the cause shown in the error (the mail
            server&apos;s address or password in SMTP_URL, or the provider&apos;s limits), then try
            again. A mail is kept here for a week.
            {data.dead > data.mails.length && ` The newest ${data.mails.length} are listed.`}
          </Alert>
          <Box component="ul" sx={{ display: 'grid', gap: 2, m: 0, p: 0 }}>
            {data.mails.map((mail) => (
              <FailedMailCard
                key={mail.id}
                mail={mail}
                busy={retry.isPending && retry.variables === mail.id}
                outcome={outcomes[mail.id]}
                onRetry={tryAgain}
              />
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}

/** /admin/mail: mail that failed every try, to try again once its cause is fixed (ADMIN only). */
export function MailAdminRoute() {
  const isAdmin = decodeRole(useAccessToken()) === 'ADMIN';
  if (!isAdmin) return <NotAllowed />;
  return (
    <Box sx={{ maxWidth: 960, display: 'grid', gap: 2 }}>
      <Typography color="text.secondary">
        Every mail (verification and reset links, account notices, order mail, reminders and weekly
        summaries) is tried again ten times, over three to four hours. Those that failed every try
        are listed here. Their text and addresses are not shown: they hold links that open accounts.
        A mail whose moment has passed (an expired link, a reminder hours late) is not sent, even if
        tried again.
      </Typography>
      <FailedMailList />
    </Box>
  );
}
