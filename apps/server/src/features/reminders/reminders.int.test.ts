// Reminders to measure (decision 0022), through HTTP: set, listed, replaced and removed by their
// owner only; mailed once when due, with a one-tap link to the reading form and RFC 8058
// unsubscribe headers; skipped when the measure was recorded since the previous one, or when
// found hours late; stopped from the mail without signing in.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reminders } from '../../db/schema/reminders.table.ts';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  call,
  confirmedAccount,
  emailOf,
  unconfirmedAccount,
  type SignedInAccount,
} from '../../test/test-calls.ts';

let server: TestApp;
let peer: SmtpPeer;
beforeAll(async () => {
  peer = await startSmtpPeer();
  server = await createTestApp({ trustProxy: true, smtpUrl: peer.url, testHooks: true });
});
afterAll(async () => {
  await server.close();
  await peer.close();
});

const weekdays = { days: [1, 2, 3, 4, 5], time: '08:00', timeZone: 'Africa/Lagos' };

function setReminder(account: SignedInAccount, measure: string, body: unknown) {
  return call<Record<string, unknown> & { nextDueAt: string; errors?: string[] }>(
    server,
    'PUT',
    `/api/v1/reminders/${measure}`,
    { token: account.token, body },
  );
}

async function runDue(at: Date) {
  const answer = await call<{ reminders: { sent: number; recorded: number; late: number } }>(
    server,
    'POST',
    '/api/test/reminders/due',
    { body: { at: at.toISOString() } },
  );
  expect(answer.status).toBe(200);
  return answer.body.reminders;
}

/** Makes the reminder due at `at`, as if its time had come. */
async function dueAt(userId: string, at: Date) {
  await server.app.database.db
    .update(reminders)
    .set({ nextDueAt: at })
    .where(eq(reminders.userId, userId));
}

const minutes = (n: number) => new Date(Date.now() + n * 60_000);

