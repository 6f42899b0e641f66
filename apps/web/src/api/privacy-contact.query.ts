import { useQuery } from '@tanstack/react-query';
import { accountDeletionPaths, privacyContactResponse } from '@vitalia/api/identity.contract';
import { apiClient } from '../lib/api-client';

// The address the privacy policy names (PRIVACY_CONTACT on the server), read by the policy page.

export async function fetchPrivacyContact(): Promise<string> {
  const { data } = await apiClient.get(accountDeletionPaths.privacyContact);
  return privacyContactResponse.parse(data).contact;
}

export function usePrivacyContact() {
  return useQuery({
    queryKey: ['privacy', 'contact'],
    queryFn: fetchPrivacyContact,
    staleTime: Infinity,
  });
}
