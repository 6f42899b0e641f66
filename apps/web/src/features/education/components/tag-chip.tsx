import { Link as RouterLink } from 'react-router';
import Chip from '@mui/material/Chip';
import { tagHref, tagLabel } from '../utils/article-text';

/** A tag of an article, leading to the other articles with that tag. */
export function TagChip({ tag }: { tag: string }) {
  return (
    <Chip
      component={RouterLink}
      to={tagHref(tag)}
      label={tagLabel(tag)}
      size="small"
      clickable
      aria-label={`Articles tagged ${tagLabel(tag)}`}
      sx={{
        bgcolor: '#e3ecfa',
        color: 'primary.main',
        fontWeight: 500,
        '&:hover': { bgcolor: '#cfdcf3' },
      }}
    />
  );
}
