import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type SvgIcon from '@mui/material/SvgIcon';

/**
 * My Health's tools (reminders, sharing, importing) sit in one strip above the measures, so each
 * is a few short lines with its action at the foot (docs/decisions/0052-dense-phone-layouts.md).
 */
export const toolContentSx = {
  height: '100%',
  boxSizing: 'border-box',
  display: 'flex',
  flexDirection: 'column',
  gap: 1,
  p: 2,
  '&:last-child': { pb: 2 },
} as const;

export function ToolHeading({
  id,
  icon: Icon,
  children,
}: {
  id: string;
  icon: typeof SvgIcon;
  children: ReactNode;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Icon color="primary" fontSize="small" aria-hidden />
      <Typography
        id={id}
        variant="h6"
        component="h2"
        sx={{ fontSize: { xs: '1rem', sm: '1.1rem' }, lineHeight: 1.3 }}
      >
        {children}
      </Typography>
    </Box>
  );
}

interface ToolCardProps {
  headingId: string;
  icon: typeof SvgIcon;
  title: string;
  text: string;
  /** The tool's one action, drawn full width at the card's foot. */
  action: ReactNode;
  children?: ReactNode;
}

/** A tool that is one action: its name, a line on what it does, and its button. */
export function ToolCard({ headingId, icon, title, text, action, children }: ToolCardProps) {
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ height: '100%' }}
    >
      <CardContent sx={toolContentSx}>
        <ToolHeading id={headingId} icon={icon}>
          {title}
        </ToolHeading>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {text}
        </Typography>
        {action}
      </CardContent>
      {children}
    </Card>
  );
}

/** A tool's button: full width in its card and at least 44 px high, a finger's width. */
export const toolButtonSx = { minHeight: 44 } as const;
