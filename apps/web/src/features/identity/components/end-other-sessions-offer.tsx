import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { apiErrorMessage } from '../../../lib/api-client';
import { useEndOtherSessions, useSessions } from '../api/sessions';
import { otherDevicesAre, sessionsEndedText } from '../utils/session-text';

interface EndOtherSessionsOfferProps {
  /** Why signing the others out is worth it now, after the change just made. */
  reason: string;
  /** The person chose, or has read the outcome. */
  onClose: () => void;
}

interface QuestionProps extends EndOtherSessionsOfferProps {
  others: number;
  busy: boolean;
  error: unknown;
  onEnd: () => void;
}

function Question({ others, reason, busy, error, onEnd, onClose }: QuestionProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form that led here has just gone, and the focus with it; the question takes it.
  useEffect(() => heading.current?.focus(), []);
  const devices = otherDevicesAre(others);

  return (
    <Alert severity="info" role="group" aria-labelledby="end-others-heading">
      <AlertTitle
        ref={heading}
        id="end-others-heading"
        component="h3"
        tabIndex={-1}
        sx={{ outline: 'none' }}
      >
        Sign out your other devices?
      </AlertTitle>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {devices.charAt(0).toUpperCase() + devices.slice(1)} still signed in to your account.{' '}
        {reason}
      </Typography>
      {error !== null && (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          {apiErrorMessage(error)}
        </Alert>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="contained" size="small" loading={busy} onClick={onEnd}>
          Sign out other devices
        </Button>
        <Button size="small" onClick={onClose} disabled={busy}>
          Keep them
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * After a change to how the account is opened (two-factor sign-in on or off), the offer to sign
 * out every other session, so none carries on under the old terms (ASVS 5.0 7.4.3). Nothing is
 * shown while no other session is signed in.
 */
export function EndOtherSessionsOffer({ reason, onClose }: EndOtherSessionsOfferProps) {
  const { data: sessions } = useSessions();
  const endOthers = useEndOtherSessions();
  const [ended, setEnded] = useState<number | null>(null);
  const others = sessions?.filter((session) => !session.current).length ?? 0;

  if (ended !== null) {
    return (
      <Alert severity="success" onClose={onClose}>
        {sessionsEndedText(ended)} Only this device is signed in now.
      </Alert>
    );
  }
  if (others === 0) return null;
  return (
    <Question
      others={others}
      reason={reason}
      busy={endOthers.isPending}
      error={endOthers.error}
      onEnd={() => endOthers.mutate(undefined, { onSuccess: setEnded })}
      onClose={onClose}
    />
  );
}
