import { identityPaths } from '@vitalia/api/identity.paths';
import { apiClient } from '../../../lib/api-client';

/**
 * Revokes the session of a refresh token. The refresh token is the credential, so this works
 * after the access token has expired too. A module of its own: the sign-in page revokes a
 * doctor's new session with it, and the sign-out hook beside it (logout.mutation.ts) brings the
 * device's offline store and the sign-out question, which that page does not need.
 */
export async function logout(refreshToken: string): Promise<void> {
  await apiClient.post(identityPaths.logout, { refreshToken }, { sessionless: true });
}
