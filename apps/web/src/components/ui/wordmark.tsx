import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LogoMark } from './logo-mark';

interface WordmarkProps {
  /** 'light' for dark backgrounds such as the app bar. */
  tone?: 'dark' | 'light';
}

export function Wordmark({ tone = 'dark' }: WordmarkProps) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <LogoMark inverted={tone === 'light'} sx={{ fontSize: 32 }} />
      <Typography
        component="span"
        sx={{
          fontSize: '1.375rem',
          fontWeight: 700,
          letterSpacing: '0.02em',
          color: tone === 'light' ? 'common.white' : 'primary.main',
        }}
      >
        Vitalia
      </Typography>
    </Box>
  );
}
