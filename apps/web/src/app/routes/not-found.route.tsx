import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

export function NotFoundRoute() {
  return (
    <>
      <Typography sx={{ mb: 3 }}>
        The page you asked for does not exist. It may have moved, or the address may be mistyped.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Go to the dashboard
      </Button>
    </>
  );
}
