import type { SxProps, Theme } from '@mui/material/styles';

/**
 * Two columns from a phone (390 px) up, three from a laptop (1280 px): one column made each tile
 * a third of a phone's screen (docs/decisions/0052-dense-phone-layouts.md).
 */
export const tileGridSx: SxProps<Theme> = {
  display: 'grid',
  gap: { xs: 1.5, sm: 2 },
  gridTemplateColumns: {
    xs: 'repeat(2, minmax(0, 1fr))',
    lg: 'repeat(3, minmax(0, 1fr))',
  },
};
