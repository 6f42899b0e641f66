// Deleting an account (docs/decisions/0032-account-deletion.md): the call and its checks, the
// grace period with sign-in and restore, and the purge, walked table by table and file by file.
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/identity.table.ts';
import { orderDeliveries, orders, orderStatusChanges } from '../../db/schema/store.table.ts';
import { startOidcPeer, type OidcPeer } from '../../test/oidc-peer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { appSignIn, registerAndConfirm } from '../../test/test-calls.ts';
import { call, mailTo, registerAccount, signIn, type Account } from './identity.test-helpers.ts';

const deletionPath = '/api/v1/account/deletion';
const restorePath = '/api/v1/account/restore';
const day = 24 * 3600 * 1000;

async function askDeletion(server: TestApp, account: Account, body: Record<string, unknown>) {
  return call<{ deleteAfter: string; message: string; details?: Array<{ code: string }> }>(
    server,
    'POST',
    deletionPath,
    { token: account.token, body },
  );
}

const codeOf = (result: { body: unknown }) =>
  (result.body as { details?: Array<{ code: string; field?: string }> }).details?.[0];

async function setRole(server: TestApp, account: Account, role: 'USER' | 'DOC' | 'ADMIN') {
  await server.app.database.db.update(users).set({ role }).where(eq(users.id, account.userId));
}

