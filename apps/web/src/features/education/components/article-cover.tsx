import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';

interface ArticleCoverProps {
  src: string | null;
  /** Empty when the cover only decorates a title written beside it. */
  alt?: string;
  sx?: SxProps<Theme>;
}

/** An article's cover at 16:9, or a plain tile with a book for an article that has none. */
export function ArticleCover({ src, alt = '', sx }: ArticleCoverProps) {
  const frame: SxProps<Theme> = {
    display: 'block',
    width: '100%',
    aspectRatio: '16 / 9',
    objectFit: 'cover',
    bgcolor: '#eef3fa',
  };
  const extra = Array.isArray(sx) ? sx : [sx];
  if (!src) {
    return (
      <Box
        sx={[frame, { display: 'grid', placeItems: 'center', color: 'primary.main' }, ...extra]}
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
      >
        <MenuBookOutlinedIcon sx={{ fontSize: '3rem', opacity: 0.45 }} aria-hidden />
      </Box>
    );
  }
  return <Box component="img" src={src} alt={alt} sx={[frame, ...extra]} />;
}
