import { useMutation } from '@tanstack/react-query';
import {
  identityPaths,
  registerResponse,
  type RegisterRequest,
  type RegisterResponse,
} from '@vitalia/api/identity.contract';
import { apiClient } from '../../../lib/api-client';

export async function register(request: RegisterRequest): Promise<RegisterResponse> {
  const { data } = await apiClient.post(identityPaths.register, request, { sessionless: true });
  return registerResponse.parse(data);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
