import type { FormEventHandler, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

interface SharingDialogProps {
  open: boolean;
  /** The id of the title that names the dialog. */
  labelledBy: string;
  onClose: () => void;
  /** A click beside the dialog leaves it open: it shows what cannot be shown again. */
  keepOnBackdropClick?: boolean;
  /** Called once it has closed, to forget what it showed. */
  onExited?: () => void;
  children: ReactNode;
}

/** The page's forms in a dialog: the whole screen of a phone, a column on a wider one. */
export function SharingDialog({
  open,
  labelledBy,
  onClose,
  keepOnBackdropClick = false,
  onExited,
  children,
}: SharingDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Dialog
      open={open}
      onClose={(_event, reason) => {
        if (!(keepOnBackdropClick && reason === 'backdropClick')) onClose();
      }}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={labelledBy}
      slotProps={{ transition: { onExited } }}
    >
      {children}
    </Dialog>
  );
}

interface DialogFormProps {
  titleId: string;
  title: string;
  submitLabel: string;
  busy: boolean;
  /** What went wrong that no field can say, above the buttons. */
  failure: string | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  children: ReactNode;
}

/** A dialog's form: its title, its fields in a column, what went wrong, Cancel and the send button. */
export function DialogForm(props: DialogFormProps) {
  return (
    <form noValidate onSubmit={props.onSubmit}>
      <DialogTitle id={props.titleId}>{props.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={3} sx={{ pt: 1 }}>
          {props.children}
          {props.failure && <Alert severity="error">{props.failure}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={props.onCancel} disabled={props.busy}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={props.busy}>
          {props.submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}
