import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Share } from '@vitalia/api/sharing.contract';
import { isOver } from '../utils/share-text';
import { ShareRow } from './share-row';
import { dividedListSx } from './sharing-section';

interface ShareListProps {
  shares: readonly Share[];
  changingId: string | null;
  onPause: (share: Share, paused: boolean) => void;
  onEnd: (share: Share) => void;
}

/** The live shares and invites, then, greyed under a heading of their own, those that are over. */
export function ShareList({ shares, changingId, onPause, onEnd }: ShareListProps) {
  const live = shares.filter((share) => !isOver(share));
  const over = shares.filter(isOver);
  const row = (share: Share, heading: 'h3' | 'h4') => (
    <ShareRow
      key={share.id}
      share={share}
      heading={heading}
      changing={changingId === share.id}
      onPause={onPause}
      onEnd={onEnd}
    />
  );
  return (
    <>
      {live.length === 0 ? (
        <Typography color="text.secondary">
          You share with no doctor now. Invite one: they see only what you choose, and you can pause
          or end it at any time.
        </Typography>
      ) : (
        <Box component="ul" aria-label="Your doctors" sx={dividedListSx}>
          {live.map((share) => row(share, 'h3'))}
        </Box>
      )}
      {over.length > 0 && (
        <Box component="section" aria-labelledby="shares-over-heading">
          <Typography
            id="shares-over-heading"
            variant="subtitle2"
            component="h3"
            color="text.secondary"
          >
            Ended and declined, for the record
          </Typography>
          <Box component="ul" aria-label="Ended and declined" sx={dividedListSx}>
            {over.map((share) => row(share, 'h4'))}
          </Box>
        </Box>
      )}
    </>
  );
}
