// Links for a clinician without an account (docs/decisions/0029-care-sharing.md): made, opened
// with and without a code, limited, logged, ended, and never kept by a cache or a log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, mailTo } from '../../test/test-calls.ts';
import { accessLogOf, daysAgo, person, reading, type Person } from './sharing.test-helpers.ts';

let server: TestApp;
let now = Date.now();
beforeAll(async () => {
  server = await createTestApp({ trustProxy: true }, undefined, { clock: () => new Date(now) });
});
afterAll(() => server.close());

interface Created {
  link: { id: string; status: string; hasCode: boolean; expiresAt: string };
  url: string;
  code: string | null;
}

async function makeLink(patient: Person, body: Record<string, unknown>) {
  const created = await call<Created>(server, 'POST', '/api/v1/sharing/links', {
    token: patient.token,
    body: {
      label: 'Dr Bello, 3 December',
      measures: ['bloodPressure'],
      lifetimeHours: 24,
      withCode: true,
      ...body,
    },
  });
  expect(created.status).toBe(201);
  const token = new URL(created.body.url).hash.slice(1);
  return { ...created.body, token };
}

interface Opened {
  patientName: string;
  pass?: string;
  measures: Array<{
    measure: string;
    analysis: { colour: string };
    readings: Array<{ tagValue: string }>;
  }>;
  details: Array<{ code: string; message: string }>;
}

