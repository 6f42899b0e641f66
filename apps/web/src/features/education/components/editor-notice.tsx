import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

/** What the editor says after an action; `at` tells two equal messages apart. */
export type Notice = { message: string; at: number; warning?: boolean };

/** A first save moves to the article's own address and carries its notice there in this state. */
export interface EditorNoticeState {
  editorNotice: string;
  warning: boolean;
}

/** The notice a first save left in the location's state, if any. */
export function noticeOf(state: unknown): Notice | null {
  if (typeof state !== 'object' || state === null || !('editorNotice' in state)) return null;
  if (typeof state.editorNotice !== 'string') return null;
  return {
    message: state.editorNotice,
    at: Date.now(),
    warning: 'warning' in state && state.warning === true,
  };
}

/** The editor's one snackbar: saved, published, a draft again, or saved with a warning. */
export function EditorNoticeSnackbar({
  notice,
  onClose,
}: {
  notice: Notice | null;
  onClose: () => void;
}) {
  return (
    <Snackbar
      key={notice?.at}
      open={notice !== null}
      autoHideDuration={6000}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        severity={notice?.warning ? 'warning' : 'success'}
        variant="filled"
        onClose={onClose}
        sx={{ width: '100%' }}
      >
        {notice?.message}
      </Alert>
    </Snackbar>
  );
}
