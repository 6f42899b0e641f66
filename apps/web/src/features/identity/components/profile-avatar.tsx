import Avatar from '@mui/material/Avatar';
import type { SxProps, Theme } from '@mui/material/styles';
import PersonIcon from '@mui/icons-material/Person';
import type { Profile } from '@vitalia/api/identity.contract';
import { initialsOf } from '../utils/profile-names';

interface ProfileAvatarProps {
  profile: Pick<Profile, 'firstName' | 'lastName' | 'displayPicture'> | undefined;
  /** Diameter in pixels. */
  size?: number;
  /** Empty when a name beside the avatar already says whose it is. */
  alt?: string;
  sx?: SxProps<Theme>;
}

/** The person's picture; their initials when there is none; a person icon before either is known. */
export function ProfileAvatar({ profile, size = 40, alt = '', sx }: ProfileAvatarProps) {
  const initials = profile ? initialsOf(profile) : null;
  return (
    <Avatar
      alt={alt}
      // Initials are a picture too: without a written alternative they are decoration.
      aria-hidden={alt ? undefined : true}
      src={profile?.displayPicture ?? undefined}
      sx={[
        { width: size, height: size, bgcolor: 'secondary.main', fontSize: size * 0.4 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {initials ?? <PersonIcon sx={{ fontSize: size * 0.6 }} />}
    </Avatar>
  );
}
