import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Share } from '@vitalia/api/sharing.contract';
import { EmailText } from '../../../components/ui/email-text';
import { TimeAgo } from '../../../components/ui/time-ago';
import { doctorOf, isOver, sharedWindowText, shareStatusWords } from '../utils/share-text';
import { rowSx } from './sharing-section';
import { StatusLine } from './status-line';

interface ShareRowProps {
  share: Share;
  /** h3 among the live shares; h4 under the heading of those that are over. */
  heading: 'h3' | 'h4';
  /** The share whose pause or resume is under way. */
  changing: boolean;
  onPause: (share: Share, paused: boolean) => void;
  onEnd: (share: Share) => void;
}

/** When the doctor last looked: said for shares they could read, not for invites. */
function LastLooked({ share }: { share: Share }) {
  if (share.lastViewedAt) {
    return (
      <>
        Last looked <TimeAgo iso={share.lastViewedAt} />
      </>
    );
  }
  return share.status === 'pending' || share.status === 'declined' ? null : <>Not looked at yet</>;
}

/** One doctor: who, what they may see, where the share stands, and what can be done with it. */
export function ShareRow({ share, heading, changing, onPause, onEnd }: ShareRowProps) {
  const detailsId = useId();
  const doctor = doctorOf(share);
  const over = isOver(share);
  const live = share.status === 'active' || share.status === 'paused';
  return (
    <Box
      component="li"
      aria-label={doctor}
      sx={{ ...rowSx, color: over ? 'text.secondary' : 'text.primary' }}
    >
      <Box id={detailsId} sx={{ flex: '1 1 280px', minWidth: 0, display: 'grid', gap: 0.5 }}>
        <Typography component={heading} sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          <EmailText address={doctor} />
        </Typography>
        {share.doctorName && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            <EmailText address={share.doctorEmail} />
          </Typography>
        )}
        <StatusLine words={shareStatusWords(share)} />
        <Typography variant="body2" color="text.secondary">
          {sharedWindowText(share)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <LastLooked share={share} />
        </Typography>
      </Box>
      {!over && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignSelf: 'center' }}>
          {live && (
            <Button
              variant="outlined"
              size="small"
              loading={changing}
              aria-label={`${share.status === 'paused' ? 'Resume' : 'Pause'} sharing with ${doctor}`}
              aria-describedby={detailsId}
              onClick={() => onPause(share, share.status !== 'paused')}
            >
              {share.status === 'paused' ? 'Resume' : 'Pause'}
            </Button>
          )}
          <Button
            variant="outlined"
            color="error"
            size="small"
            aria-label={live ? `End sharing with ${doctor}` : `Withdraw the invite to ${doctor}`}
            onClick={() => onEnd(share)}
          >
            {live ? 'End sharing' : 'Withdraw invite'}
          </Button>
        </Box>
      )}
    </Box>
  );
}
