import { useId, useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { PasswordField } from './password-field';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /**
   * Password mode: the dialog asks for a password and keeps its confirm button disabled until one
   * is typed, as the spec's password confirmation does.
   */
  passwordLabel?: string;
  /** A call started by confirming is under way. */
  busy?: boolean;
  /** Confirming deletes, cancels or discards something: the button says so in the error colour. */
  destructive?: boolean;
  /** Why the last attempt failed; the dialog stays open so the person can try again. */
  error?: string | undefined;
  /** Called with the typed password in password mode, with an empty string otherwise. */
  onConfirm: (password: string) => void;
  onCancel: () => void;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  // MUI unmounts the body once the dialog has closed, so a typed password is forgotten with it.
  // The dialog is named after its DialogTitle, and described by its message.
  const messageId = useId();
  return (
    <Dialog
      aria-describedby={messageId}
      open={props.open}
      onClose={props.busy ? undefined : props.onCancel}
      fullWidth
      maxWidth="xs"
    >
      <ConfirmDialogBody {...props} messageId={messageId} />
    </Dialog>
  );
}

function ConfirmDialogBody({
  messageId,
  title,
  message,
  confirmLabel,
  passwordLabel,
  busy = false,
  destructive = false,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps & { messageId: string }) {
  const [password, setPassword] = useState('');
  const confirmDisabled = busy || (passwordLabel !== undefined && password.length === 0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!confirmDisabled) onConfirm(password);
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId} sx={{ mb: passwordLabel ? 2 : 0 }}>
          {message}
        </DialogContentText>
        {passwordLabel && (
          <PasswordField
            label={passwordLabel}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            autoComplete="current-password"
            autoFocus
            fullWidth
            disabled={busy}
          />
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          disabled={confirmDisabled}
          loading={busy}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </form>
  );
}
