import { useMutation } from '@tanstack/react-query';
import {
  accountDeletionPaths,
  accountDeletionResponse,
  loginResponse,
  type AccountDeletionRequest,
  type AccountDeletionResponse,
  type AccountRestoreRequest,
  type LoginResponse,
} from '@vitalia/api/identity.contract';
import { apiClient } from '../../../lib/api-client';

/** Asks for the signed-in account to be deleted (docs/decisions/0032-account-deletion.md). */
export async function requestAccountDeletion(
  request: AccountDeletionRequest,
): Promise<AccountDeletionResponse> {
  const { data } = await apiClient.post(accountDeletionPaths.deletion, request);
  return accountDeletionResponse.parse(data);
}

export function useRequestAccountDeletion() {
  return useMutation({ mutationFn: requestAccountDeletion });
}

/** Restores an account waiting to be deleted; answers a sign-in's tokens. */
export async function restoreAccount(request: AccountRestoreRequest): Promise<LoginResponse> {
  const { data } = await apiClient.post(accountDeletionPaths.restore, request, {
    sessionless: true,
  });
  return loginResponse.parse(data);
}

export function useRestoreAccount() {
  return useMutation({ mutationFn: restoreAccount });
}
