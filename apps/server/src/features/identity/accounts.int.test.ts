import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import fs from 'node:fs';
import path from 'node:path';
import { registerAndConfirm } from '../../test/test-calls.ts';
import { AccountRepository } from './account.repository.ts';
import {
  call,
  claimsOf,
  mailTo,
  refresh,
  registerAccount,
  signIn,
} from './identity.test-helpers.ts';

let server: TestApp;
// The server's clock stands still, so the delays of a slowed sign-in
// (features/identity/password-sign-in.ts) do not pass while a slow machine answers.
const startedAt = Date.now();
beforeAll(async () => {
  // Behind a proxy, so tests can sign in "from" different addresses with X-Forwarded-For.
  server = await createTestApp({ trustProxy: true }, undefined, {
    clock: () => new Date(startedAt),
  });
});
afterAll(() => server.close());

let address = 0;
const register = (body: unknown) => {
  address += 1;
  return call(server, 'POST', '/api/v1/identity/register', {
    body,
    headers: { 'x-forwarded-for': `192.0.2.${address}` },
  });
};

/** How many mails in the outbox went to `to` with `subject`. */
function mailsTo(to: string, subject: string): number {
  const outbox = path.join(server.config.dataDir, 'mail-outbox');
  return fs
    .readdirSync(outbox)
    .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'))
    .filter((text) => text.includes(`To: ${to}`) && text.includes(subject)).length;
}

const finishSubject = 'Finish creating your Vitalia account';
const takenOrNew = (username: string) => ({
  username,
  status: 'confirmation-sent',
  linkWorksUntil: new Date(startedAt + 24 * 3600 * 1000).toISOString(),
});

/** The token of the newest registration mail to `to`, read from the outbox as a mail app shows it. */
async function registrationToken(to: string): Promise<string> {
  const mail = await mailTo(server, to, finishSubject);
  const match = /\/account\/register\/confirm#token=(?:3D)?([A-Za-z0-9_-]{43})/.exec(mail);
  if (!match?.[1]) throw new Error(`no registration link in the mail to ${to}`);
  return match[1];
}

const confirm = (token: string, Password = 'a sound passphrase 42') =>
  call(server, 'POST', '/api/v1/identity/register/confirm', { body: { token, Password } });