describe('setting reminders', () => {
  it('sets, replaces, lists and removes a reminder per measure, for its owner only', async () => {
    const owner = await confirmedAccount(server);
    const other = await confirmedAccount(server);
    const set = await setReminder(owner, 'bloodPressure', weekdays);
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ measure: 'bloodPressure', ...weekdays });
    // 08:00 in Lagos is 07:00 UTC, on a weekday.
    const next = new Date(set.body.nextDueAt);
    expect(next.getUTCHours()).toBe(7);
    expect([1, 2, 3, 4, 5]).toContain(next.getUTCDay());
    expect(next.getTime()).toBeGreaterThan(Date.now());

    const replaced = await setReminder(owner, 'bloodPressure', {
      days: [7],
      time: '21:15',
      timeZone: 'Europe/London',
    });
    expect(replaced.body).toMatchObject({ days: [7], time: '21:15', timeZone: 'Europe/London' });
    await setReminder(owner, 'sugar', weekdays);

    const listed = await call<{ items: Array<{ measure: string }> }>(
      server,
      'GET',
      '/api/v1/reminders',
      { token: owner.token },
    );
    expect(listed.body.items.map((item) => item.measure).sort()).toEqual([
      'bloodPressure',
      'sugar',
    ]);
    const theirs = await call<{ items: unknown[] }>(server, 'GET', '/api/v1/reminders', {
      token: other.token,
    });
    expect(theirs.body.items).toEqual([]);
    // Another person cannot remove it: for them it does not exist.
    expect(
      (await call(server, 'DELETE', '/api/v1/reminders/sugar', { token: other.token })).status,
    ).toBe(404);

    expect(
      (await call(server, 'DELETE', '/api/v1/reminders/sugar', { token: owner.token })).status,
    ).toBe(204);
    const removedAgain = await call<{ errors: string[] }>(
      server,
      'DELETE',
      '/api/v1/reminders/sugar',
      { token: owner.token },
    );
    expect(removedAgain.status).toBe(404);
    expect(removedAgain.body.errors).toEqual(['You have no reminder for blood sugar.']);
  });

  it('sends reminders only to a confirmed address', async () => {
    const unconfirmed = await unconfirmedAccount(server);
    const refused = await setReminder(unconfirmed, 'pulse', weekdays);
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual([
      'Confirm your email address first: reminders are sent to it. Open the link we mailed you, or ask for a new one on My Health’s banner.',
    ]);
  });

  it('keeps a time zone as Node names it', async () => {
    const owner = await confirmedAccount(server);
    const set = await setReminder(owner, 'mood', { ...weekdays, timeZone: 'africa/lagos' });
    expect(set.body).toMatchObject({ timeZone: 'Africa/Lagos' });
    const alias = await setReminder(owner, 'mood', { ...weekdays, timeZone: 'US/Eastern' });
    expect(alias.body).toMatchObject({ timeZone: 'America/New_York' });
  });

  it('takes JSON only, the one-click unsubscribe aside', async () => {
    const owner = await confirmedAccount(server);
    const form = await server.request('/api/v1/reminders/pulse', {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${owner.token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'days=1&time=08:00&timeZone=UTC',
    });
    expect(form.status).toBe(415);
  });

  it('says what to fix in a reminder it cannot take', async () => {
    const owner = await confirmedAccount(server);
    const cases: Array<[string, unknown, RegExp]> = [
      ['bloodPressure', { ...weekdays, days: [] }, /days: choose at least one day/],
      ['bloodPressure', { ...weekdays, days: [0, 8] }, /weekday from 1 \(Monday\) to 7/],
      ['bloodPressure', { ...weekdays, time: '8am' }, /time: must be a time of day as HH:MM/],
      ['bloodPressure', { ...weekdays, time: '24:00' }, /time: must be a time of day as HH:MM/],
      ['bloodPressure', { ...weekdays, timeZone: 'Lagos' }, /timeZone: must be a time zone/],
      ['bloodPressure', { ...weekdays, timeZone: 'x'.repeat(65) }, /timeZone: must be a time zone/],
      ['bloodPressure', { ...weekdays, days: [1, 2, 3, 4, 5, 6, 7, 1] }, /days: must name each/],
      ['weight', weekdays, /measure: must be one of oxygen, sugar/],
    ];
    for (const [measure, body, message] of cases) {
      const answer = await setReminder(owner, measure, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors!.join(' ')).toMatch(message);
    }
    expect((await call(server, 'GET', '/api/v1/reminders')).status).toBe(401);
  });
});

