import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';

interface ScoreGaugeProps {
  score: number;
  total: number;
}

// Drawn by hand rather than with the charts library's Gauge, which brought about 60 KB gzipped
// to the dashboard for one arc. The arc opens at the bottom: 240 degrees, from -120 to 120
// (0 is straight up, angles grow clockwise).
const size = 140;
const stroke = 12;
const sweep = 240;
const radius = (size - stroke) / 2;
// The arc's outline is 1.5 radii tall plus the stroke (its round ends reach half a stroke below
// the ends); centred in the square, the circle's centre sits this far down.
const centreY = (size - (1.5 * radius + stroke)) / 2 + radius + stroke / 2;

/** A point on the arc's circle, `angle` degrees clockwise from straight up. */
function pointAt(angle: number): string {
  const radians = (angle * Math.PI) / 180;
  const x = size / 2 + radius * Math.sin(radians);
  const y = centreY - radius * Math.cos(radians);
  return `${x.toFixed(2)} ${y.toFixed(2)}`;
}

/** The whole arc, start to end; the filled part is the same path drawn only partly. */
const arc = `M ${pointAt(-sweep / 2)} A ${radius} ${radius} 0 1 1 ${pointAt(sweep / 2)}`;

/**
 * The score as an arc with '3 of 9' in its middle. It is a picture of the sentence beside it
 * ('In range: 3 of 9 · 5 of 9 measured'), which is what screen readers read, so it is hidden
 * from them.
 */
export function ScoreGauge({ score, total }: ScoreGaugeProps) {
  const theme = useTheme();
  const filled = Math.min(Math.max(score, 0), total);
  return (
    <Box aria-hidden sx={{ position: 'relative', width: size, height: size, flexShrink: 0 }}>
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`}>
        <path
          data-testid="gauge-track"
          d={arc}
          fill="none"
          stroke={theme.palette.grey[200]}
          strokeWidth={stroke}
          strokeLinecap="round"
        />
        {/* pathLength makes the arc `total` long, so the dash is exactly `score` of it. Nothing
            is drawn for 0: a dash of no length would still show its round end as a dot. */}
        {filled > 0 && (
          <path
            data-testid="gauge-value"
            d={arc}
            pathLength={total}
            strokeDasharray={`${filled} ${total}`}
            fill="none"
            stroke={theme.palette.secondary.main}
            strokeWidth={stroke}
            strokeLinecap="round"
          />
        )}
      </svg>
      {/* Centred on the circle's centre, not the square's, so the words sit inside the ring. */}
      <Box
        sx={{
          position: 'absolute',
          inset: 0,
          top: 2 * centreY - size,
          display: 'grid',
          placeContent: 'center',
          textAlign: 'center',
        }}
      >
        <Typography
          component="span"
          sx={{ fontSize: 34, fontWeight: 700, lineHeight: 1, color: 'primary.main' }}
        >
          {score}
        </Typography>
        <Typography component="span" color="text.secondary" sx={{ fontSize: 14 }}>
          of {total} in range
        </Typography>
      </Box>
    </Box>
  );
}
