import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import AlarmOnOutlinedIcon from '@mui/icons-material/AlarmOnOutlined';
import { MEASURES } from '@vitalia/health/measure.catalog';
import { apiErrorMessage } from '../../../lib/api-client';
import { useReminders, useSetWeeklySummary, useWeeklySummary } from '../api/reminders.query';
import { nextReminderText, reminderText } from '../utils/reminder-text';
import { browserTimeZone } from './reminder-dialog';
import { paths } from '../../../lib/paths';

/** My Health's list of reminders to measure, each linking to its measure to change it. */
export function RemindersCard() {
  const { data: reminders, isError } = useReminders();
  if (isError || reminders === undefined) return null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="reminders-heading">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <AlarmOnOutlinedIcon color="primary" aria-hidden />
          <Typography id="reminders-heading" variant="h6" component="h2">
            Reminders
          </Typography>
        </Box>
        {reminders.length === 0 ? (
          <Typography color="text.secondary">
            No reminders yet. Open a measure above and choose ‘Remind me’ to get a mail when it is
            time to measure.
          </Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
            {reminders.map((reminder) => (
              <li key={reminder.measure}>
                <Link
                  component={RouterLink}
                  to={paths.measure(MEASURES[reminder.measure].slug)}
                  sx={{ fontWeight: 500 }}
                >
                  {MEASURES[reminder.measure].displayName}
                </Link>
                <Typography component="span" color="text.secondary">
                  {' '}
                  · {reminderText(reminder)} ({reminder.timeZone}) · next{' '}
                  {nextReminderText(reminder)}
                </Typography>
              </li>
            ))}
          </Box>
        )}
        <Divider sx={{ my: 2 }} />
        <WeeklySummarySwitch />
      </CardContent>
    </Card>
  );
}

/** The weekly summary by mail, on or off; turned on in this device's time zone. */
function WeeklySummarySwitch() {
  const { data: summary } = useWeeklySummary();
  const change = useSetWeeklySummary();
  const zone = summary?.timeZone ?? browserTimeZone();
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={summary?.enabled ?? false}
            disabled={summary === undefined || change.isPending}
            onChange={(event) => change.mutate(event.target.checked ? browserTimeZone() : null)}
          />
        }
        label="Weekly summary by mail"
      />
      <Typography variant="body2" color="text.secondary" sx={{ ml: { xs: 0, sm: 6 } }}>
        Mondays at 08:00 ({zone}): each measure’s readings of the week, their average where it means
        something, any change of rating and any reading that needed care.
        {summary?.enabled && summary.nextDueAt
          ? ` Next: ${nextReminderText({ nextDueAt: summary.nextDueAt, timeZone: zone })}.`
          : ''}
      </Typography>
      {change.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {apiErrorMessage(change.error)}
        </Alert>
      )}
    </Box>
  );
}
