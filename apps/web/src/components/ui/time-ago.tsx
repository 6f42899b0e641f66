import Box from '@mui/material/Box';
import { formatTakenAgo, formatTakenAt } from '../../readings/format/reading-time';
import { visuallyHidden } from './visually-hidden';

/** '5 minutes ago', with the exact time on hover and for screen readers. */
export function TimeAgo({ iso }: { iso: string }) {
  const exact = formatTakenAt(iso);
  return (
    <>
      <time dateTime={iso} title={exact}>
        {formatTakenAgo(iso)}
      </time>
      <Box component="span" sx={visuallyHidden}>
        {` (${exact})`}
      </Box>
    </>
  );
}
