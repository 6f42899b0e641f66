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
import { ToolHeading, toolContentSx } from './tool-card';

/**
 * My Health's list of reminders to measure, each linking to its measure to change it, and the
 * weekly summary's switch. It sits above the measures, so it is kept to a few short lines
 * (docs/decisions/0052-dense-phone-layouts.md).
 */
export function RemindersCard() {
  const { data: reminders, isError } = useReminders();
  if (isError || reminders === undefined) return null;
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby="reminders-heading"
      sx={{ height: '100%' }}
    >
      <CardContent sx={toolContentSx}>
        <ToolHeading id="reminders-heading" icon={AlarmOnOutlinedIcon}>
          Reminders
        </ToolHeading>
        {reminders.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            None yet. Choose ‘Remind me’ on a measure below to get a mail when it is time to
            measure.
          </Typography>
        ) : (
          <Box
            component="ul"
            sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 0.5, typography: 'body2' }}
          >
            {reminders.map((reminder) => (
              <li key={reminder.measure}>
                <Link
                  component={RouterLink}
                  to={paths.measure(MEASURES[reminder.measure].slug)}
                  sx={{ fontWeight: 500 }}
                >
                  {MEASURES[reminder.measure].displayName}
                </Link>
                <Typography component="span" variant="body2" color="text.secondary">
                  {' '}
                  · {reminderText(reminder)} ({reminder.timeZone}) · next{' '}
                  {nextReminderText(reminder)}
                </Typography>
              </li>
            ))}
          </Box>
        )}
        <Divider />
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
      <Typography variant="body2" color="text.secondary">
        Mondays at 08:00 ({zone}): the week’s readings, their averages, any change of rating and any
        reading that needed care.
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
