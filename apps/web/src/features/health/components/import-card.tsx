import { lazy, Suspense, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import type { ImportReadingsDialogProps } from './import-readings-dialog';
import { ToolCard, toolButtonSx } from './tool-card';

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
    <ToolCard
      headingId="import-heading"
      icon={UploadFileOutlinedIcon}
      title="Bring in your history"
      text="From a CSV or FHIR file of a monitor, a meter or another app."
      action={
        <Button
          variant="contained"
          fullWidth
          sx={toolButtonSx}
          onClick={() => {
            setWanted(true);
            setOpen(true);
          }}
        >
          Import readings
        </Button>
      }
    >
      {wanted && (
        <Suspense fallback={null}>
          <ImportReadingsDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </ToolCard>
  );
}
