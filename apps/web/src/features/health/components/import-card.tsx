import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { ImportReadingsDialog } from './import-readings-dialog';

/** My Health's way to bring a history in from a file (docs/decisions/0031-importing-readings.md). */
export function ImportCard() {
  const [open, setOpen] = useState(false);
  return (
    <Card variant="outlined" component="section" aria-labelledby="import-heading">
      <CardContent
        sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', p: { sm: 3 } }}
      >
        <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
            <UploadFileOutlinedIcon color="primary" aria-hidden />
            <Typography id="import-heading" variant="h6" component="h2">
              Bring in your history
            </Typography>
          </Box>
          <Typography color="text.secondary">
            Import readings from Vitalia&apos;s own CSV, a blood pressure monitor&apos;s or glucose
            meter&apos;s CSV, or a FHIR file from another health app.
          </Typography>
        </Box>
        <Button variant="contained" onClick={() => setOpen(true)}>
          Import readings
        </Button>
      </CardContent>
      <ImportReadingsDialog open={open} onClose={() => setOpen(false)} />
    </Card>
  );
}
