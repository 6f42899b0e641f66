import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/** At the foot of the score or the welcome card: what the profile adds to the ratings. */
export function ProfileHint() {
  return (
    <Alert
      severity="info"
      sx={{ borderRadius: 0, borderTop: 1, borderColor: 'divider' }}
      action={
        <Button component={RouterLink} to="/account/profile?edit=true" color="inherit" size="small">
          Complete profile
        </Button>
      }
    >
      Add your date of birth, gender and height to your profile, so your pulse is rated for your age
      and your BMI can be worked out.
    </Alert>
  );
}
