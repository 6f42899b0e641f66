import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ShareLink } from '@vitalia/api/sharing.contract';
import { TimeAgo } from '../../../components/ui/time-ago';
import { measuresText } from '../utils/measure-choice';
import { linkStatusWords, opensText } from '../utils/share-text';
import { rowSx } from './sharing-section';
import { StatusLine } from './status-line';

interface LinkRowProps {
  link: ShareLink;
  onEnd: (link: ShareLink) => void;
}

/** One link: what it is for and shows, whether it still opens, and how often it was opened. */
export function LinkRow({ link, onEnd }: LinkRowProps) {
  const words = linkStatusWords(link);
  const live = link.status === 'active';
  return (
    <Box
      component="li"
      aria-label={link.label}
      sx={{ ...rowSx, color: live ? 'text.primary' : 'text.secondary' }}
    >
      <Box sx={{ flex: '1 1 280px', minWidth: 0, display: 'grid', gap: 0.5 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography component="h3" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
            {link.label}
          </Typography>
          <Chip
            label={words.label}
            size="small"
            variant="outlined"
            color={live ? 'success' : 'default'}
          />
        </Box>
        <StatusLine words={words} />
        <Typography variant="body2" color="text.secondary">
          {measuresText(link.allMeasures, link.measures)} ·{' '}
          {link.hasCode ? 'with a 6-digit code' : 'without a code'}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {opensText(link.opens)}
          {link.lastOpenedAt && (
            <>
              , last <TimeAgo iso={link.lastOpenedAt} />
            </>
          )}
        </Typography>
      </Box>
      {live && (
        <Button
          variant="outlined"
          color="error"
          size="small"
          aria-label={`End the link ${link.label}`}
          onClick={() => onEnd(link)}
          sx={{ alignSelf: 'center' }}
        >
          End link
        </Button>
      )}
    </Box>
  );
}
