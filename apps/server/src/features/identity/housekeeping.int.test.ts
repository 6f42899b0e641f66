// Housekeeping (decision 0020): rows past their life go, rows still in use stay, in batches, and
// the queue's housekeeping job runs the purge.
import crypto from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailTokens,
  pendingRegistrations,
  refreshTokens,
  sessions,
} from '../../db/schema/identity.table.ts';
import { attemptCounters } from '../../db/schema/rate-limit.table.ts';
import { healthRecords, readingIdempotencyKeys } from '../../db/schema/records.table.ts';
import { call, signedInAccount } from '../../test/test-calls.ts';
import { registerAccount, signIn } from './identity.test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { purgeExpired } from './housekeeping.ts';

const day = 24 * 3600 * 1000;
let server: TestApp;
beforeAll(async () => {
  server = await createTestApp({ trustProxy: true });
});
afterAll(() => server.close());

async function rowsOf(
  table:
    | typeof sessions
    | typeof refreshTokens
    | typeof emailTokens
    | typeof attemptCounters
    | typeof pendingRegistrations,
) {
  const [row] = await server.app.database.db.select({ n: count() }).from(table);
  return row!.n;
}

describe('housekeeping', () => {
  it('keeps what is still in use and removes, in batches, what has passed its life', async () => {
    const db = server.app.database.db;
    // A session with its refresh token, a reset link, a failed sign-in's counters, and a
    // registration whose link nobody opened.
    const account = await registerAccount(server);
    expect((await signIn(server, account.username, 'not the password')).status).toBe(401);
    expect(
      (
        await call(server, 'POST', '/api/v1/identity/password/initiatereset', {
          body: { Username: account.username },
        })
      ).status,
    ).toBe(202);
    await expect.poll(() => rowsOf(emailTokens)).toBeGreaterThan(0);
    expect(
      (
        await call(server, 'POST', '/api/v1/identity/register', {
          body: { Username: 'never.opened@example.com', Password: 'a link nobody opens' },
        })
      ).status,
    ).toBe(202);
    const before = {
      sessions: await rowsOf(sessions),
      refreshTokens: await rowsOf(refreshTokens),
      emailTokens: await rowsOf(emailTokens),
      attemptCounters: await rowsOf(attemptCounters),
      pendingRegistrations: await rowsOf(pendingRegistrations),
    };
    expect(Object.values(before).every((n) => n > 0)).toBe(true);

    const now = await purgeExpired(db, new Date());
    expect(now).toEqual({
      sessions: 0,
      refreshTokens: 0,
      emailTokens: 0,
      mfaChallenges: 0,
      pendingRegistrations: 0,
      attemptCounters: 0,
      readingIdempotencyKeys: 0,
    });

    // A session revoked a day ago stays while its refresh tokens could still be replayed.
    const [session] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, account.userId));
    await db
      .update(sessions)
      .set({ revokedAt: new Date(Date.now() - day) })
      .where(eq(sessions.id, session!.id));
    expect((await purgeExpired(db, new Date())).sessions).toBe(0);

    // A hundred days on, a session's absolute life (90 days) is over for all of them.
    const later = await purgeExpired(db, new Date(Date.now() + 100 * day), { batchSize: 1 });
    expect(later).toEqual({
      sessions: before.sessions,
      // A session's tokens go with it; none is left to purge on its own.
      refreshTokens: 0,
      emailTokens: before.emailTokens,
      mfaChallenges: 0,
      pendingRegistrations: before.pendingRegistrations,
      attemptCounters: before.attemptCounters,
      readingIdempotencyKeys: 0,
    });
    expect(await rowsOf(sessions)).toBe(0);
    expect(await rowsOf(refreshTokens)).toBe(0);
    expect(await rowsOf(emailTokens)).toBe(0);
    expect(await rowsOf(attemptCounters)).toBe(0);
    expect(await rowsOf(pendingRegistrations)).toBe(0);
    // The account itself is untouched.
    expect((await signIn(server, account.username, account.password)).status).toBe(200);
  });

  it('forgets the Idempotency-Keys of readings a day old, and keeps newer ones and the readings', async () => {
    const db = server.app.database.db;
    const person = await signedInAccount(server);
    const [oldKey, newKey] = [crypto.randomUUID(), crypto.randomUUID()];
    const record = (key: string, systolic: number) =>
      call(server, 'POST', '/api/v1/records/health', {
        token: person.token,
        headers: { 'idempotency-key': key },
        body: { Tag: 'Systolic', TagValue: systolic, MinTagValue: 80 },
      });
    expect((await record(oldKey, 118)).status).toBe(201);
    expect((await record(newKey, 119)).status).toBe(201);
    await db
      .update(readingIdempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(
        and(
          eq(readingIdempotencyKeys.userId, person.userId),
          eq(readingIdempotencyKeys.key, oldKey),
        ),
      );

    const purged = await purgeExpired(db, new Date(), { batchSize: 1 });
    expect(purged.readingIdempotencyKeys).toBe(1);
    const left = await db
      .select({ key: readingIdempotencyKeys.key })
      .from(readingIdempotencyKeys)
      .where(eq(readingIdempotencyKeys.userId, person.userId));
    expect(left).toEqual([{ key: newKey }]);
    const [readings] = await db
      .select({ n: count() })
      .from(healthRecords)
      .where(eq(healthRecords.userId, person.userId));
    expect(readings?.n).toBe(2);
    // The newer key still answers its first answer.
    expect((await record(newKey, 119)).headers.get('idempotent-replayed')).toBe('true');
  });

  it('runs as a job on the queue and says what it removed', async () => {
    await server.app.jobs.send('housekeeping', {});
    await expect
      .poll(() => server.logs.find((line) => line.msg === 'housekeeping: expired rows purged'), {
        timeout: 10_000,
      })
      .toMatchObject({ housekeeping: { sessions: 0, attemptCounters: 0 } });
  });
});
