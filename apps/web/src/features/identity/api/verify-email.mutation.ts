import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  emailVerifyRequest,
  emailVerifyResponse,
  identityPaths,
} from '@vitalia/api/identity.contract';
import type { z } from '@vitalia/api/zod';
import { apiClient } from '../../../lib/api-client';
import { profileQueryKey } from '../../../api/profile.query';

export type EmailVerification = z.infer<typeof emailVerifyResponse>;

/**
 * Confirms an email address with the token of a verification link. Sessionless: the link may be
 * opened on a device where nobody is signed in, and the token alone is the credential.
 */
export async function verifyEmail(token: string): Promise<EmailVerification> {
  const { data } = await apiClient.post(
    identityPaths.emailVerify,
    emailVerifyRequest.parse({ token }),
    { sessionless: true },
  );
  return emailVerifyResponse.parse(data);
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    // A person signed in on this browser stops seeing the "please confirm" banner.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
