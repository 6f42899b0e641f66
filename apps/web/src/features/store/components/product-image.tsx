import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import MedicalServicesOutlinedIcon from '@mui/icons-material/MedicalServicesOutlined';

interface ProductImageProps {
  src: string | null;
  /** Empty when the product's name is written beside the picture anyway. */
  alt: string;
  sx?: SxProps<Theme>;
}

/** A product's drawing at 4:3, or a plain tile with an icon for a product that has none yet. */
export function ProductImage({ src, alt, sx }: ProductImageProps) {
  const frame: SxProps<Theme> = {
    display: 'block',
    width: '100%',
    aspectRatio: '4 / 3',
    objectFit: 'cover',
    bgcolor: '#e8f0fb',
    borderRadius: 1,
  };
  if (!src) {
    return (
      <Box
        sx={[
          frame,
          { display: 'grid', placeItems: 'center', color: 'primary.main' },
          ...(Array.isArray(sx) ? sx : [sx]),
        ]}
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
      >
        <MedicalServicesOutlinedIcon sx={{ fontSize: '3rem', opacity: 0.5 }} aria-hidden />
      </Box>
    );
  }
  return (
    <Box component="img" src={src} alt={alt} sx={[frame, ...(Array.isArray(sx) ? sx : [sx])]} />
  );
}
