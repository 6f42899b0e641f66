import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import AlarmOnOutlinedIcon from '@mui/icons-material/AlarmOnOutlined';
import { MEASURES } from '@vitalia/health/measure.catalog';
import { useReminders } from '../api/reminders.query';
import { nextReminderText, reminderText } from '../utils/reminder-text';

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
            None yet. Open a measure below and choose ‘Remind me’ to get a mail when it is time to
            measure.
          </Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
            {reminders.map((reminder) => (
              <li key={reminder.measure}>
                <Link
                  component={RouterLink}
                  to={`/healths/${MEASURES[reminder.measure].slug}`}
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
      </CardContent>
    </Card>
  );
}
