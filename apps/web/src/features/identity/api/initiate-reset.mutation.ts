import { useMutation } from '@tanstack/react-query';
import type { z } from '@vitalia/api/zod';
import {
  acceptedResponse,
  identityPaths,
  initiateResetRequest,
} from '@vitalia/api/identity.contract';
import { apiClient } from '../../../lib/api-client';

export type InitiateResetRequest = z.infer<typeof initiateResetRequest>;

/**
 * Asks for a reset link. The server answers the same sentence whether or not the account exists,
 * so the answer is shown as it is.
 */
export async function initiateReset(request: InitiateResetRequest): Promise<string> {
  const { data } = await apiClient.post(
    identityPaths.passwordInitiateReset,
    initiateResetRequest.parse(request),
    { sessionless: true },
  );
  return acceptedResponse.parse(data).message;
}

export function useInitiateReset() {
  return useMutation({ mutationFn: initiateReset });
}
