import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { LineChart } from '@mui/x-charts/LineChart';
import type { HealthReading } from '@vitalia/api/records.contract';
import { formatNumber, parseReading } from '@vitalia/health/reading.parse';

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });
const day = 24 * 3600 * 1000;

/**
 * The weights the BMI readings were worked out from, over time, beside the BMI chart. A BMI typed
 * in directly has no weight and is left out; weight itself is not rated, so no ranges are shaded.
 */
export function WeightChart({ readings }: { readings: readonly HealthReading[] }) {
  const theme = useTheme();
  const points = readings
    .flatMap((reading) => {
      const kg = parseReading(reading.weight);
      return kg === null ? [] : [{ at: new Date(reading.takenAt), kg }];
    })
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const first = points[0]?.at.getTime() ?? 0;
  const last = points.at(-1)?.at.getTime() ?? 0;
  const lowest = Math.min(...points.map((point) => point.kg));
  const highest = Math.max(...points.map((point) => point.kg));
  return (
    <Box component="section" aria-labelledby="weight-chart-heading">
      <Typography id="weight-chart-heading" variant="subtitle1" component="h3" sx={{ mb: 0.5 }}>
        Weight
      </Typography>
      {points.length === 0 ? (
        <Typography color="text.secondary">
          Work a BMI out from your weight and the weights are drawn here over time.
        </Typography>
      ) : (
        <Box
          role="img"
          aria-label={`Weight: ${points.length} ${points.length === 1 ? 'reading' : 'readings'} over time, from ${formatNumber(points[0]!.kg)} kg to ${formatNumber(points.at(-1)!.kg)} kg`}
        >
          <LineChart
            height={200}
            margin={{ left: 8, right: 16 }}
            xAxis={[
              {
                data: points.map((point) => point.at),
                scaleType: 'time',
                // A day either side of the first and last, and at most one tick a day, so a
                // single weight is drawn whole and no day is written twice.
                min: new Date(first - day),
                max: new Date(last + day),
                tickMinStep: day,
                valueFormatter: (value: Date) => dayFormat.format(value),
              },
            ]}
            yAxis={[
              {
                label: 'kg',
                width: 56,
                min: Math.floor(lowest - 1),
                max: Math.ceil(highest + 1),
                valueFormatter: (value: number) => formatNumber(value),
              },
            ]}
            series={[
              {
                data: points.map((point) => point.kg),
                label: 'Weight',
                color: theme.palette.secondary.main,
                showMark: true,
                valueFormatter: (value) => (value === null ? '' : `${formatNumber(value)} kg`),
              },
            ]}
            hideLegend
          />
        </Box>
      )}
    </Box>
  );
}
