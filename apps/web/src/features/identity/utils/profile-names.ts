import type { Profile } from '@vitalia/api/identity.contract';

type Names = Pick<Profile, 'firstName' | 'lastName'>;

/** "AL" for Ada Lovelace; one letter when only one name is known, null when none is. */
export function initialsOf({ firstName, lastName }: Names): string | null {
  const letters = [firstName, lastName]
    .map((name) => name?.trim().charAt(0) ?? '')
    .join('')
    .toLocaleUpperCase();
  return letters || null;
}

/** The name to greet someone by: their chosen display name, their full name, else their email. */
export function nameOf(profile: Pick<Profile, 'displayname' | 'username'> & Names): string {
  const fullName = [profile.firstName, profile.lastName]
    .map((name) => name?.trim())
    .filter(Boolean)
    .join(' ');
  return profile.displayname?.trim() || fullName || profile.username;
}

/**
 * The name the app bar's welcome line uses: the first name, as a person is greeted, else the
 * chosen display name, else the last name; null when none is saved, for a plain 'Welcome'
 * (docs/decisions/0053-one-voice-and-visible-focus.md).
 */
export function greetingNameOf(profile: Pick<Profile, 'displayname'> & Names): string | null {
  for (const name of [profile.firstName, profile.displayname, profile.lastName]) {
    const trimmed = name?.trim();
    if (trimmed) return trimmed;
  }
  return null;
}
