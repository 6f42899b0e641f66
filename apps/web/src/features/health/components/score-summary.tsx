import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { Gauge, gaugeClasses } from '@mui/x-charts/Gauge';
import type { AnalysisResponse } from '@vitalia/api/records.contract';
import { MEASURE_IDS } from '@vitalia/health/measure.catalog';
import { ReadingChip } from '../../../components/ui/reading-chip';
import type { ReadingColour } from '../../../components/ui/reading-colours';

const colourOrder: readonly ReadingColour[] = ['green', 'yellow', 'red', 'grey'];
const countLabels: Record<ReadingColour, string> = {
  green: 'in range',
  yellow: 'borderline',
  red: 'out of range',
  grey: 'without a reading',
};

/** The combined score (forScaleOk, 0 to 9), what makes it up, and what the profile lacks. */
export function ScoreSummary({ analysis }: { analysis: AnalysisResponse }) {
  const theme = useTheme();
  const score = analysis.forScaleOk;
  const total = MEASURE_IDS.length;
  const counts = colourOrder
    .map((colour) => ({
      colour,
      count: MEASURE_IDS.filter((measure) => analysis.measures[measure].colour === colour).length,
    }))
    .filter(({ count }) => count > 0);

  return (
    <Card variant="outlined" component="section" aria-labelledby="score-heading">
      <CardContent
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: { xs: 2, sm: 4 },
          flexWrap: 'wrap',
          p: { xs: 2, sm: 3 },
        }}
      >
        <Box sx={{ position: 'relative', width: 140, height: 140, flexShrink: 0 }}>
          {/* The arc is a picture of the number written in its middle. */}
          <Box aria-hidden sx={{ position: 'absolute', inset: 0 }}>
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
              placeItems: 'center',
              textAlign: 'center',
            }}
          >
            <Typography
              component="p"
              data-testid="health-score"
              sx={{ fontSize: 34, fontWeight: 700, lineHeight: 1, color: 'primary.main' }}
            >
              {score}/{total}
            </Typography>
          </Box>
        </Box>
        <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
          <Typography id="score-heading" variant="h5" component="h2" sx={{ fontWeight: 500 }}>
            Health score
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
            {score === 1
              ? `1 of your ${total} measures is in range.`
              : `${score} of your ${total} measures are in range.`}{' '}
            Each measure in range adds one point, rated from its latest reading.
          </Typography>
          <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0 }}>
            {counts.map(({ colour, count }) => (
              <Box component="li" key={colour} sx={{ listStyle: 'none' }}>
                <ReadingChip
                  size="small"
                  colour={colour}
                  label={`${count} ${countLabels[colour]}`}
                />
              </Box>
            ))}
          </Box>
        </Box>
      </CardContent>
      {analysis.profileOk === 0 && (
        <Alert
          severity="info"
          sx={{ borderRadius: 0, borderTop: 1, borderColor: 'divider' }}
          action={
            <Button
              component={RouterLink}
              to="/account/profile?edit=true"
              color="inherit"
              size="small"
            >
              Complete profile
            </Button>
          }
        >
          Add your date of birth, gender and height to your profile, so your pulse is rated for your
          age and your BMI can be worked out from your weight.
        </Alert>
      )}
    </Card>
  );
}
