import Typography, { type TypographyProps } from '@mui/material/Typography';
import { formatTakenAgo, formatTakenAt } from '../../../readings/format/reading-time';

interface TakenAtProps extends Omit<TypographyProps, 'children'> {
  iso: string;
  /** Words before the time: 'Taken' gives 'Taken 5 minutes ago'. */
  prefix?: string;
}

/** When a reading was taken: relative words, the date and time on hover and for machines. */
export function TakenAt({ iso, prefix = 'Taken', ...props }: TakenAtProps) {
  const exact = formatTakenAt(iso);
  return (
    <Typography variant="body2" color="text.secondary" {...props}>
      {prefix}{' '}
      <time dateTime={iso} title={exact}>
        {formatTakenAgo(iso)}
      </time>
    </Typography>
  );
}
