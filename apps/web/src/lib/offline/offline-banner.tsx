import Alert from '@mui/material/Alert';
import CloudOffIcon from '@mui/icons-material/CloudOffOutlined';
import { formatTakenAt } from '../reading-time';
import { useOffline } from './network';

/** 'Offline: showing readings from 3 May 2026, 08:30', in the same format as readings' times. */
export function offlineBannerText(updatedAt: number): string {
  return `Offline: showing readings from ${formatTakenAt(new Date(updatedAt).toISOString())}`;
}

/**
 * Says that the screen shows the readings kept on this device, and when they were fetched, while
 * the server cannot be reached. Nothing while online, or when no readings are shown.
 */
export function OfflineBanner({ updatedAt }: { updatedAt: number }) {
  const offline = useOffline();
  if (!offline || updatedAt <= 0) return null;
  return (
    <Alert severity="info" icon={<CloudOffIcon />} role="status" data-testid="offline-banner">
      {offlineBannerText(updatedAt)}
    </Alert>
  );
}
