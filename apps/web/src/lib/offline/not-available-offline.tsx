import Typography from '@mui/material/Typography';
import CloudOffIcon from '@mui/icons-material/CloudOffOutlined';

/**
 * In place of a part of a screen that was never kept on this device, while offline: a plain
 * sentence rather than a skeleton that would wait forever for a request paused until the network
 * returns (docs/decisions/0035-offline-readings.md).
 */
export function NotAvailableOffline({ what }: { what: string }) {
  return (
    <Typography
      color="text.secondary"
      data-testid="not-available-offline"
      sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
    >
      <CloudOffIcon fontSize="small" aria-hidden />
      {what}: not available offline until this device is back online.
    </Typography>
  );
}
