import type { Profile } from '@vitalia/api/identity.contract';
import { useProfile } from '../../api/profile.query';

/** What the app bar shows about the signed-in person. */
export interface HeaderIdentity {
  /** For the welcome line; null until the profile has arrived or when no last name is saved. */
  lastName: string | null;
  /** Null while loading, which shows a person icon rather than a guess. */
  profile: Profile | undefined;
}

/** The profile query feeds the header, so a saved profile or picture shows there at once. */
export function useHeaderIdentity(): HeaderIdentity {
  const { data: profile } = useProfile();
  return { lastName: profile?.lastName?.trim() || null, profile };
}
