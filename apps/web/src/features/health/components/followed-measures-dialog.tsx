import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { AnalysisResponse } from '@vitalia/api/records.contract';
import { MEASURE_IDS, MEASURES, type MeasureId } from '@vitalia/health/measure.catalog';
import { MeasureIcon } from '../../../readings/components/measure-icon';
import { freshFor } from '../../../readings/format/score-text';
import { apiErrorMessage } from '../../../lib/api-client';
import { useFollowMeasure } from '../api/follow-measure.mutation';

/** Whether the score counts the measure, and why, in the words the list shows under its name. */
export function followedWhy(analysis: AnalysisResponse, measure: MeasureId): string {
  const { band, old } = analysis.measures[measure];
  if (analysis.chosen.includes(measure)) {
    return band === 'missing' ? 'Counted: waiting for its first reading' : 'Counted: you chose it';
  }
  if (band === 'missing') return 'Not counted: no reading yet';
  if (old) return `Not counted: its reading is more than ${freshFor(measure)} old`;
  return `Counted while its reading is less than ${freshFor(measure)} old`;
}

interface FollowedMeasuresDialogProps {
  analysis: AnalysisResponse;
  onClose: () => void;
}

/**
 * The measures the score counts, with a switch to count one always: a chosen measure counts
 * before its first reading and after its reading grows old, so the score asks for it
 * (docs/decisions/0047-chosen-measures.md).
 */
export function FollowedMeasuresDialog({ analysis, onClose }: FollowedMeasuresDialogProps) {
  const titleId = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const change = useFollowMeasure();

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} aria-labelledby={titleId} maxWidth="sm">
      <DialogTitle id={titleId}>Measures in your score</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary">
          Your score counts each measure with a reading from the last 90 days (BMI: a year). Switch
          on the ones you want to keep an eye on: they count always, and until you record them they
          count as not yet in range.
        </Typography>
        {change.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            Not saved: {apiErrorMessage(change.error)}
          </Alert>
        )}
        <List sx={{ mt: 1 }}>
          {MEASURE_IDS.map((measure) => {
            const labelId = `${titleId}-${measure}`;
            const chosen = analysis.chosen.includes(measure);
            return (
              <ListItem
                key={measure}
                disableGutters
                secondaryAction={
                  <Switch
                    edge="end"
                    checked={chosen}
                    onChange={(event) => change.mutate({ measure, follow: event.target.checked })}
                    slotProps={{
                      input: { 'aria-labelledby': labelId, 'aria-describedby': `${labelId}-why` },
                    }}
                  />
                }
              >
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <MeasureIcon measure={measure} fontSize="small" />
                </ListItemIcon>
                <ListItemText
                  primary={MEASURES[measure].displayName}
                  secondary={followedWhy(analysis, measure)}
                  slotProps={{
                    primary: { id: labelId },
                    secondary: { id: `${labelId}-why` },
                  }}
                />
              </ListItem>
            );
          })}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
