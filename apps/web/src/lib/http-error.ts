import type { AxiosError } from 'axios';

/**
 * Whether an error is one the API client made: axios's own test (its errors carry
 * `isAxiosError`), without importing axios, which is loaded only when the first request is made
 * (lib/api-client.ts).
 */
export function isHttpError<T = unknown>(error: unknown): error is AxiosError<T> {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { isAxiosError?: unknown }).isAxiosError === true
  );
}
