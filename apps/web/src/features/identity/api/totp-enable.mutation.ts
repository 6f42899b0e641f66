import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  identityPaths,
  totpEnableRequest,
  totpEnableResponse,
} from '@vitalia/api/identity.contract';
import { apiClient } from '../../../lib/api-client';
import { profileQueryKey } from '../../../api/profile.query';

/** Confirms the new key with a code; answers the ten recovery codes, which are shown only once. */
export async function enableTotp(code: string): Promise<string[]> {
  const { data } = await apiClient.post(
    identityPaths.totpEnable,
    totpEnableRequest.parse({ code }),
  );
  return totpEnableResponse.parse(data).recoveryCodes;
}

export function useEnableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
