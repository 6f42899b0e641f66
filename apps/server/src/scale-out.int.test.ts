// Several server processes on one PostgreSQL (docs/operations.md, decision 0016): what one process
// counts or records, the other sees. Two real processes of the server, started as `npm run dev`
// starts one, each with its own connection pool and memory. PostgreSQL only: the embedded
// database belongs to one process, so the PGlite run has nothing to show here.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, stopped, type ServerProcess } from './test/server-process.ts';
import { createTestDatabase, testDriver, type TestDatabase } from './test/test-database.ts';

type Instance = ServerProcess & { dataDir: string };

const doctorsApp = { id: 'doctors-app', secret: 'doctors-app-secret-for-scale-out' };

async function startInstance(databaseUrl: string, jwtSecret: string): Promise<Instance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitalia-scale-'));
  const started = await startServerProcess({
    NODE_ENV: 'production',
    STORE_PICKUP_ADDRESS: '14 Admiralty Way, Lekki Phase 1, Lagos',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: jwtSecret,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    // The doctors' app, whose tokens alone reach the doctors' calls (decision 0049).
    OAUTH_CLIENTS: `${doctorsApp.id}:${doctorsApp.secret}`,
  });
  return { ...started, dataDir };
}

/** The mails both processes have written (no SMTP_URL: each writes to its own outbox). */
function outboxMails(instances: Instance[], subject: RegExp): string[] {
  return instances.flatMap((instance) => {
    const outbox = path.join(instance.dataDir, 'mail-outbox');
    if (!fs.existsSync(outbox)) return [];
    return fs
      .readdirSync(outbox)
      .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'))
      .filter((text) => subject.test(text));
  });
}

