import { useQuery } from '@tanstack/react-query';
import {
  accountDeletionPaths,
  privacyContactResponse,
  type PrivacyContactResponse,
} from '@vitalia/api/identity.contract';
import { publicGet } from '../lib/public-get';

// What the privacy policy and the deletion dialog state from the server's configuration: the
// address for personal data (PRIVACY_CONTACT) and the grace before a deleted account is purged
// (ACCOUNT_DELETION_GRACE), so neither page promises a period the server does not keep.

export async function fetchPrivacyTerms(): Promise<PrivacyContactResponse> {
  // Read by the policy page as it opens, signed in or not (lib/public-get.ts).
  return privacyContactResponse.parse(await publicGet(accountDeletionPaths.privacyContact));
}

export function usePrivacyTerms() {
  return useQuery({
    queryKey: ['privacy', 'terms'],
    queryFn: fetchPrivacyTerms,
    staleTime: Infinity,
  });
}

const units = [
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'minute'],
  [1, 'second'],
] as const;

/** A grace in words: 604800 is '7 days', 43200 '12 hours', 15 '15 seconds'. */
export function graceInWords(seconds: number): string {
  const [size, name] = units.find(([size]) => seconds % size === 0 && seconds >= size) ?? units[3];
  const count = seconds / size;
  return `${count} ${name}${count === 1 ? '' : 's'}`;
}

/** The deletion grace in words once the server has said it; null until then. */
export function useDeletionGrace(): string | null {
  const terms = usePrivacyTerms();
  return terms.data ? graceInWords(terms.data.deletionGraceSeconds) : null;
}
