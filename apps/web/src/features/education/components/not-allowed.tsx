import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import LockPersonOutlinedIcon from '@mui/icons-material/LockPersonOutlined';
import { paths } from '../../../lib/paths';

/** Shown to anyone but an administrator; the server refuses their calls with 403 anyway. */
export function NotAllowed() {
  return (
    <Card
      variant="outlined"
      sx={{ maxWidth: 640, mx: 'auto', textAlign: 'center', py: 6, px: 3, borderRadius: 3 }}
    >
      <LockPersonOutlinedIcon sx={{ fontSize: 56, color: 'primary.main' }} aria-hidden />
      <Typography variant="h5" component="h2" sx={{ mt: 1.5, fontWeight: 600 }}>
        This page is for the people who write the articles
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        Your account is not allowed to write or publish articles; that needs an administrator
        account. Every published article is yours to read.
      </Typography>
      <Button component={RouterLink} to={paths.education} variant="contained" sx={{ mt: 3 }}>
        Read the articles
      </Button>
    </Card>
  );
}
