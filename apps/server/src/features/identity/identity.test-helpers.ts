// Small helpers the identity tests share: registering, signing in and refreshing; JSON calls come
// from the shared test-calls module.
import type { TestApp } from '../../test/test-app.ts';
import { call, mailTo, registerAndConfirm, type CallResult } from '../../test/test-calls.ts';

export { call, mailTo };

export interface Account {
  username: string;
  password: string;
  userId: string;
  token: string;
  refreshToken: string;
}

let counter = 0;

/**
 * Registers a new account with a unique email and answers its first session. Each registration
 * comes "from" its own address (the test server trusts X-Forwarded-For), so the limit on new
 * accounts per address does not trip over a suite that makes many.
 */
export async function registerAccount(
  server: TestApp,
  password = 'a sound passphrase 42',
): Promise<Account> {
  counter += 1;
  const username = `person${counter}.${Date.now()}@example.com`;
  const made = await registerAndConfirm(
    server,
    username,
    password,
    `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`,
  );
  return {
    username,
    password,
    userId: made.userID,
    token: made.token,
    refreshToken: made.refreshToken,
  };
}

export async function signIn(
  server: TestApp,
  username: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<CallResult<{ token: string; refreshToken: string; errors?: string[] }>> {
  return call(server, 'POST', '/api/v1/identity/login', {
    body: { Username: username, password },
    headers,
  });
}

/** The claims of a JWT, read without checking it. */
export function claimsOf(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

export function basic(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
}

export async function refresh(
  server: TestApp,
  refreshToken: string,
  authorization = basic('vitalia-web', ''),
): Promise<CallResult<{ access_token: string; refresh_token: string; error?: string }>> {
  const response = await server.request('/o/token/', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      access_token: string;
      refresh_token: string;
      error?: string;
    },
    headers: response.headers,
  };
}
