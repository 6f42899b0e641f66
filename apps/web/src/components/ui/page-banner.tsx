import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';

/** The white button on a banner: the page's main way on. */
export const bannerButtonSx: SxProps<Theme> = {
  color: 'primary.main',
  bgcolor: '#ffffff',
  '&:hover': { bgcolor: '#e8eef8' },
};

/**
 * The band at the top of the store and the education pages: what the page is for in a heading
 * and a sentence, on the brand's navy-to-green gradient, with its actions beside.
 */
export function PageBanner({
  heading,
  text,
  actions,
}: {
  heading: string;
  text: string;
  actions?: ReactNode;
}) {
  return (
    <Paper
      elevation={0}
      // The focus ring on it turns white (app/theme.ts).
      data-surface="dark"
      sx={{
        p: { xs: 2.5, sm: 3.5 },
        borderRadius: 3,
        color: 'primary.contrastText',
        background: 'linear-gradient(120deg, #0b2a5b 0%, #16467f 60%, #1f6a5a 100%)',
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 2,
      }}
    >
      <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
        <Typography
          variant="h4"
          component="h2"
          sx={{ fontWeight: 700, fontSize: { xs: '1.5rem', sm: '2rem' } }}
        >
          {heading}
        </Typography>
        <Typography sx={{ mt: 1, opacity: 0.92, maxWidth: 600 }}>{text}</Typography>
      </Box>
      {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
    </Paper>
  );
}
