// Care sharing with a doctor (docs/decisions/0029-care-sharing.md): the invite, the doctors' calls,
// what they may and may not read, the access log, and taking a share back.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEASURE_COUNT } from '@vitalia/health/measure.catalog';
import { sessions, users } from '../../db/schema/identity.table.ts';
import { careShares } from '../../db/schema/sharing.table.ts';
import { createTestApp, doctorsAppClient, type TestApp } from '../../test/test-app.ts';
import { appSignIn, call, mailTo, registerAndConfirm } from '../../test/test-calls.ts';
import {
  accessLogOf,
  daysAgo,
  person,
  reading,
  sharedWith,
  type Person,
} from './sharing.test-helpers.ts';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp({ trustProxy: true });
});
afterAll(() => server.close());

const phone = { 'user-agent': 'okhttp/4.12.0 (Linux; Android 14)' };

describe('sharing blood pressure with a doctor', () => {
  let patient: Person;
  let doctor: Person;
  let shareId: string;

  beforeAll(async () => {
    patient = await person(server, { first: 'Ngozi', last: 'Adeyemi' });
    doctor = await person(server, { first: 'Ada', last: 'Bello' }, 'DOC');
    await reading(server, patient, 'Systolic', 150, daysAgo(40), 95);
    await reading(server, patient, 'Systolic', 128, daysAgo(2), 82);
    await reading(server, patient, 'Systolic', 182, daysAgo(1), 121);
    await reading(server, patient, 'Pulse Value', 72, daysAgo(1));
  });

  it('invites the doctor by email, mails them, and waits for their answer', async () => {
    const invited = await call<Record<string, unknown>>(server, 'POST', '/api/v1/sharing/shares', {
      token: patient.token,
      body: {
        doctorEmail: doctor.email.toUpperCase(),
        measures: ['bloodPressure'],
        includeAssessment: false,
        from: daysAgo(30),
        until: null,
      },
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({
      doctorEmail: doctor.email,
      // The account's name while the invite waits: the person sees they typed the right address.
      doctorName: 'Ada Bello',
      doctorHasAccount: true,
      status: 'pending',
      measures: ['bloodPressure'],
      allMeasures: false,
    });
    shareId = invited.body.id as string;
    // The patient's name is in the body, quoted, never in the subject (mail/templates/share-invite.ts).
    const mail = await mailTo(server, doctor.email, 'A patient would like to share');
    expect(mail).toContain('Ngozi Adeyemi');
    expect(mail).toContain('Nothing is shown to you until you accept');

    const invites = await call<{ items: Array<Record<string, unknown>> }>(
      server,
      'GET',
      '/api/v1/doctor/invites',
      { token: doctor.token },
    );
    expect(invites.body.items).toEqual([
      expect.objectContaining({ id: shareId, patientName: 'Ngozi Adeyemi' }),
    ]);
    // Not yet accepted: nothing to read.
    const early = await call(server, 'GET', `/api/v1/doctor/patients/${shareId}`, {
      token: doctor.token,
    });
    expect(early.status).toBe(404);
  });

  it('lets the doctor accept and read only the shared measure, inside its dates, rated', async () => {
    const accepted = await call(server, 'POST', `/api/v1/doctor/invites/${shareId}/accept`, {
      token: doctor.token,
    });
    expect(accepted.status).toBe(200);
    const patients = await call<{ items: Array<{ id: string; name: string }> }>(
      server,
      'GET',
      '/api/v1/doctor/patients',
      { token: doctor.token },
    );
    expect(patients.body.items.map((each) => each.name)).toEqual(['Ngozi Adeyemi']);

    const summary = await call<{
      measures: Array<{ measure: string; analysis: { colour: string; urgency: string | null } }>;
      bloodPressureWeek: { systolic: number; diastolic: number; count: number };
      assessment: unknown;
    }>(server, 'GET', `/api/v1/doctor/patients/${shareId}`, {
      token: doctor.token,
      headers: phone,
    });
    expect(summary.status).toBe(200);
    expect(summary.body.measures.map((each) => each.measure)).toEqual(['bloodPressure']);
    // 182/121 is a hypertensive crisis: red and urgent, as the patient's own screen says.
    expect(summary.body.measures[0]?.analysis).toMatchObject({ colour: 'red' });
    expect(summary.body.measures[0]?.analysis.urgency).not.toBeNull();
    // The crisis reading is left out of the week's average, and counted.
    expect(summary.body.bloodPressureWeek).toEqual({
      systolic: 128,
      diastolic: 82,
      count: 1,
      urgentLeftOut: 1,
    });
    expect(summary.body.assessment).toBeNull();

    const history = await call<{ items: Array<{ tagValue: string }>; nextCursor: string | null }>(
      server,
      'GET',
      `/api/v1/doctor/patients/${shareId}/readings?limit=1`,
      { token: doctor.token, headers: phone },
    );
    expect(history.body.items.map((each) => each.tagValue)).toEqual(['182']);
    const next = await call<{ items: Array<{ tagValue: string }>; nextCursor: string | null }>(
      server,
      'GET',
      `/api/v1/doctor/patients/${shareId}/readings?limit=1&cursor=${encodeURIComponent(history.body.nextCursor ?? '')}`,
      { token: doctor.token },
    );
    // The 40-day-old reading is before the share's start, and the pulse is not shared.
    expect(next.body).toEqual({
      items: [expect.objectContaining({ tagValue: '128' })],
      nextCursor: null,
    });
    const pulse = await call(
      server,
      'GET',
      `/api/v1/doctor/patients/${shareId}/readings?tag=Pulse%20Value`,
      {
        token: doctor.token,
      },
    );
    expect(pulse.status).toBe(404);
    const assessment = await call(server, 'GET', `/api/v1/doctor/patients/${shareId}/assessment`, {
      token: doctor.token,
    });
    expect(assessment.status).toBe(404);
  });

  it('writes every look to the patient’s log, and mails them on the first', async () => {
    const log = await accessLogOf(server, patient);
    expect(log.map((entry) => entry.action)).toEqual([
      'viewed readings',
      'viewed readings',
      'viewed summary',
      'accepted',
      'invited',
    ]);
    expect(log[2]).toMatchObject({
      who: `Ada Bello (${doctor.email})`,
      what: 'newest readings: blood pressure',
      client: 'an app on Android',
    });
    expect(log[1]?.what).toBe('blood pressure: first page of up to 1 (1 shown)');
    expect(log[0]?.what).toBe('blood pressure: a later page of up to 1 (1 shown)');
    const mail = await mailTo(server, patient.email, 'Ada Bello');
    expect(mail).toContain('opened the readings you share with them for the first time');

    const csv = await server.request('/api/v1/sharing/access-log.csv', {
      headers: { authorization: `Bearer ${patient.token}` },
    });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = Buffer.from(await csv.arrayBuffer());
    // A byte order mark first, so a spreadsheet reads the file as UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.startsWith('"time","who","action","what","client","address"\r\n')).toBe(true);
    expect(text).toContain(
      `,"Ada Bello (${doctor.email})","viewed summary","newest readings: blood pressure","an app on Android",`,
    );
  });

  it('gives the doctor no call that changes or deletes the log', async () => {
    const before = await accessLogOf(server, patient);
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST']) {
      const result = await call(server, method, '/api/v1/sharing/access-log', {
        token: doctor.token,
        ...(method === 'DELETE' ? {} : { body: { items: [] } }),
      });
      expect(result.status).toBe(404);
    }
    // The doctor's own GET reads the doctor's log (empty), never the patient's.
    const own = await call<{ items: unknown[] }>(server, 'GET', '/api/v1/sharing/access-log', {
      token: doctor.token,
    });
    expect(own.body.items).toEqual([]);
    expect(await accessLogOf(server, patient)).toEqual(before);
  });

  it('refuses the doctor at once while paused and after the end, and logs both', async () => {
    const paused = await call<{ status: string }>(
      server,
      'PATCH',
      `/api/v1/sharing/shares/${shareId}`,
      {
        token: patient.token,
        body: { paused: true },
      },
    );
    expect(paused.body.status).toBe('paused');
    const whilePaused = await call(server, 'GET', `/api/v1/doctor/patients/${shareId}`, {
      token: doctor.token,
    });
    expect(whilePaused.status).toBe(404);
    const list = await call<{ items: unknown[] }>(server, 'GET', '/api/v1/doctor/patients', {
      token: doctor.token,
    });
    expect(list.body.items).toEqual([]);

    await call(server, 'PATCH', `/api/v1/sharing/shares/${shareId}`, {
      token: patient.token,
      body: { paused: false },
    });
    expect(
      (await call(server, 'GET', `/api/v1/doctor/patients/${shareId}`, { token: doctor.token }))
        .status,
    ).toBe(200);

    const ended = await call(server, 'DELETE', `/api/v1/sharing/shares/${shareId}`, {
      token: patient.token,
    });
    expect(ended.status).toBe(204);
    const afterEnd = await call(server, 'GET', `/api/v1/doctor/patients/${shareId}/readings`, {
      token: doctor.token,
    });
    expect(afterEnd.status).toBe(404);
    const resumed = await call(server, 'PATCH', `/api/v1/sharing/shares/${shareId}`, {
      token: patient.token,
      body: { paused: false },
    });
    expect(resumed.status).toBe(409);
    const shares = await call<{ items: Array<{ status: string }> }>(
      server,
      'GET',
      '/api/v1/sharing/shares',
      {
        token: patient.token,
      },
    );
    expect(shares.body.items.map((each) => each.status)).toEqual(['ended']);
    const actions = (await accessLogOf(server, patient)).map((entry) => entry.action);
    expect(actions.slice(0, 4)).toEqual(['ended', 'viewed summary', 'resumed', 'paused']);
  });
});

describe('who may read a share', () => {
  let patient: Person;
  let doctorA: Person;
  let doctorB: Person;
  let shareId: string;
  const missing = '00000000-0000-4000-8000-000000000000';

  beforeAll(async () => {
    patient = await person(server, { first: 'Tunde', last: 'Okafor' });
    doctorA = await person(server, { first: 'Chidi', last: 'Eze' }, 'DOC');
    doctorB = await person(server, { first: 'Funmi', last: 'Ola' }, 'DOC');
    await reading(server, patient, 'Systolic', 124, daysAgo(1), 80);
    shareId = await sharedWith(server, patient, doctorA);
  });

  it('answers another doctor, a USER and an ADMIN as if the patient did not exist', async () => {
    const admin = await person(server, { first: 'Ade', last: 'Min' }, 'ADMIN');
    const stranger = await call(server, 'GET', `/api/v1/doctor/patients/${missing}`, {
      token: doctorB.token,
    });
    expect(stranger.status).toBe(404);
    for (const token of [doctorB.token, patient.token, admin.token]) {
      for (const suffix of ['', '/readings', '/assessment']) {
        const result = await call(server, 'GET', `/api/v1/doctor/patients/${shareId}${suffix}`, {
          token,
        });
        expect(result.status).toBe(404);
        expect(result.body).toEqual(stranger.body);
      }
      const accept = await call(server, 'POST', `/api/v1/doctor/invites/${shareId}/accept`, {
        token,
      });
      expect(accept.status).toBe(404);
    }
    for (const token of [patient.token, admin.token]) {
      expect((await call(server, 'GET', '/api/v1/doctor/patients', { token })).status).toBe(403);
      expect((await call(server, 'GET', '/api/v1/doctor/invites', { token })).status).toBe(403);
    }
    const noToken = await call(server, 'GET', `/api/v1/doctor/patients/${shareId}`);
    expect(noToken.status).toBe(401);
  });

  it('lets no other person see, pause or end the share', async () => {
    const other = await person(server, { first: 'Other', last: 'Person' });
    const list = await call<{ items: unknown[] }>(server, 'GET', '/api/v1/sharing/shares', {
      token: other.token,
    });
    expect(list.body.items).toEqual([]);
    const pause = await call(server, 'PATCH', `/api/v1/sharing/shares/${shareId}`, {
      token: other.token,
      body: { paused: true },
    });
    expect(pause.status).toBe(404);
    const end = await call(server, 'DELETE', `/api/v1/sharing/shares/${shareId}`, {
      token: other.token,
    });
    expect(end.status).toBe(404);
    expect(
      (await call(server, 'GET', `/api/v1/doctor/patients/${shareId}`, { token: doctorA.token }))
        .status,
    ).toBe(200);
  });

  it('ends when the doctor’s account is removed, and keeps the record for the person', async () => {
    const patient = await person(server, { first: 'Yemi', last: 'Alade' });
    const leaving = await person(server, { first: 'Leaving', last: 'Doctor' }, 'DOC');
    await sharedWith(server, patient, leaving);
    await server.app.database.db.delete(users).where(eq(users.id, leaving.userId));
    const mine = await call<{ items: Array<{ status: string; doctorEmail: string }> }>(
      server,
      'GET',
      '/api/v1/sharing/shares',
      { token: patient.token },
    );
    expect(mine.body.items).toEqual([
      expect.objectContaining({ status: 'ended', doctorEmail: leaving.email }),
    ]);
    expect((await accessLogOf(server, patient)).map((entry) => entry.action)).toContain('accepted');
    // Ended, so the person may invite whoever has that address next.
    const again = await call(server, 'POST', '/api/v1/sharing/shares', {
      token: patient.token,
      body: {
        doctorEmail: leaving.email,
        measures: null,
        includeAssessment: false,
        from: null,
        until: null,
      },
    });
    expect(again.status).toBe(201);
  });

  it('stops at its end date, and a share made for all measures reads them all', async () => {
    const later = await person(server, { first: 'Kemi', last: 'Lawal' });
    await reading(server, later, 'Pulse Value', 64, daysAgo(1));
    const id = await sharedWith(server, later, doctorA, {
      measures: null,
      includeAssessment: true,
    });
    const summary = await call<{ measures: Array<{ measure: string }> }>(
      server,
      'GET',
      `/api/v1/doctor/patients/${id}`,
      {
        token: doctorA.token,
      },
    );
    expect(summary.body.measures).toHaveLength(MEASURE_COUNT);
    await server.app.database.db
      .update(careShares)
      .set({ untilAt: new Date(Date.now() - 1000) })
      .where(eq(careShares.id, id));
    expect(
      (await call(server, 'GET', `/api/v1/doctor/patients/${id}`, { token: doctorA.token })).status,
    ).toBe(404);
    const mine = await call<{ items: Array<{ status: string }> }>(
      server,
      'GET',
      '/api/v1/sharing/shares',
      {
        token: later.token,
      },
    );
    expect(mine.body.items[0]?.status).toBe('ended');
  });
});

describe("the doctors' app's tokens (decision 0049)", () => {
  let patient: Person;
  let doctor: Person;
  let shareId: string;
  let pendingId: string;

  const basic = (id: string, secret: string) =>
    `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

  /** Every doctors' call, with this token. */
  async function everyDoctorCall(token: string) {
    const calls: Array<[string, string]> = [
      ['GET', '/api/v1/doctor/invites'],
      ['GET', '/api/v1/doctor/patients'],
      ['GET', `/api/v1/doctor/patients/${shareId}`],
      ['GET', `/api/v1/doctor/patients/${shareId}/readings?order=asc&limit=5`],
      ['GET', `/api/v1/doctor/patients/${shareId}/assessment`],
      ['POST', `/api/v1/doctor/invites/${pendingId}/accept`],
      ['POST', `/api/v1/doctor/invites/${pendingId}/decline`],
    ];
    return Promise.all(
      calls.map(async ([method, path]) => ({
        call: `${method} ${path}`,
        ...(await call<{ errors: string[]; details: Array<{ code: string }> }>(
          server,
          method,
          path,
          { token },
        )),
      })),
    );
  }

  beforeAll(async () => {
    patient = await person(server, { first: 'Ronke', last: 'Bakare' });
    doctor = await person(server, { first: 'Obi', last: 'Nwosu' }, 'DOC');
    await reading(server, patient, 'Systolic', 131, daysAgo(1), 84);
    shareId = await sharedWith(server, patient, doctor);
    const other = await person(server, { first: 'Waiting', last: 'Patient' });
    const invited = await call<{ id: string }>(server, 'POST', '/api/v1/sharing/shares', {
      token: other.token,
      body: {
        doctorEmail: doctor.email,
        measures: null,
        includeAssessment: false,
        from: null,
        until: null,
      },
    });
    pendingId = invited.body.id;
  });

  it("refuses a doctor's token from the login call or the web client, saying how to get one", async () => {
    const loggedIn = await call<{ token: string; refreshToken: string }>(
      server,
      'POST',
      '/api/v1/identity/login',
      { body: { Username: doctor.email, password: 'a sound passphrase 42' } },
    );
    expect(loggedIn.status).toBe(200);
    // The web client refreshed it: a token issued to vitalia-web, a public client.
    const refreshed = await server.request('/o/token/', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basic('vitalia-web', ''),
      },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: loggedIn.body.refreshToken,
      }),
    });
    const webToken = ((await refreshed.json()) as { access_token: string }).access_token;
    const before = await accessLogOf(server, patient);
    for (const token of [doctor.webToken, loggedIn.body.token, webToken]) {
      for (const answer of await everyDoctorCall(token)) {
        expect(answer.status, answer.call).toBe(403);
        expect(answer.body.details[0]?.code).toBe('CONFIDENTIAL_CLIENT_REQUIRED');
        expect(answer.body.errors[0]).toContain('POST /o/token/');
      }
    }
    // Nothing was looked at, and the invite still waits.
    expect(await accessLogOf(server, patient)).toEqual(before);
    const invites = await call<{ items: Array<{ id: string }> }>(
      server,
      'GET',
      '/api/v1/doctor/invites',
      { token: doctor.token },
    );
    expect(invites.body.items.map((each) => each.id)).toEqual([pendingId]);
    const look = await call(server, 'GET', `/api/v1/doctor/patients/${shareId}`, {
      token: doctor.token,
    });
    expect(look.status).toBe(200);
    expect(
      server.logs.some(
        (line) =>
          (line.security as { event?: string; userId?: string } | undefined)?.event ===
            'client.required' && (line.security as { userId?: string }).userId === doctor.userId,
      ),
    ).toBe(true);
  });

  it("takes the login call's session once the doctors' app refreshed it with its secret", async () => {
    const loggedIn = await call<{ token: string; refreshToken: string }>(
      server,
      'POST',
      '/api/v1/identity/login',
      { body: { Username: doctor.email, password: 'a sound passphrase 42' } },
    );
    const refreshed = await server.request('/o/token/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: loggedIn.body.refreshToken,
        client_id: doctorsAppClient.id,
        client_secret: doctorsAppClient.secret,
      }),
    });
    expect(refreshed.status).toBe(200);
    const token = ((await refreshed.json()) as { access_token: string }).access_token;
    const patients = await call<{ items: Array<{ id: string }> }>(
      server,
      'GET',
      '/api/v1/doctor/patients',
      { token },
    );
    expect(patients.status).toBe(200);
    expect(patients.body.items.map((each) => each.id)).toEqual([shareId]);
  });

  it("leaves other roles to the calls' own answers, whichever client their token came from", async () => {
    const user = await appSignIn(server, patient.email);
    expect(
      (await call(server, 'GET', '/api/v1/doctor/patients', { token: user.access_token })).status,
    ).toBe(403);
    const summary = await call<{ details: Array<{ code: string }> }>(
      server,
      'GET',
      `/api/v1/doctor/patients/${shareId}`,
      { token: patient.webToken },
    );
    expect(summary.status).toBe(404);
    expect(summary.body.details[0]?.code).toBe('NOT_FOUND');
  });

  it('refuses the tokens of a client taken out of OAUTH_CLIENTS', async () => {
    const other = await createTestApp({ trustProxy: true, oauthClients: {} });
    try {
      // Signed by the same key as this server's, so only the client list differs.
      const doctorHere = await registerAndConfirm(
        other,
        'dr.removed@clinic.example',
        'a sound passphrase 42',
        '198.51.100.120',
      );
      await other.app.database.db
        .update(users)
        .set({ role: 'DOC' })
        .where(eq(users.id, doctorHere.userID));
      const signedIn = await other.request('/o/token/', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: basic(doctorsAppClient.id, doctorsAppClient.secret),
        },
        body: new URLSearchParams({
          grant_type: 'password',
          username: 'dr.removed@clinic.example',
          password: 'a sound passphrase 42',
        }),
      });
      expect(signedIn.status).toBe(401);
      // A token the client was given while it was listed: the session stays, the client does not.
      const [session] = await other.app.database.db
        .insert(sessions)
        .values({
          userId: doctorHere.userID,
          absoluteExpiresAt: new Date(Date.now() + 86_400_000),
          clientId: doctorsAppClient.id,
        })
        .returning({ id: sessions.id });
      const token = await other.app.accessTokens.sign({
        sub: doctorHere.userID,
        role: 'DOC',
        username: 'dr.removed@clinic.example',
        sid: session!.id,
        clientId: doctorsAppClient.id,
      });
      expect((await call(other, 'GET', '/api/v1/identity/profile', { token })).status).toBe(200);
      const refused = await call<{ details: Array<{ code: string }> }>(
        other,
        'GET',
        '/api/v1/doctor/invites',
        { token },
      );
      expect(refused.status).toBe(403);
      expect(refused.body.details[0]?.code).toBe('CONFIDENTIAL_CLIENT_REQUIRED');
    } finally {
      await other.close();
    }
  });
});

describe('invites', () => {
  it('wait for an address with no doctor account, and reach the doctor made for it', async () => {
    const patient = await person(server, { first: 'Bola', last: 'Ade' });
    const invited = await call<{ id: string; status: string; doctorHasAccount: boolean }>(
      server,
      'POST',
      '/api/v1/sharing/shares',
      {
        token: patient.token,
        body: {
          doctorEmail: 'new.doctor@clinic.example',
          measures: ['pulse'],
          includeAssessment: false,
          from: null,
          until: null,
        },
      },
    );
    expect(invited.body).toMatchObject({ status: 'pending', doctorHasAccount: false });
    const mail = await mailTo(server, 'new.doctor@clinic.example', 'A patient would like to share');
    expect(mail).toContain('Bola Ade');
    expect(mail).toContain('This email address has no Vitalia doctor account yet');
    // How an account is made, and where the doctor then reads; no button to the patients' site.
    expect(mail).toContain('npm run user:create -- --email <this address> --role DOC');
    expect(mail).toContain('app with this address and the password set for it');
    expect(mail).not.toContain('Open Vitalia');

    // An administrator makes the doctor account for that address afterwards.
    const doctor = await person(server, { first: 'New', last: 'Doctor' }, 'DOC');
    await server.app.database.db
      .update(users)
      .set({ username: 'new.doctor@clinic.example' })
      .where(eq(users.id, doctor.userId));
    const waiting = await call<{ items: Array<{ doctorHasAccount: boolean }> }>(
      server,
      'GET',
      '/api/v1/sharing/shares',
      { token: patient.token },
    );
    expect(waiting.body.items[0]?.doctorHasAccount).toBe(true);
    const invites = await call<{ items: Array<{ id: string }> }>(
      server,
      'GET',
      '/api/v1/doctor/invites',
      {
        token: doctor.token,
      },
    );
    expect(invites.body.items.map((each) => each.id)).toEqual([invited.body.id]);
    const declined = await call(
      server,
      'POST',
      `/api/v1/doctor/invites/${invited.body.id}/decline`,
      {
        token: doctor.token,
      },
    );
    expect(declined.status).toBe(204);
    const mine = await call<{ items: Array<{ status: string }> }>(
      server,
      'GET',
      '/api/v1/sharing/shares',
      {
        token: patient.token,
      },
    );
    expect(mine.body.items[0]?.status).toBe('declined');
  });

  it('refuses the person’s own address, a second open share and bad dates, saying which field', async () => {
    const patient = await person(server, { first: 'Sade', last: 'Musa' });
    const doctor = await person(server, { first: 'Dayo', last: 'Kola' }, 'DOC');
    const body = {
      doctorEmail: doctor.email,
      measures: null,
      includeAssessment: false,
      from: null,
      until: null,
    };
    const self = await call<{ details: Array<{ field: string; code: string }> }>(
      server,
      'POST',
      '/api/v1/sharing/shares',
      {
        token: patient.token,
        body: { ...body, doctorEmail: patient.email },
      },
    );
    expect(self.status).toBe(400);
    expect(self.body.details[0]).toMatchObject({ field: 'doctorEmail', code: 'SHARE_WITH_SELF' });
    expect(
      (await call(server, 'POST', '/api/v1/sharing/shares', { token: patient.token, body })).status,
    ).toBe(201);
    const twice = await call<{ details: Array<{ field: string; code: string }> }>(
      server,
      'POST',
      '/api/v1/sharing/shares',
      {
        token: patient.token,
        body,
      },
    );
    expect(twice.status).toBe(409);
    expect(twice.body.details[0]).toMatchObject({ field: 'doctorEmail', code: 'SHARE_EXISTS' });
    const past = await call<{ details: Array<{ field: string }> }>(
      server,
      'POST',
      '/api/v1/sharing/shares',
      {
        token: patient.token,
        body: { ...body, doctorEmail: 'x@clinic.example', until: daysAgo(1), measures: [] },
      },
    );
    expect(past.status).toBe(400);
    expect(past.body.details.map((detail) => detail.field).sort()).toEqual(['measures', 'until']);
  });
});

describe('what the review found', () => {
  const invite = (patient: Person, doctorEmail: string, extra: Record<string, unknown> = {}) =>
    call<{ id: string; doctorHasAccount: boolean; details: Array<{ code: string }> }>(
      server,
      'POST',
      '/api/v1/sharing/shares',
      {
        token: patient.token,
        body: {
          doctorEmail,
          measures: ['pulse'],
          includeAssessment: false,
          from: null,
          until: null,
          ...extra,
        },
      },
    );

  it('sends no invite from an address nobody has confirmed, and at most ten a day', async () => {
    const unconfirmed = await person(server, { first: 'New', last: 'Comer' }, 'USER', {
      confirmed: false,
    });
    const refused = await invite(unconfirmed, 'someone@clinic.example');
    expect(refused.status).toBe(409);
    expect(refused.body.details[0]?.code).toBe('EMAIL_NOT_CONFIRMED');
    expect(
      (
        await call<{ items: unknown[] }>(server, 'GET', '/api/v1/sharing/shares', {
          token: unconfirmed.token,
        })
      ).body.items,
    ).toEqual([]);

    const busy = await person(server, { first: 'Busy', last: 'Sharer' });
    const statuses = [];
    for (let n = 0; n < 11; n += 1)
      statuses.push((await invite(busy, `doctor${n}@clinic.example`)).status);
    expect(statuses).toEqual([...Array<number>(10).fill(201), 429]);
  });

  it('makes one share of two invites sent at once', async () => {
    const patient = await person(server, { first: 'Quick', last: 'Clicker' });
    const answers = await Promise.all([1, 2, 3].map(() => invite(patient, 'twice@clinic.example')));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
  });

  it('knows a doctor made on the command line, without a name, and logs them by email alone', async () => {
    const patient = await person(server, { first: 'Ife', last: 'Obi' });
    const doctor = await person(server, null, 'DOC');
    const invited = await invite(patient, doctor.email, { includeAssessment: true });
    expect(invited.body.doctorHasAccount).toBe(true);
    await call(server, 'PUT', '/api/v1/records/assessment', {
      token: patient.token,
      body: {
        Smoke: true,
        Alcohol: false,
        RecreationalDrugs: false,
        SelfMedicate: false,
        HerbalConcotion: false,
        Illness: false,
        Cancer: false,
      },
    });
    await call(server, 'POST', `/api/v1/doctor/invites/${invited.body.id}/accept`, {
      token: doctor.token,
    });
    const summary = await call<{ assessment: { smoke: boolean } }>(
      server,
      'GET',
      `/api/v1/doctor/patients/${invited.body.id}`,
      {
        token: doctor.token,
      },
    );
    expect(summary.body.assessment.smoke).toBe(true);
    // A HEAD would be a look that shows nothing: there is none.
    // Plain fetch: a HEAD answer has no body for the error-model check to read.
    const head = await fetch(
      `${server.baseUrl}/api/v1/doctor/patients/${invited.body.id}/readings`,
      {
        method: 'HEAD',
        headers: { authorization: `Bearer ${doctor.token}` },
      },
    );
    expect(head.status).toBe(404);
    const [look] = await accessLogOf(server, patient);
    expect(look).toMatchObject({
      who: doctor.email,
      action: 'viewed summary',
      what: 'newest readings: pulse, and the risk assessment',
    });
    const shares = await call<{ items: Array<{ doctorName: string | null }> }>(
      server,
      'GET',
      '/api/v1/sharing/shares',
      {
        token: patient.token,
      },
    );
    expect(shares.body.items[0]?.doctorName).toBeNull();
  });

  it('never shows a doctor or a link the person’s own notes', async () => {
    const patient = await person(server, { first: 'Private', last: 'Note' });
    const doctor = await person(server, { first: 'Dayo', last: 'Note' }, 'DOC');
    const noted = await call(server, 'POST', '/api/v1/records/health', {
      token: patient.token,
      body: { Tag: 'Pulse Value', TagValue: 88, Note: 'after an argument, took an extra pill' },
    });
    expect(noted.status).toBe(201);
    const id = await sharedWith(server, patient, doctor, { measures: ['pulse'] });
    const readings = await call<{ items: Array<{ note: string | null }> }>(
      server,
      'GET',
      `/api/v1/doctor/patients/${id}/readings`,
      { token: doctor.token },
    );
    const summary = await call(server, 'GET', `/api/v1/doctor/patients/${id}`, {
      token: doctor.token,
    });
    const made = await call<{ url: string }>(server, 'POST', '/api/v1/sharing/links', {
      token: patient.token,
      body: { label: 'Visit', measures: ['pulse'], lifetimeHours: 1, withCode: false },
    });
    const link = await call(server, 'POST', '/api/v1/shared-link', {
      body: { token: new URL(made.body.url).hash.slice(1) },
    });
    expect(readings.body.items.map((each) => each.note)).toEqual([null]);
    for (const answer of [readings, summary, link]) {
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body)).not.toContain('extra pill');
    }
  });
});