async function send(
  instance: Instance,
  method: string,
  pathname: string,
  {
    body,
    token,
    headers = {},
  }: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
) {
  const answer = await fetch(`${instance.url}${pathname}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

/**
 * A new account: registered on `asked`, its mailed link (written by whichever process sent it)
 * opened on `confirmedOn` (docs/decisions/0051-registration-confirmed-by-mail.md).
 */
async function registered(
  asked: Instance,
  confirmedOn: Instance,
  instances: Instance[],
  {
    body,
    headers = {},
  }: { body: { Username: string; Password: string }; headers?: Record<string, string> },
) {
  const held = await send(asked, 'POST', '/api/v1/identity/register', {
    body: { Username: body.Username },
    headers,
  });
  expect(held.status).toBe(202);
  const link = new RegExp(
    `^To: ${body.Username}[\\s\\S]*register/confirm#token=(?:3D)?([A-Za-z0-9_-]{43})`,
    'm',
  );
  let token: string | undefined;
  await expect
    .poll(
      () => {
        const mail = outboxMails(instances, /Finish creating your Vitalia account/)
          .map((text) => link.exec(text.replace(/=\r?\n/g, ''))?.[1])
          .find(Boolean);
        token = mail;
        return Boolean(mail);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return send(confirmedOn, 'POST', '/api/v1/identity/register/confirm', {
    body: { token, Password: body.Password },
    headers,
  });
}

describe.skipIf(testDriver !== 'postgres')('two server processes on one PostgreSQL', () => {
  let database: TestDatabase;
  let first: Instance;
  let second: Instance;
  const instances: Instance[] = [];

  beforeAll(async () => {
    database = await createTestDatabase({ empty: true });
    const secret = crypto.randomBytes(48).toString('base64');
    // Started together: they take turns at the migrations and the demo catalogue.
    [first, second] = await Promise.all([
      startInstance(database.url!, secret),
      startInstance(database.url!, secret),
    ]);
    instances.push(first, second);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(instances.map((instance) => stopped(instance.child, 'SIGTERM')));
    await database?.drop();
  });

  it('sends a due reminder once, though both processes run the minutely job', async () => {
    const username = `remind-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const made = await registered(first, second, instances, {
      body: { Username: username, Password: 'two processes, one reminder' },
    });
    expect(made.status).toBe(201);
    const admin = new pg.Client({ connectionString: database.url! });
    await admin.connect();
    try {
      await admin.query('update users set email_verified_at = now() where username = $1', [
        username,
      ]);
      const set = await send(second, 'PUT', '/api/v1/reminders/pulse', {
        token: made.body.token as string,
        body: { days: [1, 2, 3, 4, 5, 6, 7], time: '08:00', timeZone: 'Africa/Lagos' },
      });
      expect(set.status).toBe(200);
      // Its time has come: the next run of the job, on whichever process, mails it.
      await admin.query(
        "update reminders set next_due_at = now() - interval '10 seconds' where measure = 'pulse'",
      );
    } finally {
      await admin.end();
    }
    const reminders = () => outboxMails([first, second], /Subject: Time to measure your pulse/);
    await expect.poll(() => reminders().length, { timeout: 120_000, interval: 1000 }).toBe(1);
    // Nothing more comes while both processes go on checking their schedules.
    await new Promise((resolve) => setTimeout(resolve, 35_000));
    expect(reminders()).toHaveLength(1);
  }, 180_000);

  it('counts failed sign-ins made on either toward one limit', async () => {
    const username = `scale-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const password = 'two processes, one limit';
    const made = await registered(first, second, instances, {
      body: { Username: username, Password: password },
    });
    expect(made.status).toBe(201);
    const from = { 'x-forwarded-for': '203.0.113.90' };
    const statuses = [];
    for (let n = 0; n < 5; n += 1) {
      const instance = n % 2 === 0 ? first : second;
      statuses.push(
        (
          await send(instance, 'POST', '/api/v1/identity/login', {
            body: { Username: username, password: `guess ${n}` },
            headers: from,
          })
        ).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    for (const instance of [first, second]) {
      const limited = await send(instance, 'POST', '/api/v1/identity/login', {
        body: { Username: username, password },
        headers: from,
      });
      expect(limited.status).toBe(429);
    }
  });

  it('answers one order for one Idempotency-Key, whichever process the retry reaches', async () => {
    const made = await registered(first, second, instances, {
      body: {
        Username: `buyer-${crypto.randomUUID().slice(0, 8)}@example.com`,
        Password: 'buying from two places',
      },
      headers: { 'x-forwarded-for': '203.0.113.91' },
    });
    const token = made.body.token as string;
    // An order needs a confirmed address (docs/decisions/0023-order-mail.md).
    const admin = new pg.Client({ connectionString: database.url! });
    await admin.connect();
    try {
      await admin.query('update users set email_verified_at = now() where id = $1', [
        made.body.userID,
      ]);
    } finally {
      await admin.end();
    }
    const catalogue = await send(second, 'GET', '/api/v1/store/products?limit=1', { token });
    const [product] = catalogue.body.items as Array<{ productID: string }>;
    const order = {
      fulfilment: 'pickup',
      items: [{ productID: product!.productID, count: 1 }],
      contact: {
        firstName: 'Ngozi',
        surname: 'Adeyemi',
        phone: '+234 803 555 0101',
        email: 'ngozi@example.com',
      },
    };
    const key = crypto.randomUUID();
    const placed = await send(first, 'POST', '/api/v1/store/orders', {
      body: order,
      token,
      headers: { 'idempotency-key': key },
    });
    expect(placed.status).toBe(201);
    const retried = await send(second, 'POST', '/api/v1/store/orders', {
      body: order,
      token,
      headers: { 'idempotency-key': key },
    });
    expect(retried.status).toBe(201);
    expect(retried.body.orderID).toBe(placed.body.orderID);
    const mine = await send(second, 'GET', '/api/v1/store/orders', { token });
    expect(mine.body.items).toHaveLength(1);
  });

  it('spends a refresh token on both when it is used on one', async () => {
    const made = await registered(second, first, instances, {
      body: {
        Username: `session-${crypto.randomUUID().slice(0, 8)}@example.com`,
        Password: 'one session, two doors',
      },
      headers: { 'x-forwarded-for': '203.0.113.92' },
    });
    const refresh = (instance: Instance) =>
      fetch(`${instance.url}/o/token/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from('vitalia-web:').toString('base64')}`,
        },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: made.body.refreshToken as string,
        }),
      });
    expect((await refresh(first)).status).toBe(200);
    const replay = await refresh(second);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
  });
  it('refuses a doctor on one process from the request after the share ends on the other', async () => {
    const register = async (who: string, address: string) => {
      const made = await registered(first, second, instances, {
        body: {
          Username: `${who}-${crypto.randomUUID().slice(0, 8)}@example.com`,
          Password: 'care across processes',
        },
        headers: { 'x-forwarded-for': address },
      });
      expect(made.status).toBe(201);
      return made.body as { token: string; userID: string };
    };
    const patient = await register('patient', '203.0.113.93');
    const doctorAccount = await register('doctor', '203.0.113.94');
    const admin = new pg.Client({ connectionString: database.url! });
    await admin.connect();
    let doctorEmail: string;
    try {
      const { rows } = await admin.query<{ username: string }>(
        "update users set role = 'DOC' where id = $1 returning username",
        [doctorAccount.userID],
      );
      doctorEmail = rows[0]!.username;
      // Only a confirmed address may invite a doctor.
      await admin.query('update users set email_verified_at = now() where id = $1', [
        patient.userID,
      ]);
    } finally {
      await admin.end();
    }
    // The doctor signs in on the first process as the doctors' app, and reads on the second.
    const signedIn = await fetch(`${first.url}/o/token/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${doctorsApp.id}:${doctorsApp.secret}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'password',
        username: doctorEmail,
        password: 'care across processes',
      }),
    });
    expect(signedIn.status).toBe(200);
    const doctor = { token: ((await signedIn.json()) as { access_token: string }).access_token };
    const invited = await send(first, 'POST', '/api/v1/sharing/shares', {
      token: patient.token,
      body: { doctorEmail, measures: ['pulse'], includeAssessment: false, from: null, until: null },
    });
    expect(invited.status).toBe(201);
    const id = invited.body.id as string;
    expect(
      (await send(second, 'POST', `/api/v1/doctor/invites/${id}/accept`, { token: doctor.token }))
        .status,
    ).toBe(200);
    expect(
      (await send(second, 'GET', `/api/v1/doctor/patients/${id}`, { token: doctor.token })).status,
    ).toBe(200);
    const paused = await send(first, 'PATCH', `/api/v1/sharing/shares/${id}`, {
      token: patient.token,
      body: { paused: true },
    });
    expect(paused.status).toBe(200);
    expect(
      (await send(second, 'GET', `/api/v1/doctor/patients/${id}`, { token: doctor.token })).status,
    ).toBe(404);
    await send(second, 'PATCH', `/api/v1/sharing/shares/${id}`, {
      token: patient.token,
      body: { paused: false },
    });
    expect(
      (await send(first, 'GET', `/api/v1/doctor/patients/${id}/readings`, { token: doctor.token }))
        .status,
    ).toBe(200);
    const ended = await fetch(`${first.url}/api/v1/sharing/shares/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${patient.token}` },
    });
    expect(ended.status).toBe(204);
    expect(
      (await send(second, 'GET', `/api/v1/doctor/patients/${id}/readings`, { token: doctor.token }))
        .status,
    ).toBe(404);
  });
  it('refuses the reads on one process from the request after the session ends on the other', async () => {
    // The reads fold the session check into their own query (decision 0037): this holds that a
    // revocation answered by one process is seen by the other's very next read, with no cache
    // between them to lag.
    const username = `revoked-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const password = 'read here, revoked there';
    const from = { 'x-forwarded-for': '203.0.113.95' };
    const made = await registered(first, second, instances, {
      body: { Username: username, Password: password },
      headers: from,
    });
    expect(made.status).toBe(201);
    const signIn = async () => {
      const answer = await send(first, 'POST', '/api/v1/identity/login', {
        body: { Username: username, password },
        headers: from,
      });
      expect(answer.status).toBe(200);
      return answer.body as { token: string; refreshToken: string };
    };
    const recorded = await send(second, 'POST', '/api/v1/records/health', {
      token: made.body.token as string,
      body: { Tag: 'Pulse Value', TagValue: '64' },
    });
    expect(recorded.status).toBe(201);
    const reads = [
      '/api/v1/records/health?tag=Pulse%20Value',
      '/api/v1/records/healths?tag=Pulse%20Value&limit=50',
      '/api/v1/records/analysis',
    ];
    const statuses = (instance: Instance, token: string) =>
      Promise.all(reads.map(async (read) => (await send(instance, 'GET', read, { token })).status));

    // Signed out on the first process: the second refuses the very next read of each kind.
    const signedOut = await signIn();
    expect(await statuses(second, signedOut.token)).toEqual([200, 200, 200]);
    const logout = await fetch(`${first.url}/api/v1/identity/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: signedOut.refreshToken }),
    });
    expect(logout.status).toBe(204);
    expect(await statuses(second, signedOut.token)).toEqual([401, 401, 401]);

    // A password changed on the second process ends the other sessions on the first at once; the
    // session the change gave keeps reading on both.
    const other = await signIn();
    expect(await statuses(first, other.token)).toEqual([200, 200, 200]);
    const changed = await send(second, 'PUT', '/api/v1/identity/password/change', {
      token: made.body.token as string,
      body: { oldPassword: password, newPassword: 'a new passphrase for both' },
    });
    expect(changed.status).toBe(200);
    expect(await statuses(first, other.token)).toEqual([401, 401, 401]);
    expect(await statuses(first, made.body.token as string)).toEqual([401, 401, 401]);
    const renewed = changed.body.Token as string;
    expect(await statuses(first, renewed)).toEqual([200, 200, 200]);

    // The account deleted through the first process: the second refuses its reads at once.
    const deleted = await send(first, 'POST', '/api/v1/account/deletion', {
      token: renewed,
      body: { password: 'a new passphrase for both' },
    });
    expect(deleted.status).toBe(202);
    expect(await statuses(second, renewed)).toEqual([401, 401, 401]);
  });
});
