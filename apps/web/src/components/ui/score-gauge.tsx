import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { Gauge, gaugeClasses } from '@mui/x-charts/Gauge';

interface ScoreGaugeProps {
  score: number;
  total: number;
}

/**
 * The score as an arc with '3 of 9' in its middle. It is a picture of the sentence beside it
 * ('In range: 3 of 9 · 5 of 9 measured'), which is what screen readers read, so it is hidden
 * from them.
 */
export function ScoreGauge({ score, total }: ScoreGaugeProps) {
  const theme = useTheme();
  return (
    <Box aria-hidden sx={{ position: 'relative', width: 140, height: 140, flexShrink: 0 }}>
      <Box sx={{ position: 'absolute', inset: 0 }}>
        <Gauge
          width={140}
          height={140}
          value={score}
          valueMin={0}
          valueMax={total}
          startAngle={-120}
          endAngle={120}
          innerRadius="78%"
          cornerRadius="50%"
          text={() => ''}
          sx={{
            [`& .${gaugeClasses.valueArc}`]: { fill: theme.palette.secondary.main },
            [`& .${gaugeClasses.referenceArc}`]: { fill: theme.palette.grey[200] },
          }}
        />
      </Box>
      <Box
        sx={{
          position: 'absolute',
          inset: 0,
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
