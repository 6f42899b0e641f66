import { lazy, Suspense, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import type { ImportReadingsDialogProps } from './import-readings-dialog';

/** Said when the import's own script cannot be loaded (the connection dropped). */
function ImportNotLoaded({ open, onClose }: ImportReadingsDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="import-not-loaded">
      <DialogTitle id="import-not-loaded">Import readings</DialogTitle>
      <DialogContent>
        <Alert severity="error">
          The import could not be opened: check your connection, then try again.
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

// The dialog (its mapping step, preview and ratings) is loaded when it is first opened, not with
// My Health, whose script is held to its budget (e2e/journeys/weight.spec.ts).
const ImportReadingsDialog = lazy(() =>
  import('./import-readings-dialog').then(
    (module) => ({ default: module.ImportReadingsDialog }),
    () => ({ default: ImportNotLoaded }),
  ),
);

/** My Health's way to bring a history in from a file (docs/decisions/0031-importing-readings.md). */
export function ImportCard() {
  const [open, setOpen] = useState(false);
  // Kept once opened, so that closing it animates and a second opening is at once.
  const [wanted, setWanted] = useState(false);
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
        <Button
          variant="contained"
          onClick={() => {
            setWanted(true);
            setOpen(true);
          }}
        >
          Import readings
        </Button>
      </CardContent>
      {wanted && (
        <Suspense fallback={null}>
          <ImportReadingsDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </Card>
  );
}
