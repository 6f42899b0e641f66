import { useMutation } from '@tanstack/react-query';
import type { z } from '@vitalia/api/zod';
import { identityPaths, totpSetupRequest, totpSetupResponse } from '@vitalia/api/identity.contract';
import { apiClient } from '../../../lib/api-client';

export type TotpSetup = z.infer<typeof totpSetupResponse>;

/** A new authenticator key and its QR code; it takes effect once a code from it is confirmed. */
export async function setupTotp(password: string): Promise<TotpSetup> {
  const { data } = await apiClient.post(
    identityPaths.totpSetup,
    totpSetupRequest.parse({ password }),
  );
  return totpSetupResponse.parse(data);
}

export function useSetupTotp() {
  return useMutation({ mutationFn: setupTotp });
}
