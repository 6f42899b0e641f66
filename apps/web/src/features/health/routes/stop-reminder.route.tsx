import { Link as RouterLink, useParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { remindersPaths, unsubscribeAnswer } from '@vitalia/api/reminders.contract';
import { apiClient, apiErrorMessage } from '../../../lib/api-client';
import { httpStatusOf } from '../../../lib/http-status';
import { paths } from '../../../lib/paths';

async function stopReminder(token: string) {
  const { data } = await apiClient.post(
    remindersPaths.unsubscribe.replace(':token', encodeURIComponent(token)),
  );
  return unsubscribeAnswer.parse(data);
}

/**
 * /reminders/stop/{token}: the 'Stop reminders' link of a reminder mail, without signing in. It
 * asks first, because mail scanners open links: only the button stops it (RFC 8058's one-click
 * post goes to the API directly).
 */
export function StopReminderRoute() {
  const { token = '' } = useParams();
  const stop = useMutation({ mutationFn: stopReminder });

  if (stop.isSuccess) {
    return (
      <Box sx={{ display: 'grid', gap: 3 }}>
        <Alert severity="success">{stop.data.message}</Alert>
        <Typography color="text.secondary">
          You can set reminders again at any time from a measure’s page on My Health.
        </Typography>
        <Box>
          <Button component={RouterLink} to={paths.health} variant="contained">
            Open My Health
          </Button>
        </Box>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Typography sx={{ lineHeight: 1.7 }}>
        You get a mail from Vitalia when it is time to measure, or once a week with a summary. Stop
        it, and those mails end; your readings and your other reminders stay as they are.
      </Typography>
      {stop.isError && <Alert severity="error">{apiErrorMessage(stop.error)}</Alert>}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        {/* A link that stops nothing will not start to: only a failure that may pass is offered again. */}
        {httpStatusOf(stop.error) !== 404 && (
          <Button variant="contained" onClick={() => stop.mutate(token)} loading={stop.isPending}>
            Stop this reminder
          </Button>
        )}
        <Button component={RouterLink} to={paths.health}>
          Change it instead
        </Button>
      </Box>
    </Box>
  );
}
