// The shell every urgent banner shares: red, its level's title and icon, what it says, and the
// call button first among its actions (decision 0019). Used by the banners of single readings and
// of readings read together.
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CallIcon from '@mui/icons-material/Call';
import MedicalServicesIcon from '@mui/icons-material/MedicalServices';
import ReportIcon from '@mui/icons-material/Report';

const levels = {
  now: { title: 'Get emergency care now', Icon: ReportIcon },
  today: { title: 'Contact a doctor today', Icon: MedicalServicesIcon },
} as const;

/** What a telephone link dials: the digits and a leading +, without the spaces people read. */
function telHref(number: string): string {
  return `tel:${number.replace(/[^\d+]/g, '')}`;
}

interface CallButtonProps {
  number: string;
  urgency: 'now' | 'today';
  children: ReactNode;
}

/** A red button that dials; white on the filled red of 'now'. */
export function CallButton({ number, urgency, children }: CallButtonProps) {
  const sx =
    urgency === 'now'
      ? { bgcolor: 'common.white', color: 'error.dark', '&:hover': { bgcolor: 'grey.100' } }
      : undefined;
  return (
    <Button
      href={telHref(number)}
      variant="contained"
      color="error"
      startIcon={<CallIcon />}
      sx={sx}
    >
      {children}
    </Button>
  );
}

interface UrgentAlertProps {
  urgency: 'now' | 'today';
  /** What a screen reader announces: 'Urgent: oxygen saturation 90 %'. */
  label: string;
  emergencyNumber: string;
  /** Further actions after the call button (a crisis line, a new reading). */
  actions?: ReactNode;
  together?: boolean;
  /** False where a more urgent banner above already holds the call button. */
  callButton?: boolean;
  children: ReactNode;
}

export function UrgentAlert({
  urgency,
  label,
  emergencyNumber,
  actions,
  together = false,
  callButton = true,
  children,
}: UrgentAlertProps) {
  const { title, Icon } = levels[urgency];
  return (
    <Alert
      role="alert"
      aria-label={label}
      severity="error"
      variant={urgency === 'now' ? 'filled' : 'standard'}
      icon={<Icon fontSize="inherit" aria-hidden />}
      data-urgency={urgency}
      data-together={together || undefined}
      sx={{
        alignItems: 'flex-start',
        border: 2,
        borderColor: 'error.dark',
        '& .MuiAlert-message': { minWidth: 0, overflow: 'visible', flex: 1 },
        '& .MuiAlert-icon': { fontSize: 32 },
      }}
    >
      <AlertTitle component="h2" sx={{ fontSize: '1.25rem', fontWeight: 700, mb: 0.5 }}>
        {title}
      </AlertTitle>
      {children}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
        {callButton && (
          <CallButton number={emergencyNumber} urgency={urgency}>
            Call {emergencyNumber}
          </CallButton>
        )}
        {actions}
      </Box>
    </Alert>
  );
}