describe('registration', () => {
  it('mails a link to a new address, and only the link, with the password chosen there, makes the account', async () => {
    const { status, body } = await register({
      Username: '  Grace.Hopper@Example.COM ',
      // The spec's client sends a password here; it is not used.
      Password: 'typed before the mail came',
    });
    expect(status).toBe(202);
    expect(body).toEqual(takenOrNew('grace.hopper@example.com'));
    // Until the link is opened there is no account: sign-in answers as for any unknown address.
    const early = await signIn(server, 'grace.hopper@example.com', 'typed before the mail came');
    expect(early.status).toBe(401);

    const made = await confirm(
      await registrationToken('grace.hopper@example.com'),
      'compilers all the way down',
    );
    expect(made.status).toBe(201);
    expect(made.body.username).toBe('grace.hopper@example.com');
    expect(claimsOf(made.body.token as string)).toMatchObject({
      sub: made.body.userID,
      role: 'USER',
      username: 'grace.hopper@example.com',
    });
    const profile = await call(server, 'GET', '/api/v1/identity/profile', {
      token: made.body.token as string,
    });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({
      userID: made.body.userID,
      emailAddress: 'grace.hopper@example.com',
      role: 'USER',
      displayPicture: null,
      // Opening the link proved the mailbox: no second confirmation is asked for.
      emailVerified: true,
    });
    expect(
      (await signIn(server, 'grace.hopper@example.com', 'compilers all the way down')).status,
    ).toBe(200);
    expect(
      (await signIn(server, 'grace.hopper@example.com', 'typed before the mail came')).status,
    ).toBe(401);
  });

  it('a link works once; an unknown one says what to do', async () => {
    await register({ Username: 'once@example.com' });
    const token = await registrationToken('once@example.com');
    expect((await confirm(token)).status).toBe(201);
    for (const used of [token, 'x'.repeat(43)]) {
      const again = await confirm(used);
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({
        details: [{ code: 'REGISTRATION_LINK_INVALID' }],
        errors: [
          'This link does not work any more: it has been used, or it is more than a day old. If you opened it before, your account is ready: sign in. If not, register again to get a new link.',
        ],
      });
    }
  });

  it('refuses a weak password on the link page and leaves the link working', async () => {
    await register({ Username: 'weak.first@example.com' });
    const token = await registrationToken('weak.first@example.com');
    for (const [password, message] of [
      ['short', 'Password: must be at least 8 characters long'],
      ['x'.repeat(129), 'Password: must be at most 128 characters long'],
      [
        'password1',
        'Password: is one of the most common passwords, which attackers try first; choose another.',
      ],
      ['weak.first@example.com', 'Password: must not be your email address or its name part.'],
    ] as const) {
      const refused = await confirm(token, password);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toContain(message);
    }
    expect((await confirm(token, 'a strong one at last')).status).toBe(201);
  });

  it("a stranger's registration of an address neither stops the owner's link nor chooses the password", async () => {
    // A stranger asks first, with a password of their choosing; the owner asks after.
    await register({ Username: 'owned@example.com', Password: 'the stranger knows this' });
    const strangers = await registrationToken('owned@example.com');
    await register({ Username: 'owned@example.com' });
    let owners = strangers;
    await expect
      .poll(async () => (owners = await registrationToken('owned@example.com')))
      .not.toBe(strangers);
    // Both links work until one is used: the owner's does, with her password.
    expect((await confirm(owners, 'the owner chose this')).status).toBe(201);
    expect((await confirm(strangers, 'the stranger knows this')).status).toBe(400);
    expect((await signIn(server, 'owned@example.com', 'the owner chose this')).status).toBe(200);
    expect((await signIn(server, 'owned@example.com', 'the stranger knows this')).status).toBe(401);
  });

  it('answers a taken address, whatever its case, exactly as a new one, and changes nothing', async () => {
    await registerAndConfirm(server, 'taken@example.com', 'first owner password', '192.0.2.200');
    const taken = await register({
      Username: 'TAKEN@example.com',
      Password: 'second owner password',
    });
    const fresh = await register({
      Username: 'not-taken@example.com',
      Password: 'second owner password',
    });
    expect(taken.status).toBe(202);
    expect(fresh.status).toBe(202);
    expect(taken.body).toEqual(takenOrNew('taken@example.com'));
    expect(Object.keys(taken.body)).toEqual(Object.keys(fresh.body));
    // The first owner's password still works, the second does not: nothing was overwritten.
    expect((await signIn(server, 'taken@example.com', 'first owner password')).status).toBe(200);
    expect((await signIn(server, 'taken@example.com', 'second owner password')).status).toBe(401);
    // The owner is told; no link to make a second account is sent (the one mail is the link
    // that made the first).
    await mailTo(server, 'taken@example.com', 'Someone tried to make a new Vitalia account');
    expect(mailsTo('taken@example.com', finishSubject)).toBe(1);
  });

  it('tells the owner of a taken address by mail, at most once a day', async () => {
    await registerAndConfirm(
      server,
      'told-once@example.com',
      'first owner password',
      '192.0.2.201',
    );
    const tried = 'Someone tried to make a new Vitalia account with your address';
    for (const password of ['second try password', 'third try password']) {
      const { status, body } = await register({
        Username: 'told-once@example.com',
        Password: password,
      });
      expect(status).toBe(202);
      expect(body).toEqual(takenOrNew('told-once@example.com'));
    }
    const mail = await mailTo(server, 'told-once@example.com', tried);
    expect(mail).toContain('No account was made and nothing in yours changed.');
    expect(mail).not.toContain('second try password');
    // A mail queued after both tries has arrived: a second "tried" mail would have too.
    await call(server, 'POST', '/api/v1/identity/password/initiatereset', {
      body: { Username: 'told-once@example.com' },
    });
    await mailTo(server, 'told-once@example.com', 'Reset your Vitalia password');
    expect(mailsTo('told-once@example.com', tried)).toBe(1);
  });

  it('mails a new address at most five times a day, answering the same each time', async () => {
    for (let n = 1; n <= 7; n += 1) {
      const { status, body } = await register({
        Username: 'mailbox-full@example.com',
        Password: `a sound passphrase ${n}`,
      });
      expect(status).toBe(202);
      expect(body).toEqual(takenOrNew('mailbox-full@example.com'));
    }
    // Five mails (the queue sends them one by one), each with a link that works.
    await expect.poll(() => mailsTo('mailbox-full@example.com', finishSubject)).toBe(5);
    const token = await registrationToken('mailbox-full@example.com');
    expect((await confirm(token, 'the owner at last')).status).toBe(201);
    expect((await signIn(server, 'mailbox-full@example.com', 'the owner at last')).status).toBe(
      200,
    );
  });

  it('a link of an address that got an account meanwhile makes no second one', async () => {
    await register({ Username: 'raced@example.com', Password: 'the link is slower' });
    const token = await registrationToken('raced@example.com');
    await new AccountRepository(server.app.database.db).insert({
      username: 'raced@example.com',
      passwordHash: 'made elsewhere',
      role: 'USER',
    });
    const late = await confirm(token);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ details: [{ code: 'USERNAME_TAKEN' }] });
  });

  it('cannot be used to make a doctor or an administrator', async () => {
    const { status, body } = await register({
      Username: 'sneaky@example.com',
      Password: 'a sound passphrase',
      role: 'ADMIN',
    });
    expect(status).toBe(400);
    expect(body.errors).toEqual(['Request body: "role" is not a field this call accepts']);
  });

  it.each([
    [{ Username: 'not-an-email' }, 'Username: must be an email address, such as ada@example.com'],
    [{}, 'Username: is required'],
    [{ Username: 42 }, 'Username: must be text, not a number'],
  ])('refuses %j with a message that says what to fix', async (input, message) => {
    const { status, body } = await register(input);
    expect(status).toBe(400);
    expect(body.errors).toContain(message);
  });

  it('counts password length in characters as typed, accepting spaces and any script', async () => {
    const password = '  ключ 🔑 密码  '; // 13 characters, several of them outside ASCII
    const { status } = await register({ Username: 'unicode@example.com' });
    expect(status).toBe(202);
    expect((await confirm(await registrationToken('unicode@example.com'), password)).status).toBe(
      201,
    );
    expect((await signIn(server, 'unicode@example.com', password)).status).toBe(200);
    expect((await signIn(server, 'unicode@example.com', password.trim())).status).toBe(401);
  });

  it('limits how many accounts one address can make in an hour', async () => {
    const from = { 'x-forwarded-for': '198.51.100.99' };
    for (let n = 1; n <= 20; n += 1) {
      const made = await call(server, 'POST', '/api/v1/identity/register', {
        body: { Username: `batch${n}@example.com`, Password: 'a sound passphrase' },
        headers: from,
      });
      expect(made.status).toBe(202);
    }
    const refused = await call(server, 'POST', '/api/v1/identity/register', {
      body: { Username: 'batch21@example.com', Password: 'a sound passphrase' },
      headers: from,
    });
    expect(refused.status).toBe(429);
    expect(refused.body.errors).toEqual([
      'Too many new accounts from this address. Please wait 60 minutes and try again.',
    ]);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
  });

  it('stores an argon2id hash, never the password', async () => {
    const account = await registerAccount(server);
    const rows = await server.app.database.db.execute<{ password_hash: string }>(
      `select password_hash from users where id = '${account.userId}'` as never,
    );
    const hash = (rows as unknown as { rows: Array<{ password_hash: string }> }).rows[0]!
      .password_hash;
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(hash).not.toContain(account.password);
  });
});

