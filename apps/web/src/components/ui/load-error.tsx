import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { apiErrorMessage } from '../../lib/api-client';

interface LoadErrorProps {
  /** What could not be loaded: 'Your readings', 'The products'. */
  what: string;
  error: unknown;
  onRetry: () => void;
}

export function LoadError({ what, error, onRetry }: LoadErrorProps) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      <AlertTitle>{what} could not be loaded</AlertTitle>
      {apiErrorMessage(error)}
    </Alert>
  );
}
