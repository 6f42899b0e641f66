import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { MEASURES, type MeasureId } from '@vitalia/health/measure.catalog';
import { MeasureIcon } from '../../../readings/components/measure-icon';
import { ProfileHint } from './profile-hint';
import { addReadingPath } from './quick-add-reading';

/**
 * The measures people track most at home, offered first; where the number comes from is the
 * measure's own `from` (its definition in @vitalia/health).
 */
const starts: ReadonlyArray<{ measure: MeasureId; name: string }> = [
  { measure: 'bloodPressure', name: 'blood pressure' },
  { measure: 'sugar', name: 'blood sugar' },
  { measure: 'bmi', name: 'weight and BMI' },
];

export const firstStartMeasures: readonly MeasureId[] = starts.map((start) => start.measure);

/**
 * What a person with no readings sees instead of a score of zero: what Vitalia does with a
 * reading, and one-tap starts for the measures most people begin with.
 */
export function FirstSteps({ profileComplete }: { profileComplete: boolean }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="first-steps-heading">
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Box>
          <Typography id="first-steps-heading" variant="h5" component="h2">
            Welcome. Start with one reading
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, maxWidth: '70ch' }}>
            Type in a number from your monitor, meter or scale, and Vitalia tells you at once what
            it means: a colour, a label and what to do next, with the source of the advice. Only you
            can see your readings. Your health score appears with your first one.
          </Typography>
        </Box>
        <Box
          component="ul"
          aria-label="Start with"
          sx={{
            m: 0,
            p: 0,
            listStyle: 'none',
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          {starts.map(({ measure, name }) => (
            <Card key={measure} component="li" variant="outlined" sx={{ bgcolor: 'grey.50' }}>
              <CardActionArea
                component={RouterLink}
                to={addReadingPath(MEASURES[measure].slug)}
                sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 1.5 }}
              >
                <MeasureIcon measure={measure} color="primary" sx={{ fontSize: 32 }} />
                <Box sx={{ flexGrow: 1 }}>
                  <Typography sx={{ fontWeight: 600 }}>Add {name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {MEASURES[measure].from.en}
                  </Typography>
                </Box>
              </CardActionArea>
            </Card>
          ))}
        </Box>
      </CardContent>
      {!profileComplete && <ProfileHint />}
    </Card>
  );
}
