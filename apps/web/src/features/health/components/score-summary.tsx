import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import HistoryIcon from '@mui/icons-material/History';
import TuneIcon from '@mui/icons-material/Tune';
import type { AnalysisResponse } from '@vitalia/api/records.contract';
import { MEASURE_COUNT, MEASURE_IDS } from '@vitalia/health/measure.catalog';
import { ReadingChip } from '../../../readings/components/reading-chip';
import type { ReadingColour } from '../../../readings/components/reading-colours';
import { ScoreGauge } from '../../../readings/components/score-gauge';
import { scoreTotal, SCORE_RULE, scoreLine } from '../../../readings/format/score-text';
import { paths } from '../../../lib/paths';
import { FollowedMeasuresDialog } from './followed-measures-dialog';

const colourOrder: readonly ReadingColour[] = ['green', 'yellow', 'red', 'grey'];
const countLabels: Record<ReadingColour, string> = {
  green: 'in range',
  yellow: 'borderline',
  red: 'out of range',
  grey: 'without a reading',
};

/** The gauge, then the heading with the score and the rest under it; no gauge before a start. */
function scoreLayoutSx(started: boolean) {
  return {
    display: 'grid',
    gridTemplateColumns: started ? 'auto minmax(0, 1fr)' : 'minmax(0, 1fr)',
    columnGap: { xs: 2, sm: 4 },
    rowGap: 1,
    alignItems: 'center',
    p: { xs: 2, sm: 3 },
  } as const;
}

/**
 * How many measures are in range beside how many are measured, what makes it up, and what the
 * profile lacks. Someone with nothing recorded is shown how to start, not a score of zero.
 */
export function ScoreSummary({ analysis }: { analysis: AnalysisResponse }) {
  const [choosing, setChoosing] = useState(false);
  const started = analysis.recorded > 0 || analysis.followed.length > 0;
  // Old readings are counted on their own, so the chips add up to the score line above them.
  const current = MEASURE_IDS.filter((measure) => !analysis.measures[measure].old);
  const counts = colourOrder
    .map((colour) => ({
      colour,
      count: current.filter((measure) => analysis.measures[measure].colour === colour).length,
    }))
    .filter(({ count }) => count > 0);
  const old = MEASURE_COUNT - current.length;

  return (
    <Card variant="outlined" component="section" aria-labelledby="score-heading">
      {/* On a phone the gauge sits beside the heading and the score, not above them, so the
          card is a few lines shorter (docs/decisions/0052-dense-phone-layouts.md). */}
      <CardContent sx={scoreLayoutSx(started)}>
        {started && (
          <Box sx={{ gridRow: { sm: 'span 2' } }}>
            <ScoreGauge score={analysis.forScaleOk} total={scoreTotal(analysis)} />
          </Box>
        )}
        <Box sx={{ minWidth: 0, alignSelf: { sm: 'end' } }}>
          <Typography id="score-heading" variant="h5" component="h2" sx={{ fontWeight: 500 }}>
            Health score
          </Typography>
          <Typography
            data-testid="health-score"
            sx={{ mt: 0.5, fontSize: 18, fontWeight: 500, color: 'primary.main' }}
          >
            {started ? scoreLine(analysis) : 'No readings yet'}
          </Typography>
        </Box>
        <Box sx={{ minWidth: 0, gridColumn: { xs: '1 / -1', sm: 'auto' }, alignSelf: 'start' }}>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {started ? SCORE_RULE : `Add a reading of any measure below to start. ${SCORE_RULE}`}
          </Typography>
          {started && (
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
              {old > 0 && (
                <Box component="li" sx={{ listStyle: 'none' }}>
                  <Chip
                    size="small"
                    variant="outlined"
                    icon={<HistoryIcon aria-hidden />}
                    label={old === 1 ? '1 old reading' : `${old} old readings`}
                  />
                </Box>
              )}
            </Box>
          )}
          <Button
            startIcon={<TuneIcon aria-hidden />}
            onClick={() => setChoosing(true)}
            sx={{ mt: 1.5, ml: -1 }}
          >
            Measures in your score
          </Button>
        </Box>
      </CardContent>
      {choosing && (
        <FollowedMeasuresDialog analysis={analysis} onClose={() => setChoosing(false)} />
      )}
      {analysis.profileOk === 0 && (
        <Alert
          severity="info"
          sx={{ borderRadius: 0, borderTop: 1, borderColor: 'divider' }}
          action={
            <Button component={RouterLink} to={paths.editProfile} color="inherit" size="small">
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
