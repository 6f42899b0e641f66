import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import type { SxProps, Theme } from '@mui/material/styles';

interface NoResultsProps {
  /** Why the list is empty: 'No products match “lamp”'. */
  title: string;
  /** What to try instead. */
  children?: ReactNode;
  /** The card's own shape, where the page's cards have one. */
  sx?: SxProps<Theme>;
}

/** In place of a searched list that holds nothing. */
export function NoResults({ title, children, sx }: NoResultsProps) {
  return (
    <Card
      variant="outlined"
      sx={[{ textAlign: 'center', py: 6, px: 2 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <SearchOffIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
      <Typography variant="h6" component="p" sx={{ mt: 1 }}>
        {title}
      </Typography>
      {children}
    </Card>
  );
}
