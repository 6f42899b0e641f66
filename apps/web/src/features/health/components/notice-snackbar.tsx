import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

/** A confirmation, or 'info' for what could not be done and why (offline). */
export type NoticeSeverity = 'success' | 'info';

interface Notice {
  key: number;
  text: string;
  severity: NoticeSeverity;
  open: boolean;
}

/** A short confirmation ('Reading saved.'); the text stays while the snackbar slides away. */
export function useNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  const show = (text: string, severity: NoticeSeverity = 'success') =>
    setNotice({ key: Date.now(), text, severity, open: true });
  const hide = () => setNotice((current) => current && { ...current, open: false });
  return { show, props: { notice, onClose: hide } };
}

export function NoticeSnackbar({
  notice,
  onClose,
}: {
  notice: Notice | null;
  onClose: () => void;
}) {
  return (
    <Snackbar
      key={notice?.key}
      open={notice?.open ?? false}
      autoHideDuration={6000}
      onClose={(_event, reason) => {
        // A click elsewhere is no reason to hide news the person may not have read.
        if (reason !== 'clickaway') onClose();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity={notice?.severity ?? 'success'} variant="filled" onClose={onClose}>
        {notice?.text}
      </Alert>
    </Snackbar>
  );
}
