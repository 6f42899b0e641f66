import type { Profile } from '@vitalia/api/identity.contract';
import { useProfile } from '../../api/profile.query';
import { greetingNameOf } from '../../features/identity/utils/profile-names';

/** What the app bar shows about the signed-in person. */
export interface HeaderIdentity {
  /** For 'Welcome, Ada'; null until the profile arrives, or when no name is saved. */
  greetingName: string | null;
  /** Null while loading, which shows a person icon rather than a guess. */
  profile: Profile | undefined;
}

/** The profile query feeds the header, so a saved profile or picture shows there at once. */
export function useHeaderIdentity(): HeaderIdentity {
  const { data: profile } = useProfile();
  return { greetingName: profile ? greetingNameOf(profile) : null, profile };
}
