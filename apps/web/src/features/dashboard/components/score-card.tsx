import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { AnalysisResponse } from '@vitalia/api/records.contract';
import { ScoreGauge } from '../../../readings/components/score-gauge';
import { scoreTotal, SCORE_RULE, scoreLine } from '../../../readings/format/score-text';
import { raiseScoreSentence } from '../utils/score-advice';
import { ProfileHint } from './profile-hint';

/**
 * How many measures are in range beside how many are measured, what would raise it, and the
 * profile hint. Shown from the first reading; before it the dashboard shows FirstSteps instead.
 */
export function ScoreCard({ analysis }: { analysis: AnalysisResponse }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="dashboard-score-heading">
      {/* On a phone the gauge sits beside the heading and the score, not above them, so the
          card is a few lines shorter (docs/decisions/0052-dense-phone-layouts.md). */}
      <CardContent
        sx={{
          display: 'grid',
          gridTemplateColumns: 'auto minmax(0, 1fr)',
          columnGap: { xs: 2, sm: 4 },
          rowGap: 1,
          alignItems: 'center',
          p: { xs: 2, sm: 3 },
        }}
      >
        <Box sx={{ gridRow: { sm: 'span 2' } }}>
          <ScoreGauge score={analysis.forScaleOk} total={scoreTotal(analysis)} />
        </Box>
        <Box sx={{ minWidth: 0, alignSelf: { sm: 'end' } }}>
          <Typography
            id="dashboard-score-heading"
            variant="h5"
            component="h2"
            sx={{ fontWeight: 500 }}
          >
            Health score
          </Typography>
          <Typography
            data-testid="dashboard-score"
            sx={{ mt: 0.5, fontSize: 18, fontWeight: 500, color: 'primary.main' }}
          >
            {scoreLine(analysis)}
          </Typography>
        </Box>
        <Box sx={{ minWidth: 0, gridColumn: { xs: '1 / -1', sm: 'auto' }, alignSelf: 'start' }}>
          <Typography color="text.secondary">{SCORE_RULE}</Typography>
          <Typography data-testid="raise-score" sx={{ mt: 1 }}>
            {raiseScoreSentence(analysis)}
          </Typography>
        </Box>
      </CardContent>
      {analysis.profileOk === 0 && <ProfileHint />}
    </Card>
  );
}