describe('asking for deletion', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await createTestApp({ trustProxy: true });
  });
  afterAll(async () => {
    await server.close();
  });

  it('needs the password, and says which field is wrong', async () => {
    const account = await registerAccount(server);
    const missing = await askDeletion(server, account, {});
    expect(missing.status).toBe(400);
    expect(codeOf(missing)).toMatchObject({ code: 'PASSWORD_REQUIRED', field: 'password' });
    const wrong = await askDeletion(server, account, { password: 'not my password at all' });
    expect(wrong.status).toBe(400);
    expect(codeOf(wrong)).toMatchObject({ code: 'WRONG_PASSWORD', field: 'password' });
    // Nothing happened: the session still works.
    const profile = await call(server, 'GET', '/api/v1/identity/profile', {
      token: account.token,
    });
    expect(profile.status).toBe(200);
  });

  it('stops guessing after five wrong passwords in 15 minutes', async () => {
    const account = await registerAccount(server);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await askDeletion(server, account, { password: `guess number ${i}` })).status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // Even the right password waits now.
    const right = await askDeletion(server, account, { password: account.password });
    expect(right.status).toBe(429);
    expect(right.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('needs the two-factor code when two-factor sign-in is on', async () => {
    const account = await registerAccount(server);
    const setup = await call<{ secret: string }>(
      server,
      'POST',
      '/api/v1/identity/mfa/totp/setup',
      {
        token: account.token,
        body: { password: account.password },
      },
    );
    const code = TOTP.generate({ secret: Secret.fromBase32(setup.body.secret) });
    const enabled = await call<{ recoveryCodes: string[] }>(
      server,
      'POST',
      '/api/v1/identity/mfa/totp/enable',
      { token: account.token, body: { code } },
    );
    expect(enabled.status).toBe(200);
    const without = await askDeletion(server, account, { password: account.password });
    expect(without.status).toBe(400);
    expect(codeOf(without)).toMatchObject({ code: 'CODE_REQUIRED', field: 'code' });
    const wrong = await askDeletion(server, account, {
      password: account.password,
      code: '000000',
    });
    expect(codeOf(wrong)).toMatchObject({ code: 'WRONG_CODE' });
    const done = await askDeletion(server, account, {
      password: account.password,
      code: enabled.body.recoveryCodes[0],
    });
    expect(done.status).toBe(202);

    // Restoring asks for the code too.
    const restoreWithout = await call(server, 'POST', restorePath, {
      body: { Username: account.username, password: account.password },
    });
    expect(restoreWithout.status).toBe(400);
    expect(codeOf(restoreWithout)).toMatchObject({ code: 'CODE_REQUIRED' });
    const restored = await call<{ token: string }>(server, 'POST', restorePath, {
      body: {
        Username: account.username,
        password: account.password,
        code: enabled.body.recoveryCodes[1],
      },
    });
    expect(restored.status).toBe(200);
  });

  it('lets an account without a password confirm by typing its address', async () => {
    const account = await registerAccount(server);
    await server.app.database.db
      .update(users)
      .set({ passwordHash: null, socialProvider: 'linkedin' })
      .where(eq(users.id, account.userId));
    const wrong = await askDeletion(server, account, { email: 'someone.else@example.com' });
    expect(wrong.status).toBe(400);
    expect(codeOf(wrong)).toMatchObject({ code: 'EMAIL_MISMATCH', field: 'email' });
    const right = await askDeletion(server, account, { email: account.username.toUpperCase() });
    expect(right.status).toBe(202);
  });

  it('refuses to delete the last administrator', async () => {
    const first = await registerAccount(server);
    const second = await registerAccount(server);
    // Other administrators from earlier tests would spoil the count.
    await server.app.database.db.update(users).set({ role: 'USER' }).where(eq(users.role, 'ADMIN'));
    await setRole(server, first, 'ADMIN');
    await setRole(server, second, 'ADMIN');
    const one = await askDeletion(server, first, { password: first.password });
    expect(one.status).toBe(202);
    const last = await askDeletion(server, second, { password: second.password });
    expect(last.status).toBe(409);
    expect(codeOf(last)).toMatchObject({ code: 'LAST_ADMIN' });
    expect((last.body as unknown as { errors: string[] }).errors[0]).toMatch(/only administrator/);
    // Still signed in: nothing was done.
    const profile = await call(server, 'GET', '/api/v1/identity/profile', { token: second.token });
    expect(profile.status).toBe(200);
  });

  it('signs out everywhere and says when the account goes', async () => {
    const account = await registerAccount(server);
    const before = Date.now();
    const done = await askDeletion(server, account, { password: account.password });
    expect(done.status).toBe(202);
    const deleteAfter = Date.parse(done.body.deleteAfter);
    expect(deleteAfter - before).toBeGreaterThanOrEqual(7 * day - 1000);
    expect(deleteAfter - before).toBeLessThan(7 * day + 60_000);
    expect(done.body.message).toMatch(/will be deleted on \d{1,2} \w+ \d{4} at \d\d:\d\d UTC/);
    const old = await call(server, 'GET', '/api/v1/identity/profile', { token: account.token });
    expect(old.status).toBe(401);
    const refreshed = await server.request('/o/token/', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('vitalia-web:').toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: account.refreshToken,
      }),
    });
    expect(refreshed.status).toBe(400);
    const mail = await mailTo(server, account.username, 'Your Vitalia account will be deleted on');
    expect(mail).toContain('Sign in to restore your account');
  });
});

