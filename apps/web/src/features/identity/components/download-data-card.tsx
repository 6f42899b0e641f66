import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { downloadDataExport } from '../../../api/data-export';
import { apiErrorMessage } from '../../../lib/api-client';

/** 1.2 MB, 640 KB: how much of the archive has arrived. */
function amount(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** "Download my data": one zip archive of everything Vitalia keeps about the person. */
export function DownloadDataCard() {
  const id = useId();
  const [received, setReceived] = useState(0);
  const download = useMutation({
    mutationFn: () => {
      setReceived(0);
      return downloadDataExport(setReceived);
    },
  });
  return (
    <Card variant="outlined" component="section" aria-labelledby={`${id}-heading`}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id={`${id}-heading`} variant="h6" component="h2" sx={{ fontSize: '1.05rem' }}>
          Your data
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Download everything Vitalia keeps about you in one zip file: your readings as a
          spreadsheet (CSV) and in FHIR, the format health records systems read, with your profile,
          orders, risk assessment and sharing log. You can import the readings into another account.
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            loading={download.isPending}
            loadingPosition="start"
            onClick={() => download.mutate()}
          >
            Download my data
          </Button>
          <Typography variant="body2" role="status" aria-live="polite">
            {download.isPending &&
              (received === 0
                ? 'Preparing your archive…'
                : `Downloading your archive… ${amount(received)}`)}
          </Typography>
        </Box>
        {download.isSuccess && (
          <Alert severity="success" onClose={() => download.reset()}>
            Your archive {download.data} is saved with your downloads.
          </Alert>
        )}
        {download.isError && (
          <Alert severity="error" onClose={() => download.reset()}>
            Your data could not be downloaded: {apiErrorMessage(download.error)}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
