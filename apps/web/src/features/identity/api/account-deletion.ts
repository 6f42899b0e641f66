import { useMutation } from '@tanstack/react-query';
import type {
  AccountDeletionRequest,
  AccountDeletionResponse,
  AccountRestoreRequest,
  LoginResponse,
} from '@vitalia/api/identity.contract';
import { accountDeletionPaths } from '@vitalia/api/identity.paths';
import { apiClient } from '../../../lib/api-client';
import { identityContract } from '../../../lib/identity-contract';

/** Asks for the signed-in account to be deleted (docs/decisions/0032-account-deletion.md). */
export async function requestAccountDeletion(
  request: AccountDeletionRequest,
): Promise<AccountDeletionResponse> {
  const contract = identityContract();
  const { data } = await apiClient.post(accountDeletionPaths.deletion, request);
  return (await contract).accountDeletionResponse.parse(data);
}

export function useRequestAccountDeletion() {
  return useMutation({ mutationFn: requestAccountDeletion });
}

/** Restores an account waiting to be deleted; answers a sign-in's tokens. */
export async function restoreAccount(request: AccountRestoreRequest): Promise<LoginResponse> {
  const contract = identityContract();
  const { data } = await apiClient.post(accountDeletionPaths.restore, request, {
    sessionless: true,
  });
  return (await contract).loginResponse.parse(data);
}

export function useRestoreAccount() {
  return useMutation({ mutationFn: restoreAccount });
}