describe('the grace period', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await createTestApp({ trustProxy: true });
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers sign-in with a restore offer, and restoring signs in', async () => {
    const account = await registerAccount(server);
    expect((await askDeletion(server, account, { password: account.password })).status).toBe(202);

    // A wrong password tells nothing about the account.
    const wrong = await signIn(server, account.username, 'not the password at all');
    expect(wrong.status).toBe(401);
    const pending = await signIn(server, account.username, account.password);
    expect(pending.status).toBe(409);
    expect(codeOf(pending)).toMatchObject({ code: 'ACCOUNT_DELETION_PENDING' });
    expect(pending.body.errors?.[0]).toMatch(/waiting to be deleted on .* UTC\. Restore it/);

    const badRestore = await call(server, 'POST', restorePath, {
      body: { Username: account.username, password: 'not the password at all' },
    });
    expect(badRestore.status).toBe(401);
    const restored = await call<{ token: string; refreshToken: string }>(
      server,
      'POST',
      restorePath,
      { body: { Username: account.username, password: account.password } },
    );
    expect(restored.status).toBe(200);
    const profile = await call<{ username: string }>(server, 'GET', '/api/v1/identity/profile', {
      token: restored.body.token,
    });
    expect(profile.body.username).toBe(account.username);
    expect((await signIn(server, account.username, account.password)).status).toBe(200);
    const again = await call(server, 'POST', restorePath, {
      body: { Username: account.username, password: account.password },
    });
    expect(again.status).toBe(409);
    expect(codeOf(again)).toMatchObject({ code: 'NOT_PENDING_DELETION' });

    // The purge that was queued does nothing now, even once its time has come.
    const swept = await server.app.background.deletion.sweep(new Date(Date.now() + 8 * day));
    expect(swept.accounts).toBe(0);
    expect((await signIn(server, account.username, account.password)).status).toBe(200);
  });

  it('lets an account without a password set one by reset, and restore with it', async () => {
    const account = await registerAccount(server);
    const db = server.app.database.db;
    await db.update(users).set({ passwordHash: null }).where(eq(users.id, account.userId));
    expect((await askDeletion(server, account, { email: account.username })).status).toBe(202);
    const asked = await call(server, 'POST', '/api/v1/identity/password/initiatereset', {
      body: { Username: account.username },
    });
    expect(asked.status).toBe(202);
    const mail = await mailTo(server, account.username, 'Reset your Vitalia password');
    const token = /account\/reset\/([A-Za-z0-9_-]+)/.exec(mail)?.[1];
    const newPassword = 'a brand new passphrase 9';
    const reset = await call(server, 'POST', '/api/v1/identity/password/reset', {
      body: { Username: account.username, NewPasword: newPassword, Token: token },
    });
    expect(reset.status).toBe(409);
    expect(codeOf(reset)).toMatchObject({ code: 'ACCOUNT_DELETION_PENDING' });
    const restored = await call(server, 'POST', restorePath, {
      body: { Username: account.username, password: newPassword },
    });
    expect(restored.status).toBe(200);
  });

  it('answers a registration of the address as for any taken one, and tells the owner by mail', async () => {
    const account = await registerAccount(server);
    expect((await askDeletion(server, account, { password: account.password })).status).toBe(202);
    const again = await call<{ errors: string[] }>(server, 'POST', '/api/v1/identity/register', {
      body: { Username: account.username, Password: 'another sound passphrase 7' },
    });
    // Nothing says the account is waiting to be deleted, nor when, nor that the address is taken:
    // sign-in says so once the password is right.
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ username: account.username, status: 'confirmation-sent' });
    expect(JSON.stringify(again.body)).not.toMatch(/delet/i);
    const mail = await mailTo(
      server,
      account.username,
      'Someone tried to make a new Vitalia account with your address',
    );
    expect(mail).toMatch(
      /waiting to be deleted on .* UTC: signing in before then offers to restore it/,
    );
  });

  it('purges once the grace has ended, once, and lets the address register again', async () => {
    const account = await registerAccount(server);
    expect((await askDeletion(server, account, { password: account.password })).status).toBe(202);
    expect((await server.app.background.deletion.sweep(new Date())).accounts).toBe(0);
    const later = new Date(Date.now() + 7 * day + 60_000);
    // This account, and any other of this suite whose grace has ended by then.
    expect((await server.app.background.deletion.sweep(later)).accounts).toBeGreaterThanOrEqual(1);
    const db = server.app.database.db;
    expect(await db.select().from(users).where(eq(users.id, account.userId))).toEqual([]);
    expect((await server.app.background.deletion.sweep(later)).accounts).toBe(0);
    expect(await server.app.background.deletion.purge(account.userId, later)).toMatchObject({
      purged: false,
    });
    expect((await signIn(server, account.username, account.password)).status).toBe(401);
    const again = await registerAndConfirm(
      server,
      account.username,
      'another sound passphrase 7',
      '198.51.100.31',
    );
    expect(again.username).toBe(account.username);
  });

  it('names a privacy contact and the grace the deletion dialog states', async () => {
    const contact = await call<{ contact: string }>(server, 'GET', '/api/v1/privacy/contact');
    expect(contact.body).toEqual({ contact: 'privacy@localhost', deletionGraceSeconds: 604_800 });
  });
});

