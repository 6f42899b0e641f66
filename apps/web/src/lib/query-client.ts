import { QueryClient } from '@tanstack/react-query';
import { httpStatusOf } from './http-status';

// A 4xx answer will be the same on the next try; only server failures are worth repeating, and a
// 401 or a lost network already sends the person to sign-in.
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  const status = httpStatusOf(error);
  return status !== undefined && status >= 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