describe('sending reminders', () => {
  // A run of the job answers what it did for everyone. The reminders the tests above leave fall due
  // within the hours these runs jump ahead at some times of day (a mood reminder for 08:00 in New
  // York is due at 13:00 UTC on weekdays, so a run at 10:30 UTC plus three hours sent it), so each
  // test here starts with none but its own.
  beforeEach(async () => {
    await server.app.database.db.delete(reminders);
  });

  it('mails a due reminder once, skips it after a reading, and stops it from the mail', async () => {
    const owner = await confirmedAccount(server);
    const to = await emailOf(server, owner);
    await setReminder(owner, 'bloodPressure', { ...weekdays, days: [1, 2, 3, 4, 5, 6, 7] });
    const firstDue = minutes(-10);
    await dueAt(owner.userId, firstDue);

    // Not yet due a minute before; due, and mailed once, after.
    expect((await runDue(minutes(-11))).sent).toBe(0);
    expect((await runDue(new Date())).sent).toBeGreaterThanOrEqual(1);
    const mail = await peer.waitFor(to, /Time to measure your blood pressure/);
    const reminderMails = () =>
      peer.received.filter((each) => each.to.includes(to) && /Time to measure/.test(each.decoded));
    expect((await runDue(new Date())).sent).toBe(0);
    expect(mail.decoded).toContain('http://localhost:3000/healths/blood-pressure?add=1');
    expect(mail.decoded).toMatch(/every day at 08:00 \(Africa\/Lagos\)/);
    // Header lines may be folded (RFC 5322 section 2.2.3).
    const headers = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const oneClick =
      /^List-Unsubscribe: <http:\/\/localhost:3000(\/api\/v1\/reminders\/unsubscribe\/[^>]+)>\r?$/m.exec(
        headers,
      )?.[1];
    expect(oneClick).toBeDefined();
    expect(mail.decoded).toContain(`/reminders/stop/${oneClick!.split('/').pop()}`);

    // A reading since that reminder: the next one is not needed.
    const reading = await call(server, 'POST', '/api/v1/records/health', {
      token: owner.token,
      body: { Tag: 'Systolic', TagValue: 118, MinTag: 'Diastolic', MinTagValue: 76 },
    });
    expect(reading.status).toBe(201);
    await dueAt(owner.userId, minutes(1));
    expect(await runDue(minutes(1.5))).toMatchObject({ sent: 0, recorded: 1 });
    // No reading since the one skipped: the next is sent.
    await dueAt(owner.userId, minutes(2));
    expect((await runDue(minutes(2.5))).sent).toBe(1);
    // Found three hours after its time (the server was down): skipped, not sent late.
    await dueAt(owner.userId, minutes(3));
    expect(await runDue(minutes(3 + 180))).toMatchObject({ sent: 0, late: 1 });
    await expect.poll(() => reminderMails().length).toBe(2);

    // A mail app's one-click unsubscribe: a form post, no sign-in.
    const stopped = await server.request(oneClick!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(stopped.status).toBe(200);
    expect(await stopped.json()).toEqual({
      message: 'You will get no more reminders to measure your blood pressure.',
      measure: 'bloodPressure',
      stopped: 'reminder',
    });
    const listed = await call<{ items: unknown[] }>(server, 'GET', '/api/v1/reminders', {
      token: owner.token,
    });
    expect(listed.body.items).toEqual([]);
    const again = await call(server, 'POST', oneClick!);
    expect(again.body).toEqual({
      message: 'This was already stopped.',
      measure: null,
      stopped: null,
    });
    const forged = await call<{ errors: string[] }>(
      server,
      'POST',
      oneClick!.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')),
    );
    expect(forged.status).toBe(404);
    const padded = await call(server, 'POST', `${oneClick!}.and-more`);
    expect(padded.status).toBe(404);
    expect(await runDue(minutes(60 * 24 * 8))).toMatchObject({ sent: 0 });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(reminderMails()).toHaveLength(2);
  });

  it('counts only the person’s own readings of that measure', async () => {
    const first = await confirmedAccount(server);
    const second = await confirmedAccount(server);
    for (const account of [first, second]) {
      await setReminder(account, 'pulse', weekdays);
      await dueAt(account.userId, minutes(-1));
    }
    // The second person takes their pulse after setting the reminder; the first takes their
    // temperature, which is another measure.
    await call(server, 'POST', '/api/v1/records/health', {
      token: second.token,
      body: { Tag: 'Pulse Value', TagValue: 70 },
    });
    await call(server, 'POST', '/api/v1/records/health', {
      token: first.token,
      body: { Tag: 'Temperature', TagValue: 36.8 },
    });
    expect(await runDue(new Date())).toEqual({ sent: 1, summaries: 0, recorded: 1, late: 0 });
    await peer.waitFor(await emailOf(server, first), /Time to measure your pulse/);
    const secondEmail = await emailOf(server, second);
    expect(
      peer.received.some(
        (each) => each.to.includes(secondEmail) && /Time to measure/.test(each.decoded),
      ),
    ).toBe(false);
    const rows = await server.app.database.db
      .select({ previous: reminders.previousDueAt })
      .from(reminders)
      .where(inArray(reminders.userId, [first.userId, second.userId]));
    expect(rows.map((row) => row.previous === null)).toEqual([false, false]);
  });
});

describe('the test hook', () => {
  it('does not exist unless TEST_HOOKS is on', async () => {
    const plain = await createTestApp();
    try {
      const answer = await plain.request('/api/test/reminders/due', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ at: new Date().toISOString() }),
      });
      expect(answer.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