describe('after the purge', () => {
  let server: TestApp;
  beforeAll(async () => {
    // A grace of two seconds: the purge job itself comes due while the test waits.
    server = await createTestApp({ trustProxy: true, accountDeletionGraceSeconds: 2 });
  });
  afterAll(async () => {
    await server.close();
  });

  /** Every row of every table outside PostgreSQL's own schemas that holds one of `needles`. */
  async function rowsNaming(needles: string[]): Promise<{ tables: number; hits: string[] }> {
    const db = server.app.database.db;
    const tables = (
      (await db.execute(sql`
        select table_schema as schema, table_name as name from information_schema.tables
         where table_type = 'BASE TABLE'
           and table_schema not in ('pg_catalog', 'information_schema')
           and table_schema not like 'pg\\_%'`)) as {
        rows: Array<{ schema: string; name: string }>;
      }
    ).rows;
    const hits: string[] = [];
    for (const table of tables) {
      const name = sql.raw(`"${table.schema}"."${table.name}"`);
      for (const needle of needles) {
        const found = (await db.execute(
          sql`select row_to_json(t)::text as row from ${name} t where strpos(lower(row_to_json(t)::text), lower(${needle})) > 0`,
        )) as { rows: Array<{ row: string }> };
        for (const row of found.rows) hits.push(`${table.schema}.${table.name}: ${row.row}`);
      }
    }
    return { tables: tables.length, hits };
  }

  function filesNaming(root: string, needles: string[]): { files: number; hits: string[] } {
    const hits: string[] = [];
    let files = 0;
    const walk = (folder: string) => {
      for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
        const full = path.join(folder, entry.name);
        // The outbox stands in for the mail server: the mails sent to the person.
        if (entry.isDirectory()) {
          if (full !== path.join(root, 'mail-outbox')) walk(full);
          continue;
        }
        files += 1;
        const content = fs.readFileSync(full).toString('latin1').toLowerCase();
        for (const needle of needles) {
          if (full.toLowerCase().includes(needle.toLowerCase())) hits.push(`${full} (name)`);
          if (content.includes(needle.toLowerCase())) hits.push(full);
        }
      }
    };
    walk(root);
    return { files, hits };
  }

  it('leaves no row or file that names the person, and keeps the orders anonymised', async () => {
    const db = server.app.database.db;
    const email = `zebediah.walk.${process.pid}.${Date.now()}@example.com`;
    const password = 'a sound passphrase 42';
    const registered = await registerAndConfirm(server, email, password, '198.51.100.32');
    const userId = registered.userID;
    const token = registered.token;
    const person = { first: 'Zebediah', last: 'Quonsetworth', phone: '+234 803 555 0199' };
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
    const profile = await call(server, 'PUT', '/api/v1/identity/profile', {
      token,
      body: { FirstName: person.first, LastName: person.last, PhoneNo: person.phone },
    });
    expect(profile.status).toBe(200);

    // Readings with a note, a picture, a reminder and a weekly summary.
    for (const [value, at] of [
      [128, '2026-01-02T08:00:00+01:00'],
      [141, '2026-01-03T08:00:00+01:00'],
    ] as const) {
      const saved = await call(server, 'POST', '/api/v1/records/health', {
        token,
        body: {
          Tag: 'Systolic',
          TagValue: value,
          MinTagValue: 85,
          TakenAt: at,
          Note: `Zebediah's left arm`,
        },
      });
      expect(saved.status).toBe(201);
    }
    const picture = await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 30, b: 30 } },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'me.jpg');
    const uploaded = await server.request('/api/v1/identity/profile/picture', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const pictureUrl = ((await uploaded.json()) as { displayPicture: string }).displayPicture;
    expect((await server.request(pictureUrl)).status).toBe(200);
    const reminder = await call(server, 'PUT', '/api/v1/reminders/bloodPressure', {
      token,
      body: { days: [1, 3], time: '08:00', timeZone: 'Africa/Lagos' },
    });
    expect(reminder.status).toBe(200);
    const summary = await call(server, 'PUT', '/api/v1/reminders/weekly-summary', {
      token,
      body: { timeZone: 'Africa/Lagos' },
    });
    expect(summary.status).toBe(200);

    // A doctor who can read the readings, and a link for another.
    const doctorAccount = await registerAccount(server);
    await db
      .update(users)
      .set({ role: 'DOC', firstName: 'Nkem', lastName: 'Doctor', emailVerifiedAt: new Date() })
      .where(eq(users.id, doctorAccount.userId));
    // Signed in as the doctors' app: the doctors' calls take no other token.
    const doctor = {
      ...doctorAccount,
      token: (await appSignIn(server, doctorAccount.username, doctorAccount.password)).access_token,
    };
    const invited = await call<{ id: string }>(server, 'POST', '/api/v1/sharing/shares', {
      token,
      body: {
        doctorEmail: doctor.username,
        measures: ['bloodPressure'],
        includeAssessment: false,
        from: null,
        until: null,
      },
    });
    expect(invited.status).toBe(201);
    const accepted = await call(
      server,
      'POST',
      `/api/v1/doctor/invites/${invited.body.id}/accept`,
      {
        token: doctor.token,
      },
    );
    expect(accepted.status).toBe(200);
    const doctorReads = () =>
      call(server, 'GET', `/api/v1/doctor/patients/${invited.body.id}/readings`, {
        token: doctor.token,
      });
    expect((await doctorReads()).status).toBe(200);
    const link = await call<{ id: string; url?: string }>(server, 'POST', '/api/v1/sharing/links', {
      token,
      body: {
        label: 'For Dr Bello',
        measures: ['bloodPressure'],
        lifetimeHours: 24,
        withCode: false,
      },
    });
    expect(link.status).toBe(201);

    // An order, as the store keeps it, and one whose status the person changed.
    const [order] = await db
      .insert(orders)
      .values({
        userId,
        idempotencyKey: 'walk-order-1',
        requestHash: 'hash',
        fulfilment: 'delivery',
        currency: 'NGN',
        vatRateBasisPoints: 750,
        amountMinor: 10_000,
        vatMinor: 750,
        totalMinor: 10_750,
        paymentMethod: 'on_delivery',
        firstName: person.first,
        surname: person.last,
        phone: person.phone,
        email,
        address: '12 Quonsetworth Close',
        landmark: 'behind the Quonsetworth bakery',
        secondPhone: '+234 803 555 0177',
        city: 'Ikeja',
        state: 'Lagos',
      })
      .returning({ id: orders.id });
    if (!order) throw new Error('no order');
    await db.insert(orderDeliveries).values({
      orderId: order.id,
      shippingMethod: 'Courier',
      costMinor: 1500,
      deliveryTimeDays: 2,
      productIds: [],
    });
    await db
      .insert(orderStatusChanges)
      .values({ orderId: order.id, status: 'placed', changedBy: userId });

    // The walk sees the picture on disk while the account is there.
    const pictureName = path.basename(pictureUrl);
    expect(filesNaming(server.config.dataDir, [pictureName]).hits.length).toBeGreaterThan(0);

    const asked = await call<{ deleteAfter: string }>(server, 'POST', deletionPath, {
      token,
      body: { password },
    });
    expect(asked.status).toBe(202);
    // At once: the doctor and the old token lose access.
    expect([403, 404]).toContain((await doctorReads()).status);
    expect((await call(server, 'GET', '/api/v1/identity/profile', { token })).status).toBe(401);
    expect(await mailTo(server, email, 'will be deleted on')).toContain('Restore');

    // The purge job comes due after the two-second grace and runs by itself.
    for (let i = 0; i < 100; i += 1) {
      const [left] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      if (!left) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await db.select().from(users).where(eq(users.id, userId))).toEqual([]);
    expect(await mailTo(server, email, 'Your Vitalia account has been deleted')).toContain(
      'register again',
    );
    // Once the last mail has been sent, the hourly sweep forgets it.
    for (let i = 0; i < 100; i += 1) {
      const waiting = (await db.execute(sql`
        select count(*)::int as n from pgboss.job
         where data->>'purpose' = 'account-deleted' and state <> 'completed'`)) as {
        rows: Array<{ n: number }>;
      };
      if (waiting.rows[0]?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const swept = await server.app.background.deletion.sweep(new Date());
    expect(swept.finishedMails).toBe(1);

    const needles = [userId, email, person.first, person.last, person.phone, '+234 803 555 0177'];
    const rows = await rowsNaming(needles);
    expect(rows.tables).toBeGreaterThan(20);
    expect(rows.hits).toEqual([]);
    const files = filesNaming(server.config.dataDir, [...needles, pictureName]);
    expect(files.hits).toEqual([]);
    expect((await server.request(pictureUrl)).status).toBe(404);

    const [kept] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({
      userId: null,
      firstName: 'Deleted',
      surname: 'account',
      phone: 'removed',
      email: 'removed@deleted-account.invalid',
      address: 'removed',
      landmark: null,
      secondPhone: null,
      city: 'removed',
      state: 'removed',
      totalMinor: 10_750,
      idempotencyKey: `removed:${order.id}`,
      requestHash: 'removed',
    });
    const [change] = await db
      .select()
      .from(orderStatusChanges)
      .where(eq(orderStatusChanges.orderId, order.id));
    expect(change?.changedBy).toBeNull();

    // The doctor's own account is untouched, and the address can register again.
    expect(
      (await call(server, 'GET', '/api/v1/doctor/patients', { token: doctor.token })).status,
    ).toBe(200);
    const again = await registerAndConfirm(server, email, password, '198.51.100.33');
    expect(again.username).toBe(email);
  });
});

