// What any feature's tests need to talk to the server as a client does: JSON calls, and a new
// signed-in account. Features do not import each other's test helpers, so these live here.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { pendingRegistrations, users } from '../db/schema/identity.table.ts';
import { hashToken } from '../features/identity/session.service.ts';
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
  const made = await registerAndConfirm(
    server,
    `reader${accounts}.${process.pid}.${Date.now()}@example.com`,
    'a sound passphrase 42',
    `172.16.${(accounts >> 8) & 255}.${accounts & 255}`,
  );
  return { userId: made.userID, token: made.token };
}

export interface ConfirmedRegistration {
  userID: string;
  username: string;
  token: string;
  refreshToken: string;
}

/**
 * A new account made as a person makes one: the register call, then the confirm call with the
 * link's token (docs/decisions/0051-registration-confirmed-by-mail.md). The link travels by mail,
 * which some suites send to an SMTP stand-in and others to the outbox; rather than read either,
 * the helper puts a token it knows in place of the mailed one (kept, like it, as a hash). The
 * registration tests read the real mail.
 */
export async function registerAndConfirm(
  server: TestApp,
  username: string,
  password: string,
  forwardedFor: string,
): Promise<ConfirmedRegistration> {
  const asked = await server.request('/api/v1/identity/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ Username: username }),
  });
  expect(asked.status, await asked.clone().text()).toBe(202);
  const token = crypto.randomBytes(32).toString('base64url');
  const replaced = await server.app.database.db
    .update(pendingRegistrations)
    .set({ tokenHash: hashToken(token) })
    .where(eq(pendingRegistrations.username, username.trim().toLowerCase()))
    .returning({ username: pendingRegistrations.username });
  expect(replaced, `one registration waits for ${username}`).toHaveLength(1);
  const confirmed = await server.request('/api/v1/identity/register/confirm', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ token, Password: password }),
  });
  expect(confirmed.status, await confirmed.clone().text()).toBe(201);
  return (await confirmed.json()) as ConfirmedRegistration;
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

/**
 * A signed-in account whose address is not confirmed: one made before registering asked for the
 * mailed link (docs/decisions/0051-registration-confirmed-by-mail.md), as an upgraded database
 * holds, or a LinkedIn account whose provider did not vouch for its address.
 */
export async function unconfirmedAccount(server: TestApp): Promise<SignedInAccount> {
  const account = await signedInAccount(server);
  await server.app.database.db
    .update(users)
    .set({ emailVerifiedAt: null })
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
