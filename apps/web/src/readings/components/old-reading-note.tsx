import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import HistoryIcon from '@mui/icons-material/History';
import type { MeasureId } from '@vitalia/health/measure.catalog';
import { freshFor } from '../format/score-text';

/**
 * Said beside a reading too old to count (docs/clinical-reference.md, 'The score'), in words and
 * with an icon, so it does not rest on colour; `invite` adds the ask to measure again.
 */
export function OldReadingNote({
  measure,
  invite = false,
  sx,
}: {
  measure: MeasureId;
  invite?: boolean;
  sx?: SxProps<Theme>;
}) {
  return (
    <Typography
      variant="body2"
      data-testid={`old-${measure}`}
      sx={[
        { display: 'flex', gap: 0.5, alignItems: 'flex-start' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <HistoryIcon fontSize="small" aria-hidden />
      <span>
        <strong>Old reading</strong>: over {freshFor(measure)} old, so it does not count in your
        score.{invite ? ' Add a new reading to see where you are now.' : ''}
      </span>
    </Typography>
  );
}
