import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { Assessment } from '@vitalia/api/assessment.contract';
import { riskFactors, toldConditions } from '../utils/risk-advice';

/** The risk factors the saved assessment reveals; null means it was never answered. */
export function RiskFactors({ assessment }: { assessment: Assessment | null }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="dashboard-risks-heading">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="dashboard-risks-heading" variant="h5" component="h2" sx={{ mb: 1 }}>
          Risk factors
        </Typography>
        <RiskBody assessment={assessment} />
      </CardContent>
    </Card>
  );
}

function RiskBody({ assessment }: { assessment: Assessment | null }) {
  if (assessment === null) {
    return (
      <Alert severity="info">
        Answer the risk assessment from ‘Update health data’ in the menu.
      </Alert>
    );
  }
  const risks = riskFactors(assessment);
  const told = toldConditions(assessment);
  return (
    <>
      {risks.length === 0 ? (
        <Typography>
          Your answers reveal no risk factors. Keep up the good habits and keep recording your
          readings.
        </Typography>
      ) : (
        <List disablePadding>
          {risks.map((risk) => (
            <ListItem key={risk.answer} disableGutters divider sx={{ display: 'block', py: 1.5 }}>
              <Typography id={`risk-${risk.answer}`} variant="subtitle1" component="h3">
                {risk.title}
              </Typography>
              <Typography color="text.secondary" sx={{ my: 0.5 }}>
                {risk.advice}
              </Typography>
              <Link component={RouterLink} to={risk.articlePath}>
                Read about {risk.title.toLowerCase()}
              </Link>
            </ListItem>
          ))}
        </List>
      )}
      {told.length > 0 && (
        <Box component="section" aria-labelledby="dashboard-told-heading" sx={{ mt: 2 }}>
          <Typography id="dashboard-told-heading" variant="subtitle1" component="h3">
            What you told us about your health
          </Typography>
          <List disablePadding>
            {told.map((each) => (
              <ListItem key={each.condition} disableGutters sx={{ display: 'block', py: 0.75 }}>
                <Typography component="span" sx={{ fontWeight: 500 }}>
                  {each.title}:
                </Typography>{' '}
                <Typography component="span" color="text.secondary">
                  {each.use}
                </Typography>
              </ListItem>
            ))}
          </List>
        </Box>
      )}
    </>
  );
}