const agent = { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/130.0 Safari/537.36' };

/** A reload of the clinician's tab: the pass alone. */
const reopen = (pass: string | undefined) =>
  call<Opened>(server, 'POST', '/api/v1/shared-link/reopen', { body: { pass }, headers: agent });

const open = (body: Record<string, unknown>) =>
  call<{
    patientName: string;
    pass?: string;
    measures: Array<{
      measure: string;
      analysis: { colour: string };
      readings: Array<{ tagValue: string }>;
    }>;
    details: Array<{ code: string; message: string }>;
  }>(server, 'POST', '/api/v1/shared-link', {
    body,
    headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/130.0 Safari/537.36' },
  });

describe('a link with a code', () => {
  let patient: Person;
  let link: Awaited<ReturnType<typeof makeLink>>;
  /** The pass the right code answered. */
  let pass: string;

  beforeAll(async () => {
    patient = await person(server, { first: 'Ngozi', last: 'Adeyemi' });
    await reading(server, patient, 'Systolic', 118, daysAgo(3), 76);
    await reading(server, patient, 'Systolic', 141, daysAgo(1), 92);
    await reading(server, patient, 'Pulse Value', 70, daysAgo(1));
    link = await makeLink(patient, {});
  });

  it('gives an address with a long token in its fragment, and a 6-digit code, once', async () => {
    expect(link.url).toMatch(/^http:\/\/localhost:3000\/shared#[A-Za-z0-9_-]{43}$/);
    expect(link.code).toMatch(/^\d{6}$/);
    const listed = await call<{ items: Array<Record<string, unknown>> }>(
      server,
      'GET',
      '/api/v1/sharing/links',
      {
        token: patient.token,
      },
    );
    expect(listed.body.items).toEqual([
      expect.objectContaining({ id: link.link.id, status: 'active', hasCode: true, opens: 0 }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(link.token);
  });

  it('asks for the code, counts wrong ones, and shows the chosen measure with the right one', async () => {
    const without = await open({ token: link.token });
    expect(without.status).toBe(403);
    expect(without.body.details[0]?.code).toBe('CODE_REQUIRED');
    const wrongCode = link.code === '000000' ? '111111' : '000000';
    const wrong = await open({ token: link.token, code: wrongCode });
    expect(wrong.status).toBe(403);
    expect(wrong.body.details[0]).toMatchObject({
      code: 'CODE_WRONG',
      message: 'is not the code of this link; 4 tries left',
    });

    const right = await open({ token: link.token, code: link.code });
    expect(right.status).toBe(200);
    expect(right.headers.get('cache-control')).toBe('no-store');
    expect(right.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(right.body.patientName).toBe('Ngozi Adeyemi');
    expect(right.body.measures.map((each) => each.measure)).toEqual(['bloodPressure']);
    expect(right.body.measures[0]?.readings.map((each) => each.tagValue)).toEqual(['141', '118']);
    expect(right.body.measures[0]?.analysis.colour).toBe('red');
    // A right code hands its try back: still 4 left.
    const again = await open({ token: link.token, code: wrongCode });
    expect(again.body.details[0]?.message).toBe('is not the code of this link; 3 tries left');
  });

  it('logs each opening as the link, mails the person on the first, and keeps secrets out of logs', async () => {
    const log = await accessLogOf(server, patient);
    // Newest first: a wrong code, the opening with the right one, and the wrong code before it.
    expect(log.slice(0, 3)).toMatchObject([
      { who: 'link: Dr Bello, 3 December', action: 'wrong code', what: '3 tries left' },
      {
        who: 'link: Dr Bello, 3 December',
        action: 'opened link',
        what: 'blood pressure',
        client: 'Chrome on Windows',
      },
      { who: 'link: Dr Bello, 3 December', action: 'wrong code', what: '4 tries left' },
    ]);
    expect(log.at(-1)?.action).toBe('link created');
    const mail = await mailTo(
      server,
      patient.email,
      'Your Vitalia link was opened for the first time',
    );
    expect(mail).toContain('"Dr Bello, 3 December" was opened for the first time');
    expect(mail).not.toContain(link.token);
    const lines = JSON.stringify(server.logs);
    expect(lines).toContain('"url":"/api/v1/shared-link"');
    expect(lines).not.toContain(link.token);
    expect(lines).not.toContain(`"${link.code}"`);
  });

  it('answers a pass that opens the link again without the token or the code', async () => {
    const right = await open({ token: link.token, code: link.code });
    pass = right.body.pass ?? '';
    expect(pass).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    expect(pass).not.toContain(link.token);
    expect(pass).not.toContain(link.code);
    const reloaded = await reopen(pass);
    expect(reloaded.status).toBe(200);
    expect(reloaded.headers.get('cache-control')).toBe('no-store');
    expect(reloaded.body.patientName).toBe('Ngozi Adeyemi');
    expect(reloaded.body.measures[0]?.readings.map((each) => each.tagValue)).toEqual([
      '141',
      '118',
    ]);
    // Each reload is a look of its own in the person's log.
    expect((await accessLogOf(server, patient))[0]).toMatchObject({
      who: 'link: Dr Bello, 3 December',
      action: 'opened link',
      what: 'blood pressure (reloaded)',
    });
    // A pass is the server's: changed by one character, or made up, it opens nothing.
    const last = pass.at(-1) === 'A' ? 'B' : 'A';
    expect((await reopen(`${pass.slice(0, -1)}${last}`)).status).toBe(404);
    expect((await reopen(`${link.link.id}.${'A'.repeat(43)}`)).status).toBe(404);
    expect((await reopen(link.token)).status).toBe(404);
  });

  it('logs each wrong code for the person, with the tries left and never the digits', async () => {
    const wrongCode = link.code === '000000' ? '111111' : '000000';
    const before = (await accessLogOf(server, patient)).length;
    const wrong = await open({ token: link.token, code: wrongCode });
    expect(wrong.status).toBe(403);
    const log = await accessLogOf(server, patient);
    expect(log).toHaveLength(before + 1);
    expect(log[0]).toMatchObject({
      who: 'link: Dr Bello, 3 December',
      action: 'wrong code',
      what: '2 tries left',
      client: 'Chrome on Windows',
    });
    expect(JSON.stringify(log)).not.toContain(wrongCode);
    // Asking for the code is no wrong code: the page's first call sends none.
    await open({ token: link.token });
    expect(await accessLogOf(server, patient)).toHaveLength(before + 1);
  });

  it('locks after five wrong codes and then answers as if it never existed', async () => {
    const wrongCode = link.code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const result = await open({ token: link.token, code: wrongCode });
      messages.push(`${result.status} ${result.body.details[0]?.message}`);
    }
    expect(messages).toEqual([
      '403 is not the code of this link; 1 try left',
      '404 This link has ended or does not exist. Ask for a new one.',
      '404 This link has ended or does not exist. Ask for a new one.',
    ]);
    const right = await open({ token: link.token, code: link.code });
    const unknown = await open({ token: 'x'.repeat(43), code: link.code });
    expect(right.status).toBe(404);
    expect(right.body).toEqual(unknown.body);
    const listed = await call<{ items: Array<{ status: string }> }>(
      server,
      'GET',
      '/api/v1/sharing/links',
      {
        token: patient.token,
      },
    );
    expect(listed.body.items[0]?.status).toBe('locked');
    const log = await accessLogOf(server, patient);
    expect(log.slice(0, 2)).toMatchObject([
      { action: 'link locked', what: '5 wrong codes' },
      { action: 'wrong code', what: 'no tries left' },
    ]);
    // Locked, its pass opens nothing either.
    expect((await reopen(pass)).status).toBe(404);
  });
});

describe('a link without a code', () => {
  it('opens with its token alone, shows every measure with readings, and ends at once', async () => {
    const patient = await person(server, { first: 'Kemi', last: 'Lawal' });
    await reading(server, patient, 'Pulse Value', 64, daysAgo(1));
    await reading(server, patient, 'SPO2Value', 97, daysAgo(1));
    const link = await makeLink(patient, {
      measures: null,
      withCode: false,
      label: 'Clinic visit',
    });
    expect(link.code).toBeNull();
    const opened = await open({ token: link.token });
    expect(opened.status).toBe(200);
    expect(opened.body.measures.map((each) => each.measure).sort()).toEqual(['oxygen', 'pulse']);

    const other = await person(server, { first: 'Not', last: 'Owner' });
    expect(
      (
        await call(server, 'DELETE', `/api/v1/sharing/links/${link.link.id}`, {
          token: other.token,
        })
      ).status,
    ).toBe(404);
    expect((await open({ token: link.token })).status).toBe(200);
    expect(
      (
        await call(server, 'DELETE', `/api/v1/sharing/links/${link.link.id}`, {
          token: patient.token,
        })
      ).status,
    ).toBe(204);
    expect((await open({ token: link.token })).status).toBe(404);
    // The tab that opened it shows nothing more on a reload, from the next request on.
    expect((await reopen(opened.body.pass)).status).toBe(404);
    expect((await accessLogOf(server, patient))[0]).toMatchObject({
      who: 'you',
      action: 'link ended',
      what: 'Clinic visit',
    });
  });

  it('stops answering when its time is up', async () => {
    // No name given: the page never falls back to the person's email, since links are passed on.
    const patient = await person(server, null);
    const link = await makeLink(patient, { withCode: false, lifetimeHours: 1 });
    const opened = await open({ token: link.token });
    expect(opened.status).toBe(200);
    expect(opened.body.patientName).toBe('A Vitalia user');
    expect(JSON.stringify(opened.body)).not.toContain(patient.email);
    expect((await reopen(opened.body.pass)).status).toBe(200);
    now += 61 * 60 * 1000;
    try {
      expect((await open({ token: link.token })).status).toBe(404);
      expect((await reopen(opened.body.pass)).status).toBe(404);
      const listed = await call<{ items: Array<{ status: string }> }>(
        server,
        'GET',
        '/api/v1/sharing/links',
        {
          token: patient.token,
        },
      );
      expect(listed.body.items[0]?.status).toBe('expired');
    } finally {
      now = Date.now();
    }
  });

  it('refuses a lifetime over 30 days or under an hour, and a blank label', async () => {
    const patient = await person(server, { first: 'Bad', last: 'Input' });
    const result = await call<{ details: Array<{ field: string }> }>(
      server,
      'POST',
      '/api/v1/sharing/links',
      {
        token: patient.token,
        body: { label: ' ', measures: null, lifetimeHours: 721, withCode: true },
      },
    );
    expect(result.status).toBe(400);
    expect(result.body.details.map((detail) => detail.field).sort()).toEqual([
      'label',
      'lifetimeHours',
    ]);
    const short = await call(server, 'POST', '/api/v1/sharing/links', {
      token: patient.token,
      body: { label: 'x', measures: null, lifetimeHours: 0, withCode: true },
    });
    expect(short.status).toBe(400);
  });
});
