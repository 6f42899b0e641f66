// The weekly summary (decision 0022), through HTTP: opted in and out, mailed on Monday 08:00 in
// the person's zone about the week before, with counts, averages where they mean something,
// changes of rating and urgent readings first; nothing for a week without readings.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weeklySummaries } from '../../db/schema/reminders.table.ts';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, confirmedAccount, emailOf, type SignedInAccount } from '../../test/test-calls.ts';

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

const day = 24 * 3600_000;

async function runDue(at: Date) {
  const answer = await call<{ reminders: { summaries: number } }>(
    server,
    'POST',
    '/api/test/reminders/due',
    { body: { at: at.toISOString() } },
  );
  expect(answer.status).toBe(200);
  return answer.body.reminders.summaries;
}

async function record(account: SignedInAccount, reading: Record<string, unknown>, at: Date) {
  const answer = await call(server, 'POST', '/api/v1/records/health', {
    token: account.token,
    body: { ...reading, TakenAt: at.toISOString() },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

/** Makes the summary due at `at`, covering the seven days before it. */
async function dueAt(userId: string, at: Date) {
  await server.app.database.db
    .update(weeklySummaries)
    .set({ nextDueAt: at, previousDueAt: new Date(at.getTime() - 7 * day) })
    .where(eq(weeklySummaries.userId, userId));
}

describe('the weekly summary', () => {
  it('is off until asked for, then due on a Monday at 08:00 in the person’s zone', async () => {
    const person = await confirmedAccount(server);
    const off = await call(server, 'GET', '/api/v1/reminders/weekly-summary', {
      token: person.token,
    });
    expect(off.body).toEqual({ enabled: false, timeZone: null, nextDueAt: null });
    const on = await call<{ enabled: boolean; nextDueAt: string }>(
      server,
      'PUT',
      '/api/v1/reminders/weekly-summary',
      { token: person.token, body: { timeZone: 'Europe/London' } },
    );
    expect(on.body).toMatchObject({ enabled: true, timeZone: 'Europe/London' });
    const next = new Date(on.body.nextDueAt);
    expect(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/London',
        weekday: 'long',
        hour: '2-digit',
        minute: '2-digit',
      }).format(next),
    ).toBe('Monday 08:00');
    const bad = await call<{ errors: string[] }>(
      server,
      'PUT',
      '/api/v1/reminders/weekly-summary',
      { token: person.token, body: { timeZone: 'Nowhere/Atlantis' } },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors.join(' ')).toMatch(/timeZone: must be a time zone/);
    expect(
      (await call(server, 'DELETE', '/api/v1/reminders/weekly-summary', { token: person.token }))
        .status,
    ).toBe(204);
    expect(
      (await call(server, 'GET', '/api/v1/reminders/weekly-summary', { token: person.token })).body,
    ).toMatchObject({ enabled: false });
  });

  it('sums up the week, urgent readings first, and sends nothing for a week without readings', async () => {
    const person = await confirmedAccount(server);
    const quiet = await confirmedAccount(server);
    for (const account of [person, quiet]) {
      await call(server, 'PUT', '/api/v1/reminders/weekly-summary', {
        token: account.token,
        body: { timeZone: 'Africa/Lagos' },
      });
    }
    const due = new Date(Date.now() + 60_000);
    const inWeek = (daysBefore: number) => new Date(due.getTime() - daysBefore * day);
    // Before the week: blood pressure was high.
    await record(
      person,
      { Tag: 'Systolic', TagValue: 150, MinTag: 'Diastolic', MinTagValue: 95 },
      inWeek(9),
    );
    // In the week: two lower ones (average 124/80), two sugars, an oxygen saturation of 91 %.
    await record(
      person,
      { Tag: 'Systolic', TagValue: 130, MinTag: 'Diastolic', MinTagValue: 84 },
      inWeek(5),
    );
    await record(
      person,
      { Tag: 'Systolic', TagValue: 118, MinTag: 'Diastolic', MinTagValue: 76 },
      inWeek(2),
    );
    await record(person, { Tag: 'Blood-sugar', TagValue: 92, Narration: '' }, inWeek(4));
    await record(person, { Tag: 'Blood-sugar', TagValue: 135, Narration: 'HadMeal' }, inWeek(3));
    await record(person, { Tag: 'SPO2Value', TagValue: 91 }, inWeek(1));
    for (const account of [person, quiet]) await dueAt(account.userId, due);

    expect(await runDue(new Date(due.getTime() + 30_000))).toBe(1);
    const to = await emailOf(server, person);
    const mail = await peer.waitFor(to, /Your week in Vitalia/);
    const text = mail.decoded.replace(/\r\n/g, '\n');
    expect(text).toMatch(/A reading this week needed care\..*call 112\./s);
    expect(text).toMatch(/- Oxygen saturation 91 % on .*: /);
    expect(text).toContain(
      'Blood pressure: 2 readings, average 124/80 mmHg. Rated High, then Normal.',
    );
    expect(text).toContain('Blood sugar: 2 readings, lowest 92 and highest 135 mg/dL.');
    expect(text).toMatch(
      /No reading this week: BMI, Mood, Pulse, Breathing, Temperature, Cholesterol, Respiratory rate\./,
    );
    expect(text.indexOf('needed care')).toBeLessThan(text.indexOf('Blood pressure:'));
    expect(mail.raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    // The quiet person recorded nothing: no mail for them.
    const quietEmail = await emailOf(server, quiet);
    expect(
      peer.received.some((each) => each.to.includes(quietEmail) && /Your week/.test(each.decoded)),
    ).toBe(false);
    // Once: running again sends nothing more.
    expect(await runDue(new Date(due.getTime() + 60_000))).toBe(0);

    // Its stop link turns it off, without signing in.
    const stop = /\/reminders\/stop\/([^\s]+)/.exec(text)?.[1];
    const stopped = await call(server, 'POST', `/api/v1/reminders/unsubscribe/${stop!}`);
    expect(stopped.body).toEqual({
      message: 'You will get no more weekly summaries.',
      measure: null,
      stopped: 'weekly summary',
    });
    expect(
      (await call(server, 'GET', '/api/v1/reminders/weekly-summary', { token: person.token })).body,
    ).toMatchObject({ enabled: false });
  });

  // docs/decisions/0050-one-unit-choice-per-account.md
  it('says blood sugar and temperature in the units the person chose on their profile', async () => {
    const person = await confirmedAccount(server);
    await call(server, 'PUT', '/api/v1/reminders/weekly-summary', {
      token: person.token,
      body: { timeZone: 'Africa/Lagos' },
    });
    const chosen = await call(server, 'PUT', '/api/v1/identity/profile', {
      token: person.token,
      body: { Units: { Sugar: 'mmol/L', Temperature: '°F' } },
    });
    expect(chosen.status).toBe(200);
    const due = new Date(Date.now() + 60_000);
    const inWeek = (daysBefore: number) => new Date(due.getTime() - daysBefore * day);
    await record(person, { Tag: 'Blood-sugar', TagValue: 92, Narration: '' }, inWeek(4));
    await record(person, { Tag: 'Blood-sugar', TagValue: 135, Narration: 'HadMeal' }, inWeek(3));
    await record(person, { Tag: 'Temperature', TagValue: 37.0 }, inWeek(2));
    await dueAt(person.userId, due);

    expect(await runDue(new Date(due.getTime() + 30_000))).toBe(1);
    const mail = await peer.waitFor(await emailOf(server, person), /Your week in Vitalia/);
    const text = mail.decoded.replace(/\r\n/g, '\n');
    expect(text).toContain('Blood sugar: 2 readings, lowest 5.1 and highest 7.5 mmol/L.');
    expect(text).toContain('Temperature: one reading, 98.6 °F.');
    expect(text).not.toContain('mg/dL');
  });
});