describe('LinkedIn during the grace', () => {
  const publicUrl = 'http://127.0.0.1:5998';
  let server: TestApp;
  let peer: OidcPeer;
  beforeAll(async () => {
    peer = await startOidcPeer(`${publicUrl}/account/social/linkedin`);
    server = await createTestApp({
      trustProxy: true,
      publicUrl,
      linkedin: { issuer: peer.issuer, clientId: peer.clientId, clientSecret: peer.clientSecret },
    });
  });
  afterAll(async () => {
    await server.close();
    await peer.close();
  });

  async function linkedinSignIn(subject: string, email: string) {
    peer.setPerson(subject, { email, email_verified: true, given_name: 'Ngozi' });
    const started = await server.request('/api/v1/identity/social/linkedin/start?redirect=%2F', {
      redirect: 'manual',
    });
    const cookie = (started.headers.get('set-cookie') ?? '').split(';')[0]!;
    const back = await peer.authorize(started.headers.get('location')!);
    const query = new URLSearchParams({
      state: back.searchParams.get('state')!,
      iss: peer.issuer,
    });
    return call<{ token: string; refreshToken: string }>(
      server,
      'GET',
      `/api/v1/identity/social/linkedin/access/${encodeURIComponent(back.searchParams.get('code')!)}?${query}`,
      { headers: { cookie } },
    );
  }

  it('answers the restore offer instead of a session', async () => {
    const email = `ngozi.${Date.now()}@example.com`;
    const first = await linkedinSignIn('linkedin-grace-1', email);
    expect(first.status).toBe(200);
    const asked = await call(server, 'POST', deletionPath, {
      token: first.body.token,
      body: { email },
    });
    expect(asked.status).toBe(202);
    const again = await linkedinSignIn('linkedin-grace-1', email);
    expect(again.status).toBe(409);
    expect(codeOf(again)).toMatchObject({ code: 'ACCOUNT_DELETION_PENDING' });
    expect((again.body as unknown as { errors: string[] }).errors[0]).toMatch(
      /waiting to be deleted on .*Forgot your password\?/,
    );
  });
});
