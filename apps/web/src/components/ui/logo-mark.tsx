import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

interface LogoMarkProps extends SvgIconProps {
  /** Swaps the square and the line so the mark stays visible on the dark blue app bar. */
  inverted?: boolean;
}

/** The Vitalia mark: a pulse line on a rounded square, the same drawing as the favicon. */
export function LogoMark({ inverted = false, ...props }: LogoMarkProps) {
  return (
    <SvgIcon viewBox="0 0 64 64" aria-hidden focusable="false" {...props}>
      <rect width="64" height="64" rx="14" fill={inverted ? '#ffffff' : '#0b2a5b'} />
      <path
        d="M8 35h12l5-11 8 22 6-15 4 4h13"
        fill="none"
        stroke={inverted ? '#0b2a5b' : '#ffffff'}
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="50" cy="17" r="6" fill="#4caf50" />
    </SvgIcon>
  );
}
