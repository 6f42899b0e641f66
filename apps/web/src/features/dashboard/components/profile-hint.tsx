import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { Profile } from '@vitalia/api/identity.contract';
import { useProfile } from '../../../api/profile.query';
import { listed } from '../utils/score-advice';
import { paths } from '../../../lib/paths';

/** What the profile still lacks and what each missing detail would change, in one sentence. */
export function profileHintText(profile: Pick<Profile, 'dob' | 'gender' | 'heightMM'> | undefined) {
  if (!profile) {
    return 'Add your date of birth, gender and height to your profile, so your pulse is rated for your age and your BMI can be worked out.';
  }
  const missing = [
    profile.dob ? null : 'date of birth',
    profile.gender ? null : 'gender',
    profile.heightMM ? null : 'height',
  ].filter((each): each is string => each !== null);
  const gains = [
    profile.dob && profile.gender ? null : 'your pulse is rated for your age and sex',
    profile.heightMM ? null : 'your BMI can be worked out from your weight',
  ].filter((each): each is string => each !== null);
  return `Add your ${listed(missing)} to your profile, so ${listed(gains)}.`;
}

/** At the foot of the score or the welcome card: what the profile adds to the ratings. */
export function ProfileHint() {
  const { data: profile } = useProfile();
  return (
    <Alert
      severity="info"
      sx={{ borderRadius: 0, borderTop: 1, borderColor: 'divider' }}
      action={
        <Button component={RouterLink} to={paths.editProfile} color="inherit" size="small">
          Complete profile
        </Button>
      }
    >
      {profileHintText(profile)}
    </Alert>
  );
}