describe('signing in', () => {
  it('answers a token pair for the right password, whatever the case of the address', async () => {
    const account = await registerAccount(server);
    const { status, body } = await signIn(server, account.username.toUpperCase(), account.password);
    expect(status).toBe(200);
    expect(claimsOf(body.token)).toMatchObject({ sub: account.userId, role: 'USER' });
    expect(body.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('says the same for a wrong password and an unknown address', async () => {
    const account = await registerAccount(server);
    const wrong = await signIn(server, account.username, 'not the password');
    const unknown = await signIn(server, 'nobody-here@example.com', 'not the password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.errors).toEqual(['Email address or password is wrong.']);
    expect(unknown.body.errors).toEqual(wrong.body.errors);
  });

  it('refuses bad input by field', async () => {
    const { status, body } = await call(server, 'POST', '/api/v1/identity/login', {
      body: { Username: 'x@example.com', Password: 'capital P is the register form' },
    });
    expect(status).toBe(400);
    expect(body.errors).toEqual([
      'password: is required',
      'Request body: "Password" is not a field this call accepts',
    ]);
  });

  it.each([
    [{}, ['Username: is required', 'password: is required']],
    [{ Username: 42, password: 'x' }, ['Username: must be text, not a number']],
    [
      { Username: `${'a'.repeat(300)}@example.com`, password: 'abcdefgh' },
      ['Username: must be at most 254 characters long'],
    ],
    [
      { Username: 'not-an-email', password: 'abcdefgh' },
      ['Username: must be an email address, such as ada@example.com'],
    ],
    [
      { Username: 'x@example.com', password: 'p'.repeat(10_000) },
      ['password: must be at most 1024 characters long'],
    ],
    [{ Username: 'x@example.com', password: null }, ['password: must be text, not nothing (null)']],
    [[1, 2], ['Request body: must be an object, not a list']],
  ])('says which field to fix for %j', async (body, errors) => {
    const answer = await call(server, 'POST', '/api/v1/identity/login', { body });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual(errors);
  });

  it('signs in with a password in any script, as typed', async () => {
    const account = await registerAccount(server, 'ключ безопасности 鍵');
    expect((await signIn(server, account.username, 'ключ безопасности 鍵')).status).toBe(200);
    expect((await signIn(server, account.username, 'ключ безопасности')).status).toBe(401);
  });

  it('refuses a body of more than 1 MB with 413 and a size to aim for', async () => {
    const answer = await server.request('/api/v1/identity/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Username: 'x@example.com', password: 'y'.repeat(2_000_000) }),
    });
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual({
      errors: ['Request body is too large: send at most 1 MB.'],
      details: [
        { code: 'BODY_TOO_LARGE', message: 'Request body is too large: send at most 1 MB.' },
      ],
    });
  });

  it('slows guessing: five failures from one address lock that address out of that account only', async () => {
    const account = await registerAccount(server);
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(
        (await signIn(server, account.username, `guess ${attempt}`, from('203.0.113.7'))).status,
      ).toBe(401);
    }
    const limited = await signIn(server, account.username, account.password, from('203.0.113.7'));
    expect(limited.status).toBe(429);
    expect(limited.body.errors?.[0]).toMatch(
      /^Too many failed sign-ins\. Please wait 15 minutes and try again\.$/,
    );
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);

    // The owner, elsewhere, is not locked out by the stranger's guesses.
    expect(
      (await signIn(server, account.username, account.password, from('198.51.100.20'))).status,
    ).toBe(200);

    const events = server.logs
      .map((line) => line.security as { event: string; userId?: string } | undefined)
      .filter((security) => security?.userId === account.userId);
    expect(events.filter((e) => e?.event === 'sign_in.failed')).toHaveLength(5);
    expect(events.some((e) => e?.event === 'sign_in.limited')).toBe(true);
    // The events name the account, never the address typed.
    const security = JSON.stringify(server.logs.map((line) => line.security ?? null));
    expect(security).not.toContain(account.username);
  });

  it('gives guesses sent all at once no more tries than guesses sent one by one', async () => {
    const account = await registerAccount(server);
    const from = { 'x-forwarded-for': '203.0.113.40' };
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) => signIn(server, account.username, `burst ${n}`, from)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });

  it('never lets guesses from many addresses keep the owner out on a device they signed in on', async () => {
    const account = await registerAccount(server);
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const first = await signIn(server, account.username, account.password, from('198.51.100.60'));
    expect(first.status).toBe(200);
    const device = first.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('vitalia_device_'))!
      .split(';')[0]!;
    const strangers = [
      '203.0.113.61',
      '203.0.113.62',
      '203.0.113.63',
      '203.0.113.64',
      '203.0.113.65',
    ];
    const statuses: number[] = [];
    for (const ip of strangers) {
      for (let n = 0; n < 5; n += 1)
        statuses.push((await signIn(server, account.username, `guess ${n}`, from(ip))).status);
    }
    // Ten failures from devices the account has not signed in on, and the eleventh, go through;
    // then each attempt waits a moment, which has not passed.
    expect(statuses.filter((status) => status === 401)).toHaveLength(11);
    expect(statuses.slice(11).every((status) => status === 429)).toBe(true);
    // A new device is slowed down, told how long for and what still works, never held 15 minutes.
    const slowed = await signIn(server, account.username, account.password, from('192.0.2.66'));
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get('retry-after'))).toBeLessThanOrEqual(600);
    expect(slowed.body.errors?.[0]).toMatch(
      /Please wait \d+ seconds? and try again\. Signing in on a device you have signed in on before still works/,
    );
    // The owner's browser signs in, from wherever it is.
    expect(
      (
        await signIn(server, account.username, account.password, {
          ...from('192.0.2.67'),
          cookie: device,
        })
      ).status,
    ).toBe(200);
  });

  it('believes only the address the proxy appended, not the entries a client wrote before it', async () => {
    const account = await registerAccount(server);
    const victim = '198.51.100.70';
    expect(
      (await signIn(server, account.username, account.password, { 'x-forwarded-for': victim }))
        .status,
    ).toBe(200);
    // The attacker writes the victim's address first; the proxy appends the attacker's own.
    const forged = { 'x-forwarded-for': `${victim}, 203.0.113.71` };
    const statuses: number[] = [];
    for (let n = 0; n < 6; n += 1)
      statuses.push((await signIn(server, account.username, `guess ${n}`, forged)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // The owner is not locked out of the place they use, and the logs name the real address.
    expect(
      (await signIn(server, account.username, account.password, { 'x-forwarded-for': victim }))
        .status,
    ).toBe(200);
    const failures = server.logs
      .map((line) => line.security as { event?: string; ip?: string } | undefined)
      .filter((event) => event?.event === 'sign_in.failed');
    expect(failures.at(-1)?.ip).toBe('203.0.113.71');
    expect(failures.some((event) => event?.ip === victim)).toBe(false);
  });

  it('logs sign-ins as security events without the password or tokens', async () => {
    const account = await registerAccount(server, 'a logged passphrase 77');
    const { body } = await signIn(server, account.username, account.password);
    const text = JSON.stringify(server.logs);
    expect(text).not.toContain('a logged passphrase 77');
    expect(text).not.toContain(body.token);
    expect(text).not.toContain(body.refreshToken);
    expect(
      server.logs.some(
        (line) =>
          (line.security as { event?: string; userId?: string } | undefined)?.event ===
            'sign_in.succeeded' && (line.security as { userId?: string }).userId === account.userId,
      ),
    ).toBe(true);
  });
});

