import { useMutation } from '@tanstack/react-query';
import {
  identityPaths,
  loginResponse,
  type LoginRequest,
  type LoginResponse,
} from '@vitalia/api/identity.contract';
import { apiClient } from '../../../lib/api-client';

export async function login(request: LoginRequest): Promise<LoginResponse> {
  const { data } = await apiClient.post(identityPaths.login, request, { sessionless: true });
  return loginResponse.parse(data);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
