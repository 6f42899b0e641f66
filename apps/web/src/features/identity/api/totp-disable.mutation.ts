import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from '@vitalia/api/zod';
import { identityPaths, totpDisableRequest } from '@vitalia/api/identity.contract';
import { apiClient } from '../../../lib/api-client';
import { profileQueryKey } from '../../../api/profile.query';

export type TotpDisableRequest = z.infer<typeof totpDisableRequest>;

/** Switches two-factor sign-in off; needs the password and a code or an unused recovery code. */
export async function disableTotp(request: TotpDisableRequest): Promise<void> {
  await apiClient.post(identityPaths.totpDisable, totpDisableRequest.parse(request));
}

export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