describe('the profile', () => {
  it('keeps fields left out, clears fields sent as null, and answers camelCase', async () => {
    const account = await registerAccount(server);
    const put = (body: unknown) =>
      call(server, 'PUT', '/api/v1/identity/profile', { body, token: account.token });
    const first = await put({
      FirstName: 'Ada',
      LastName: 'Lovelace',
      PhoneNo: '+44 20 7946 0958',
      EmailAddress: 'Ada@Example.com',
      Displayname: 'Countess',
      Gender: 'Female',
      DOB: '1990-12-10',
      HeightMM: 1650,
      Country: 'United Kingdom',
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      phoneNo: '+44 20 7946 0958',
      emailAddress: 'ada@example.com',
      displayname: 'Countess',
      gender: 'Female',
      dob: '1990-12-10',
      heightMM: 1650,
      country: 'United Kingdom',
    });
    const second = await put({ Displayname: null, Country: 'Ireland' });
    expect(second.body).toMatchObject({ firstName: 'Ada', displayname: null, country: 'Ireland' });
    const read = await call(server, 'GET', '/api/v1/identity/profile', { token: account.token });
    expect(read.body).toEqual(second.body);
  });

  it.each([
    [{ DOB: '2023-02-30' }, 'DOB: must be a date written YYYY-MM-DD'],
    [{ DOB: '1899-12-31' }, 'DOB: must be in 1900 or later'],
    [{ DOB: '2999-01-01' }, 'DOB: must not be in the future'],
    [{ HeightMM: 17 }, 'HeightMM: must be at least 300 mm (30 cm)'],
    [{ HeightMM: 1650.5 }, 'HeightMM: must be a whole number, not 1650.5'],
    [{ Gender: 'Unknown' }, 'Gender: must be one of: "Male", "Female", "Other"'],
    [
      { PhoneNo: 'call me' },
      'PhoneNo: may hold only digits, spaces, brackets, dashes and a leading +',
    ],
    [{ FirstName: 'x'.repeat(101) }, 'FirstName: must be at most 100 characters long'],
    [
      { FirstName: 'Verify now at https://evil.example' },
      'FirstName: must be a name, not a web or email address',
    ],
    [
      { Displayname: 'www.vitalia-help.com' },
      'Displayname: must be a name, not a web or email address',
    ],
    [{ EmailAddress: 'nope' }, 'EmailAddress: must be an email address'],
    [{ userID: 'someone-else' }, 'Request body: "userID" is not a field this call accepts'],
  ])('refuses %j and keeps what was saved', async (input, message) => {
    const account = await registerAccount(server);
    await call(server, 'PUT', '/api/v1/identity/profile', {
      body: { FirstName: 'Kept', HeightMM: 1800 },
      token: account.token,
    });
    const { status, body } = await call(server, 'PUT', '/api/v1/identity/profile', {
      body: input,
      token: account.token,
    });
    expect(status).toBe(400);
    expect(body.errors).toEqual([message]);
    const read = await call(server, 'GET', '/api/v1/identity/profile', { token: account.token });
    expect(read.body).toMatchObject({ firstName: 'Kept', heightMM: 1800 });
  });

  it("is only ever the caller's own: one person's change never touches another's", async () => {
    const alice = await registerAccount(server);
    const bob = await registerAccount(server);
    await call(server, 'PUT', '/api/v1/identity/profile', {
      body: { FirstName: 'Bob' },
      token: bob.token,
    });
    await call(server, 'PUT', '/api/v1/identity/profile', {
      body: { FirstName: 'Alice' },
      token: alice.token,
    });
    const bobsView = await call(server, 'GET', '/api/v1/identity/profile', { token: bob.token });
    expect(bobsView.body).toMatchObject({ userID: bob.userId, firstName: 'Bob' });
  });

  it('needs a valid session', async () => {
    const none = await call(server, 'GET', '/api/v1/identity/profile');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect(none.body.errors).toEqual(['Please sign in: your session has ended or is not valid.']);
    const garbage = await call(server, 'GET', '/api/v1/identity/profile', { token: 'not.a.jwt' });
    expect(garbage.status).toBe(401);
  });
});

