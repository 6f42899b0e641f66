import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import { paths } from '../../../lib/paths';

/** /education/{slug} for an address no published article has. */
export function ArticleNotFound() {
  return (
    <Card
      variant="outlined"
      sx={{ maxWidth: 640, mx: 'auto', textAlign: 'center', py: 6, px: 3, borderRadius: 3 }}
    >
      <MenuBookOutlinedIcon sx={{ fontSize: 56, color: 'primary.main' }} aria-hidden />
      <Typography variant="h5" component="h2" sx={{ mt: 1.5, fontWeight: 600 }}>
        We could not find that article
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        It may have been renamed or taken down, or the address may be mistyped. The other articles
        are still here.
      </Typography>
      <Button component={RouterLink} to={paths.education} variant="contained" sx={{ mt: 3 }}>
        Browse all articles
      </Button>
    </Card>
  );
}
