import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import DoNotDisturbOnOutlinedIcon from '@mui/icons-material/DoNotDisturbOnOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutlineOutlined';
import type { StatusWords } from '../utils/share-text';

const icons = {
  on: { Icon: CheckCircleOutlineIcon, colour: 'success.main' },
  waiting: { Icon: HourglassEmptyIcon, colour: 'info.main' },
  paused: { Icon: PauseCircleOutlineIcon, colour: '#b26a00' },
  off: { Icon: DoNotDisturbOnOutlinedIcon, colour: 'text.secondary' },
} as const;

/** Where a share or a link stands, in a sentence; the icon beside it only repeats it. */
export function StatusLine({ words }: { words: StatusWords }) {
  const { Icon, colour } = icons[words.tone];
  return (
    <Box sx={{ display: 'flex', gap: 0.75, alignItems: 'flex-start' }}>
      <Icon aria-hidden fontSize="small" sx={{ color: colour, mt: '2px' }} />
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {words.sentence}
      </Typography>
    </Box>
  );
}
