import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';

export interface SparklineProps {
  /** One or two series (systolic and diastolic), oldest first, the same length. */
  series: ReadonlyArray<readonly number[]>;
  /** What a screen reader hears instead: the values in words. */
  label: string;
}

const width = 120;
const height = 32;
const pad = 3;

/**
 * A small line of the last readings, drawn in SVG: no chart library on the dashboard's first
 * paint. The newest point is marked; one reading draws nothing.
 */
export function Sparkline({ series, label }: SparklineProps) {
  const theme = useTheme();
  const all = series.flat();
  if (all.length < 2 || (series[0]?.length ?? 0) < 2) return null;
  const low = Math.min(...all);
  const high = Math.max(...all);
  const span = high - low || 1;
  const count = series[0]!.length;
  const x = (index: number) => pad + (index * (width - 2 * pad)) / (count - 1);
  // A flat line sits in the middle rather than on the floor.
  const y = (value: number) =>
    high === low ? height / 2 : height - pad - ((value - low) * (height - 2 * pad)) / span;
  const colours = [theme.palette.primary.main, theme.palette.secondary.main];
  return (
    <Box
      component="svg"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${height}`}
      sx={{ display: 'block', width, height, overflow: 'visible' }}
    >
      {series.map((values, line) => (
        <g key={line} stroke={colours[line]} fill={colours[line]}>
          <polyline
            points={values.map((value, index) => `${x(index)},${y(value)}`).join(' ')}
            fill="none"
            strokeWidth={2}
            strokeLinejoin="round"
            strokeLinecap="round"
          />
          <circle cx={x(values.length - 1)} cy={y(values.at(-1)!)} r={2.5} stroke="none" />
        </g>
      ))}
    </Box>
  );
}
