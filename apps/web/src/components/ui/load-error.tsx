import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { apiErrorMessage } from '../../lib/api-client';
import { httpStatusOf } from '../../lib/http-status';
import { isNetworkError } from '../../lib/offline/network';

/** In place of axios's bare 'Network Error': what a lost connection means for this page. */
export const offlineLoadMessage =
  'You are offline. This page needs a connection; it will load when you are back online.';

/** The sentence under 'could not be loaded': the server's message, or that the network is gone. */
export function loadErrorMessage(error: unknown): string {
  return isNetworkError(error) ? offlineLoadMessage : apiErrorMessage(error);
}

interface LoadErrorProps {
  /** What could not be loaded: 'Your readings', 'The products'. */
  what: string;
  error: unknown;
  onRetry: () => void;
}

/**
 * Whether asking again could give another answer: a lost connection, a server error or a limit
 * may pass; a missing or forbidden thing (404, 403) will not, so no Retry is offered for it.
 */
function worthRetrying(error: unknown): boolean {
  const status = httpStatusOf(error);
  return status === undefined || status >= 500 || status === 408 || status === 429;
}

export function LoadError({ what, error, onRetry }: LoadErrorProps) {
  return (
    <Alert
      severity="error"
      action={
        worthRetrying(error) ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{what} could not be loaded</AlertTitle>
      {loadErrorMessage(error)}
    </Alert>
  );
}
