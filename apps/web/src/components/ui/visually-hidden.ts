import type { SxProps, Theme } from '@mui/material/styles';

/**
 * Read by screen readers, not drawn: the words an icon, a number or a layout stands for.
 * Absolutely positioned, so whatever scrolls it (a table container) must be `position: relative`
 * (`scrollsHiddenText` below); otherwise the page itself grows to hold it and scrolls sideways on
 * a phone.
 */
export const visuallyHidden: SxProps<Theme> = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
};

/** For a scrolling box (a table container) holding visually hidden text: keeps it inside. */
export const scrollsHiddenText = { position: 'relative' } as const;
