// Recording a reading with an Idempotency-Key (docs/decisions/0033-idempotent-readings.md): a retry
// after a lost answer, or the same reading sent twice at once, stores one reading and answers the
// first answer; the same key with another reading is refused; keys are each person's own.
// Forgetting keys after a day is housekeeping's, tested in identity/housekeeping.int.test.ts.
import crypto from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '@vitalia/api/records.contract';
import { healthRecords, readingIdempotencyKeys } from '../../db/schema/records.table.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, signedInAccount, type SignedInAccount } from '../../test/test-calls.ts';

const HEALTH = '/api/v1/records/health';

interface Reading {
  id: string;
  tag: string;
  tagValue: string;
  minTagValue: string | null;
  takenAt: string;
}

interface Errors {
  errors: string[];
  details: Array<{ code: string; field?: string; in?: string; message: string }>;
}

let server: TestApp;
beforeAll(async () => {
  // Behind a proxy, so each test account registers "from" an address of its own.
  server = await createTestApp({ trustProxy: true });
});
afterAll(() => server.close());

const pressure = (systolic: number, extra: Record<string, unknown> = {}) => ({
  Tag: 'Systolic',
  TagValue: systolic,
  MinTagValue: 80,
  TakenAt: '2026-03-01T08:30:00Z',
  ...extra,
});

function send(person: SignedInAccount, body: unknown, key?: string) {
  return call<Reading & Partial<Errors>>(server, 'POST', HEALTH, {
    token: person.token,
    body,
    headers: key === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: key },
  });
}

async function readingsOf(person: SignedInAccount): Promise<number> {
  const [row] = await server.app.database.db
    .select({ n: count() })
    .from(healthRecords)
    .where(eq(healthRecords.userId, person.userId));
  return row?.n ?? 0;
}

async function keysOf(person: SignedInAccount): Promise<number> {
  const [row] = await server.app.database.db
    .select({ n: count() })
    .from(readingIdempotencyKeys)
    .where(eq(readingIdempotencyKeys.userId, person.userId));
  return row?.n ?? 0;
}

describe('recording a reading with an Idempotency-Key', () => {
  it('answers the first answer again for the same key and reading, and stores one reading', async () => {
    const person = await signedInAccount(server);
    const key = crypto.randomUUID();
    const first = await send(person, pressure(128), key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBe('false');

    // The same reading spelt another way ('128.0', a blank left out) is the same reading.
    const again = await send(person, pressure(128, { TagValue: '128.0', Note: '' }), key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    expect(again.headers.get('location')).toBe(`${HEALTH}/${first.body.id}`);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await readingsOf(person)).toBe(1);

    // The reading the answer names is the one stored.
    const stored = await call<Reading>(server, 'GET', `${HEALTH}/${first.body.id}`, {
      token: person.token,
    });
    expect(stored.body.tagValue).toBe('128');
  });

  it('keeps a pulse sent with a blood pressure in the same single answer', async () => {
    const person = await signedInAccount(server);
    const key = crypto.randomUUID();
    const first = await send(person, pressure(131, { Pulse: 72 }), key);
    const again = await send(person, pressure(131, { Pulse: 72 }), key);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(first.body);
    // The pressure and its pulse, once.
    expect(await readingsOf(person)).toBe(2);
    // Another pulse is another reading.
    const other = await send(person, pressure(131, { Pulse: 90 }), key);
    expect(other.status).toBe(422);
    expect(await readingsOf(person)).toBe(2);
  });

  it('refuses the same key with a different reading with 422 and stores nothing new', async () => {
    const person = await signedInAccount(server);
    const key = crypto.randomUUID();
    expect((await send(person, pressure(128), key)).status).toBe(201);
    for (const different of [
      pressure(129),
      pressure(128, { TakenAt: '2026-03-01T08:31:00Z' }),
      pressure(128, { Note: 'left arm' }),
    ]) {
      const refused = await send(person, different, key);
      expect(refused.status, JSON.stringify(refused.body)).toBe(422);
      expect(refused.body.details).toEqual([
        {
          code: 'IDEMPOTENCY_KEY_REUSED',
          field: 'idempotency-key',
          in: 'header',
          message: expect.stringMatching(/already used for a different reading/),
        },
      ]);
      expect(refused.body.errors).toEqual([
        expect.stringMatching(/^header idempotency-key: was already used for a different reading/),
      ]);
      expect(refused.headers.get('idempotent-replayed')).toBeNull();
    }
    expect(await readingsOf(person)).toBe(1);
  });

  it('stores two readings for the same body sent twice without a key, as before', async () => {
    const person = await signedInAccount(server);
    const first = await send(person, pressure(140));
    const second = await send(person, pressure(140));
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.id).not.toBe(first.body.id);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(await readingsOf(person)).toBe(2);
    expect(await keysOf(person)).toBe(0);
  });

  it('stores one reading when the same key arrives several times at once', async () => {
    const person = await signedInAccount(server);
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => send(person, pressure(135), key)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(answers.map((answer) => answer.headers.get('idempotent-replayed')).sort()).toEqual([
      'false',
      'true',
      'true',
      'true',
      'true',
    ]);
    expect(await readingsOf(person)).toBe(1);
    expect(await keysOf(person)).toBe(1);
  });

  it("keeps each person's keys apart: another person's same key is their own", async () => {
    const one = await signedInAccount(server);
    const other = await signedInAccount(server);
    const key = crypto.randomUUID();
    const mine = await send(one, pressure(122), key);
    // The same key, and even another reading: nothing of the first person's is answered.
    const theirs = await send(other, pressure(150), key);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(theirs.body.tagValue).toBe('150');
    expect(theirs.headers.get('idempotent-replayed')).toBe('false');
    expect([await readingsOf(one), await readingsOf(other)]).toEqual([1, 1]);
  });

  it('refuses a malformed key with 400 naming the header and what to send', async () => {
    const person = await signedInAccount(server);
    for (const key of ['', 'has a space', 'x'.repeat(256), 'naïve-é']) {
      const refused = await call<Errors>(server, 'POST', HEALTH, {
        token: person.token,
        body: pressure(128),
        // fetch sends header values as bytes; a non-ASCII key arrives as Latin-1 text.
        headers: { [IDEMPOTENCY_KEY_HEADER]: key },
      });
      expect(refused.status, `${key}: ${JSON.stringify(refused.body)}`).toBe(400);
      expect(refused.body.details).toEqual([
        expect.objectContaining({ field: 'idempotency-key', in: 'header' }),
      ]);
      expect(refused.body.errors[0]).toMatch(/^header idempotency-key: must be .*UUID/);
    }
    // A key of 255 visible characters is fine.
    const longest = await send(person, pressure(128), '~'.repeat(255));
    expect(longest.status).toBe(201);
    expect(await readingsOf(person)).toBe(1);
  });

  it('keeps no answer for a refused reading, so it can be fixed and sent with the same key', async () => {
    const person = await signedInAccount(server);
    const key = crypto.randomUUID();
    // A diastolic above the systolic: refused, field by field.
    const refused = await send(person, pressure(80, { MinTagValue: 120 }), key);
    expect(refused.status).toBe(400);
    expect(await keysOf(person)).toBe(0);
    const fixed = await send(person, pressure(120, { MinTagValue: 80 }), key);
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(201);
    expect(fixed.headers.get('idempotent-replayed')).toBe('false');
    expect(await readingsOf(person)).toBe(1);
  });
});
