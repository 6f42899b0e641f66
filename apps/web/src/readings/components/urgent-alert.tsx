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

/** What each level asks, in the same words wherever a result is shown (banner, form, card). */
export const URGENCY_TITLES = {
  now: 'Get emergency care now',
  today: 'Contact a doctor today',
} as const;

const levels = {
  now: { title: URGENCY_TITLES.now, Icon: ReportIcon },
  today: { title: URGENCY_TITLES.today, Icon: MedicalServicesIcon },
} as const;

/** What a telephone link dials: the digits and a leading +, without the spaces people read. */
function telHref(number: string): string {
  return `tel:${number.replace(/[^\d+]/g, '')}`;
}

/**
 * How a call button stands: white on the filled red of a 'now' banner, filled red where it is the
 * first thing to do (a form's emergency), outlined where it is for if things get worse ('today').
 */
export type CallTone = 'on-red' | 'first' | 'if-worse';

interface CallButtonProps {
  number: string;
  tone: CallTone;
  children: ReactNode;
}

export function CallButton({ number, tone, children }: CallButtonProps) {
  const sx =
    tone === 'on-red'
      ? { bgcolor: 'common.white', color: 'error.dark', '&:hover': { bgcolor: 'grey.100' } }
      : tone === 'if-worse'
        ? // The darker red keeps its contrast on the light red of a 'today' banner.
          { color: 'error.dark', borderColor: 'error.dark' }
        : undefined;
  return (
    <Button
      href={telHref(number)}
      variant={tone === 'if-worse' ? 'outlined' : 'contained'}
      color="error"
      startIcon={<CallIcon />}
      sx={sx}
    >
      {children}
    </Button>
  );
}

/** The tone of a call in a banner of this level. */
export const bannerCallTone = (urgency: 'now' | 'today'): CallTone =>
  urgency === 'now' ? 'on-red' : 'if-worse';

interface UrgentAlertProps {
  urgency: 'now' | 'today';
  /** What a screen reader announces: 'Urgent: oxygen saturation 90 %'. */
  label: string;
  emergencyNumber: string;
  /** Further actions after the call button (a crisis line, a new reading). */
  actions?: ReactNode;
  together?: boolean;
  children: ReactNode;
}

export function UrgentAlert({
  urgency,
  label,
  emergencyNumber,
  actions,
  together = false,
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
      {/* In an emergency the call comes first, under the title, before anything to read. */}
      {urgency === 'now' && (
        <Box sx={{ mb: 1.5 }}>
          <CallButton number={emergencyNumber} tone={bannerCallTone(urgency)}>
            Call {emergencyNumber}
          </CallButton>
        </Box>
      )}
      {children}
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5, '&:empty': { display: 'none' } }}
      >
        {urgency === 'today' && (
          <CallButton number={emergencyNumber} tone={bannerCallTone(urgency)}>
            Call {emergencyNumber}
          </CallButton>
        )}
        {actions}
      </Box>
    </Alert>
  );
}
