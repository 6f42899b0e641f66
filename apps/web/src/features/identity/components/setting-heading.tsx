import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';

interface SettingHeadingProps {
  /** The setting's icon, drawn in the primary colour beside the heading. */
  icon: ReactNode;
  /** The heading's id, which names the card for assistive technology. */
  id: string;
  title: string;
  /** Its state, a `StateChip`, or nothing while it is not settled. */
  state?: ReactNode;
  /** What the setting does, as it now stands. */
  children: ReactNode;
}

/** The top of a security setting's card: icon, heading, state and what it means. */
export function SettingHeading({ icon, id, title, state, children }: SettingHeadingProps) {
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      <Box sx={{ color: 'primary.main', display: 'flex', mt: 0.25 }} aria-hidden>
        {icon}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
          <Typography id={id} variant="h6" component="h2">
            {title}
          </Typography>
          {state}
        </Box>
        <Typography color="text.secondary">{children}</Typography>
      </Box>
    </Box>
  );
}

/** 'On' in green with a tick, or 'Off' in grey (with the labels given). */
export function StateChip({
  on,
  onLabel,
  offLabel,
}: {
  on: boolean;
  onLabel: string;
  offLabel: string;
}) {
  return on ? (
    <Chip
      label={onLabel}
      color="success"
      size="small"
      icon={<CheckCircleIcon />}
      variant="outlined"
    />
  ) : (
    <Chip label={offLabel} size="small" />
  );
}
