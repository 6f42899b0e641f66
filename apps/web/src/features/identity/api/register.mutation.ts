import { useMutation } from '@tanstack/react-query';
import {
  identityPaths,
  registerConfirmRequest,
  registerConfirmResponse,
  registerResponse,
  type RegisterConfirmResponse,
  type RegisterRequest,
  type RegisterResponse,
} from '@vitalia/api/identity.contract';
import { apiClient } from '../../../lib/api-client';

/** Asks for an account: the server mails a link that finishes it (decision 0051). */
export async function register(request: RegisterRequest): Promise<RegisterResponse> {
  const { data } = await apiClient.post(identityPaths.register, request, { sessionless: true });
  return registerResponse.parse(data);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

/**
 * Finishes a registration with the token of its mail's link and the password chosen on its page;
 * answers the new session.
 */
export async function confirmRegistration(request: {
  token: string;
  Password: string;
}): Promise<RegisterConfirmResponse> {
  const { data } = await apiClient.post(
    identityPaths.registerConfirm,
    registerConfirmRequest.parse(request),
    { sessionless: true },
  );
  return registerConfirmResponse.parse(data);
}

export function useConfirmRegistration() {
  return useMutation({ mutationFn: confirmRegistration });
}
