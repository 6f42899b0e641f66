import type { SxProps, Theme } from '@mui/material/styles';

/** One column on a phone (600 px), two on a tablet, three from a laptop (1280 px) up. */
export const tileGridSx: SxProps<Theme> = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: {
    xs: '1fr',
    sm: 'repeat(2, minmax(0, 1fr))',
    lg: 'repeat(3, minmax(0, 1fr))',
  },
};
