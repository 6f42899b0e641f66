// What the care-sharing tests share: a doctor account, a patient with readings, and calls.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../db/schema/identity.table.ts';
import type { TestApp } from '../../test/test-app.ts';
import { appSignIn, call, signedInAccount, type SignedInAccount } from '../../test/test-calls.ts';

export interface Person extends SignedInAccount {
  email: string;
  /** The token of the account's own sign-up, as the web app holds it. */
  webToken: string;
}

/**
 * A new account with its address confirmed (inviting a doctor needs one), named, or without a
 * name as `npm run user:create` makes staff; made a doctor or an administrator when asked. A
 * doctor's token is the doctors' app's, from the token endpoint: the doctors' calls take no other.
 * `webToken` is the one the login call gave.
 */
export async function person(
  server: TestApp,
  name: { first: string; last: string } | null,
  role: 'USER' | 'DOC' | 'ADMIN' = 'USER',
  { confirmed = true }: { confirmed?: boolean } = {},
): Promise<Person> {
  const account = await signedInAccount(server);
  const [row] = await server.app.database.db
    .update(users)
    .set({
      firstName: name?.first ?? null,
      lastName: name?.last ?? null,
      role,
      emailVerifiedAt: confirmed ? new Date() : null,
    })
    .where(eq(users.id, account.userId))
    .returning({ username: users.username });
  if (!row) throw new Error('no such account');
  const token =
    role === 'DOC' ? (await appSignIn(server, row.username)).access_token : account.token;
  return { ...account, token, webToken: account.token, email: row.username };
}

/** Records a reading as the person, at a time of their choosing. */
export async function reading(
  server: TestApp,
  who: SignedInAccount,
  tag: string,
  value: number | string,
  takenAt: string,
  second?: number,
): Promise<string> {
  const result = await call<{ id: string }>(server, 'POST', '/api/v1/records/health', {
    token: who.token,
    body: {
      Tag: tag,
      TagValue: value,
      TakenAt: takenAt,
      ...(second === undefined ? {} : { MinTagValue: second }),
    },
  });
  expect(result.status).toBe(201);
  return result.body.id;
}

export const daysAgo = (days: number) =>
  new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();

/** The share's id, after the patient invites and the doctor accepts. */
export async function sharedWith(
  server: TestApp,
  patient: Person,
  doctor: Person,
  share: Record<string, unknown> = {},
): Promise<string> {
  const invited = await call<{ id: string }>(server, 'POST', '/api/v1/sharing/shares', {
    token: patient.token,
    body: {
      doctorEmail: doctor.email,
      measures: ['bloodPressure'],
      includeAssessment: false,
      from: null,
      until: null,
      ...share,
    },
  });
  expect(invited.status).toBe(201);
  const accepted = await call(server, 'POST', `/api/v1/doctor/invites/${invited.body.id}/accept`, {
    token: doctor.token,
  });
  expect(accepted.status).toBe(200);
  return invited.body.id;
}

export interface LogEntry {
  who: string;
  action: string;
  what: string | null;
  client: string | null;
  address: string | null;
}

export async function accessLogOf(server: TestApp, patient: SignedInAccount): Promise<LogEntry[]> {
  const result = await call<{ items: LogEntry[] }>(server, 'GET', '/api/v1/sharing/access-log', {
    token: patient.token,
  });
  expect(result.status).toBe(200);
  return result.body.items;
}
