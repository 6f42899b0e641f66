import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';

interface NotAvailableNoticeProps {
  /** What the screen will hold once its feature is built. */
  children: ReactNode;
}

/** Screens whose feature is still to come say so, rather than showing controls that do nothing. */
export function NotAvailableNotice({ children }: NotAvailableNoticeProps) {
  return (
    <Alert severity="info" sx={{ maxWidth: 720 }}>
      <AlertTitle>Not available yet</AlertTitle>
      {children}
    </Alert>
  );
}
