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
      <CardContent
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: { xs: 2, sm: 4 },
          flexWrap: 'wrap',
          p: { xs: 2, sm: 3 },
        }}
      >
        <ScoreGauge score={analysis.forScaleOk} total={scoreTotal(analysis)} />
        <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
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
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {SCORE_RULE}
          </Typography>
          <Typography data-testid="raise-score" sx={{ mt: 1 }}>
            {raiseScoreSentence(analysis)}
          </Typography>
        </Box>
      </CardContent>
      {analysis.profileOk === 0 && <ProfileHint />}
    </Card>
  );
}
