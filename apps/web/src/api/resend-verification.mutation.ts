// A new confirmation link by mail: asked from the banner above every signed-in screen
// (features/identity) and from the store's checkout, which needs a confirmed address
// (docs/decisions/0023-order-mail.md).
import { useMutation } from '@tanstack/react-query';
import { acceptedResponse, identityPaths } from '@vitalia/api/identity.contract';
import { apiClient } from '../lib/api-client';

/** Mails the signed-in person a new verification link; answers the server's sentence. */
export async function resendVerification(): Promise<string> {
  const { data } = await apiClient.post(identityPaths.emailVerifyResend);
  return acceptedResponse.parse(data).message;
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
