import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { BandColour } from '@vitalia/health/band.model';
import { readingColours } from '../components/reading-colours';
import type { ShadedBand } from './chart-bands';

const order: readonly BandColour[] = ['green', 'yellow', 'red'];

/** What the shaded colours mean, for the colours the chart uses. */
export function ChartLegend({ bands, note }: { bands: readonly ShadedBand[]; note?: string }) {
  const colours = order.filter((colour) => bands.some((band) => band.colour === colour));
  return (
    <Box
      component="ul"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 0, m: 0, alignItems: 'center' }}
    >
      {colours.map((colour) => (
        <Box
          component="li"
          key={colour}
          sx={{ listStyle: 'none', display: 'flex', alignItems: 'center', gap: 1 }}
        >
          <Box
            aria-hidden
            sx={{
              width: 14,
              height: 14,
              borderRadius: 0.5,
              bgcolor: readingColours[colour].background,
              border: 1,
              borderColor: readingColours[colour].main,
            }}
          />
          <Typography variant="body2" color="text.secondary">
            {readingColours[colour].meaning}
          </Typography>
        </Box>
      ))}
      {note && (
        <Typography
          component="li"
          variant="body2"
          color="text.secondary"
          sx={{ listStyle: 'none' }}
        >
          {note}
        </Typography>
      )}
    </Box>
  );
}
