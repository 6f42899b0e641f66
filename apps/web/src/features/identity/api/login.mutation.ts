import { useMutation } from '@tanstack/react-query';
import type { LoginRequest, LoginResponse } from '@vitalia/api/identity.contract';
import { identityPaths } from '@vitalia/api/identity.paths';
import { apiClient } from '../../../lib/api-client';
import { identityContract } from '../../../lib/identity-contract';

export async function login(request: LoginRequest): Promise<LoginResponse> {
  const contract = identityContract();
  const { data } = await apiClient.post(identityPaths.login, request, { sessionless: true });
  return (await contract).loginResponse.parse(data);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
