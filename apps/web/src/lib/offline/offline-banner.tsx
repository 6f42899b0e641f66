import Alert from '@mui/material/Alert';
import CloudOffIcon from '@mui/icons-material/CloudOffOutlined';
import { formatTakenAt } from '../../readings/format/reading-time';
import { useOffline } from './network';
import { offlineNoteAttribute } from './screen-snapshot';

/** 'Offline: showing readings from 3 May 2026, 08:30', in the same format as readings' times. */
export function offlineBannerText(updatedAt: number): string {
  return `Offline: showing readings from ${formatTakenAt(new Date(updatedAt).toISOString())}`;
}

/** Offline with nothing kept on this device to show. */
export const offlineNothingKeptText = 'Offline: no readings kept on this device yet';

/**
 * Says that the screen shows the readings kept on this device, and when they were fetched, while
 * the server cannot be reached; or, when none were kept, that it is offline all the same, so the
 * notes in place of the missing parts are understood. Out of sight while online, but drawn all the
 * same: the copy of the screen painted at the next start carries it, styles and all, and shows it
 * if that start is offline (screen-snapshot.ts).
 */
export function OfflineBanner({ updatedAt }: { updatedAt: number }) {
  const offline = useOffline();
  return (
    <Alert
      severity="info"
      icon={<CloudOffIcon />}
      role="status"
      data-testid={offline ? 'offline-banner' : undefined}
      style={offline ? undefined : { display: 'none' }}
      {...{ [offlineNoteAttribute]: '' }}
    >
      {updatedAt > 0 ? offlineBannerText(updatedAt) : offlineNothingKeptText}
    </Alert>
  );
}