describe('changing the password', () => {
  const change = (token: string, body: unknown) =>
    call<{ Token: string; RefreshToken: string; errors?: string[] }>(
      server,
      'PUT',
      '/api/v1/identity/password/change',
      { body, token },
    );

  it('answers a new pair, ends every other session, and the old password stops working', async () => {
    const account = await registerAccount(server, 'the original secret');
    const otherDevice = (await signIn(server, account.username, 'the original secret')).body;

    const { status, body } = await change(account.token, {
      oldPassword: 'the original secret',
      newPassword: 'a brand new secret',
    });
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['RefreshToken', 'Token']);

    expect(
      (await call(server, 'GET', '/api/v1/identity/profile', { token: body.Token })).status,
    ).toBe(200);
    // Both earlier sessions are over: their access tokens and refresh tokens no longer work.
    for (const token of [account.token, otherDevice.token]) {
      expect((await call(server, 'GET', '/api/v1/identity/profile', { token })).status).toBe(401);
    }
    expect((await refresh(server, otherDevice.refreshToken)).status).toBe(400);
    expect((await signIn(server, account.username, 'the original secret')).status).toBe(401);
    expect((await signIn(server, account.username, 'a brand new secret')).status).toBe(200);
  });

  it('refuses a wrong current password without ending the session', async () => {
    const account = await registerAccount(server);
    const { status, body } = await change(account.token, {
      oldPassword: 'not it at all',
      newPassword: 'a brand new secret',
    });
    expect(status).toBe(400);
    expect(body.errors).toEqual(['oldPassword: is not your current password.']);
    expect(
      (await call(server, 'GET', '/api/v1/identity/profile', { token: account.token })).status,
    ).toBe(200);
  });

  it.each([
    [
      '12345678',
      'newPassword: is one of the most common passwords, which attackers try first; choose another.',
    ],
    ['short', 'newPassword: must be at least 8 characters long'],
  ])('refuses a weak new password %j', async (newPassword, message) => {
    const account = await registerAccount(server);
    const { status, body } = await change(account.token, {
      oldPassword: account.password,
      newPassword,
    });
    expect(status).toBe(400);
    expect(body.errors).toEqual([message]);
    expect((await signIn(server, account.username, account.password)).status).toBe(200);
  });

  it.each([
    [{}, ['oldPassword: is required', 'newPassword: is required']],
    [{ oldPassword: 'OLD' }, ['newPassword: is required']],
    [{ oldPassword: 'OLD', newPassword: 5 }, ['newPassword: must be text, not a number']],
    [
      { oldPassword: 'OLD', newPassword: 'x'.repeat(129) },
      ['newPassword: must be at most 128 characters long'],
    ],
    [
      { oldPassword: 'OLD', newPassword: 'short' },
      ['newPassword: must be at least 8 characters long'],
    ],
    [
      { oldPassword: 'OLD', newPassword: 'a new long secret', extra: 1 },
      ['Request body: "extra" is not a field this call accepts'],
    ],
  ])('says which field to fix for %j, and the old password still works', async (shape, errors) => {
    const account = await registerAccount(server);
    const body = JSON.parse(
      JSON.stringify(shape).replace('"OLD"', JSON.stringify(account.password)),
    );
    const answer = await call(server, 'PUT', '/api/v1/identity/password/change', {
      body,
      token: account.token,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual(errors);
    expect((await signIn(server, account.username, account.password)).status).toBe(200);
  });

  it('allows five wrong current passwords in 15 minutes, then answers 429', async () => {
    const account = await registerAccount(server);
    const change = (oldPassword: string) =>
      call(server, 'PUT', '/api/v1/identity/password/change', {
        body: { oldPassword, newPassword: 'a brand new secret' },
        token: account.token,
      });
    for (let n = 0; n < 5; n += 1) expect((await change(`wrong ${n}`)).status).toBe(400);
    const limited = await change(account.password);
    expect(limited.status).toBe(429);
    expect(limited.body.errors).toEqual([
      'Too many wrong current passwords. Please wait 15 minutes and try again.',
    ]);
    expect((await signIn(server, account.username, account.password)).status).toBe(200);
  });

  it('refuses the same password again', async () => {
    const account = await registerAccount(server);
    const { status, body } = await change(account.token, {
      oldPassword: account.password,
      newPassword: account.password,
    });
    expect(status).toBe(400);
    expect(body.errors).toEqual(['newPassword: must differ from your current password.']);
  });
});
