// What any feature's tests need to talk to the server as a client does: JSON calls, and a new
// signed-in account. Features do not import each other's test helpers, so these live here.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../db/schema/identity.table.ts';
import { doctorsAppClient, type TestApp } from './test-app.ts';

export interface CallResult<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export async function call<T = Record<string, unknown>>(
  server: TestApp,
  method: string,
  path: string,
  {
    body,
    token,
    headers = {},
  }: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<CallResult<T>> {
  const response = await server.request(path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : null) as T,
    headers: response.headers,
  };
}

export interface SignedInAccount {
  userId: string;
  token: string;
}

let accounts = 0;

/**
 * Registers a new account and answers its session. Each registration comes "from" an address of
 * its own, so the server under test must trust X-Forwarded-For (`createTestApp({ trustProxy:
 * true })`) for a suite that makes many accounts not to trip the per-address limit.
 */
export async function signedInAccount(server: TestApp): Promise<SignedInAccount> {
  accounts += 1;
  const response = await server.request('/api/v1/identity/register', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `172.16.${(accounts >> 8) & 255}.${accounts & 255}`,
    },
    body: JSON.stringify({
      Username: `reader${accounts}.${process.pid}.${Date.now()}@example.com`,
      Password: 'a sound passphrase 42',
    }),
  });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { userID: string; token: string };
  return { userId: body.userID, token: body.token };
}

export interface AppTokens {
  access_token: string;
  refresh_token: string;
}

/**
 * Signs in as the doctors' app does: the password grant of the token endpoint, as the test
 * server's confidential client (HTTP Basic). Only such tokens reach the doctors' calls.
 */
export async function appSignIn(
  server: TestApp,
  username: string,
  password = 'a sound passphrase 42',
): Promise<AppTokens> {
  const response = await server.request('/o/token/', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${doctorsAppClient.id}:${doctorsAppClient.secret}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'password', username, password }),
  });
  const body = (await response.json()) as AppTokens;
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body;
}

/** A new account whose address is confirmed, as mail it asks for (reminders, summaries) needs. */
export async function confirmedAccount(server: TestApp): Promise<SignedInAccount> {
  const account = await signedInAccount(server);
  await server.app.database.db
    .update(users)
    .set({ emailVerifiedAt: new Date() })
    .where(eq(users.id, account.userId));
  return account;
}

/** The address an account signs in with. */
export async function emailOf(server: TestApp, account: SignedInAccount): Promise<string> {
  const profile = await call<{ username: string }>(server, 'GET', '/api/v1/identity/profile', {
    token: account.token,
  });
  return profile.body.username;
}

/**
 * The text of the newest mail to `to` with this subject, from the outbox a server without
 * SMTP_URL writes; waits a little, since mail goes out after the answer.
 */
export async function mailTo(server: TestApp, to: string, subject: string): Promise<string> {
  const outbox = path.join(server.config.dataDir, 'mail-outbox');
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : [];
    for (const file of files) {
      const text = fs.readFileSync(path.join(outbox, file), 'utf8');
      if (text.includes(`To: ${to}`) && text.includes(subject)) return text.replace(/=\r?\n/g, '');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail to ${to} about "${subject}"`);
}
