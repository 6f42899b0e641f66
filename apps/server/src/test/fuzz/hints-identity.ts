// Valid-request hints of the identity calls: sign-in, registration, the profile, passwords, mailed
// links, two-factor, sessions and the token endpoint.
import fc from 'fast-check';
import { TOTP } from 'otpauth';
import {
  chosen,
  expectStatus,
  uploadedName,
  type Account,
  type OperationHint,
  type Run,
} from './valid-plan.ts';
import { uniqueEmail } from './valid-values.ts';
import { doctorsAppClient } from '../test-app.ts';

export const passphrase = fc
  .tuple(
    fc.array(fc.constantFrom('amber', 'river', 'copper', 'lantern', 'meadow', 'quartz', 'tiger'), {
      minLength: 3,
      maxLength: 5,
    }),
    fc.integer({ min: 10, max: 9999 }),
  )
  .map(([words, number]) => `${words.join(' ')} ${number}`);

export async function twoFactorOn(
  run: Run,
  account: Account,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = expectStatus(
    await run.call('POST', '/api/v1/identity/mfa/totp/setup', {
      token: account.token,
      body: { password: account.password },
    }),
    200,
    'two-factor',
  );
  const secret = String(setup.body.secret);
  const enabled = expectStatus(
    await run.call('POST', '/api/v1/identity/mfa/totp/enable', {
      token: account.token,
      body: { code: new TOTP({ secret }).generate() },
    }),
    200,
    'two-factor',
  );
  return { secret, recoveryCodes: enabled.body.recoveryCodes as string[] };
}

export const identityHints: Record<string, OperationHint> = {
  'POST /api/v1/identity/login': {
    prepare: async (plan, run) => {
      plan.body = { Username: run.user.username, password: run.user.password };
    },
  },
  'POST /api/v1/identity/register': {
    body: () => fc.record({ Username: uniqueEmail, Password: passphrase }),
  },
  'POST /api/v1/identity/logout': {
    // A session of its own, so the run's USER stays signed in.
    prepare: async (plan, run) => {
      const signedIn = expectStatus(await run.signIn(run.user), 200, 'a session to end');
      plan.body = { refreshToken: signedIn.body.refreshToken };
    },
  },
  'PUT /api/v1/identity/profile': {
    body: (schemaValid) =>
      fc
        .record({
          EmailAddress: fc.option(uniqueEmail),
          DOB: fc.option(
            fc
              .date({
                min: new Date('1920-01-01T00:00:00Z'),
                max: new Date('2015-01-01T00:00:00Z'),
              })
              .filter((date) => !Number.isNaN(date.getTime()))
              .map((date) => date.toISOString().slice(0, 10)),
          ),
        })
        .map((fields) => ({ ...schemaValid, ...fields })),
  },
  'POST /api/v1/identity/profile/picture': {
    // An account of its own: uploads are limited per account and hour.
    caller: 'fresh',
    bodyType: 'multipart',
    remember: (answer, rows) => {
      const name = uploadedName(answer.displayPicture, '/uploads/avatars/');
      if (name) rows.avatars.push(name);
    },
  },
  'GET /uploads/avatars/{name}': {
    prepare: async (plan, run) => {
      await run.need('avatar');
      plan.pathParams.name = chosen(run.rows.avatars, plan.pick)!;
    },
  },
  'PUT /api/v1/identity/password/change': {
    caller: 'fresh',
    body: () => fc.record({ oldPassword: fc.constant(''), newPassword: passphrase }),
    prepare: async (plan, _run, caller) => {
      (plan.body as Record<string, unknown>).oldPassword = caller!.password;
    },
  },
  'POST /api/v1/identity/register/confirm': {
    prepare: async (plan, run) => {
      // A registration of its own, waiting for its link.
      const username = `fuzz.pending.${process.pid}.${run.next()}@example.com`;
      expectStatus(
        await run.call('POST', '/api/v1/identity/register', { body: { Username: username } }),
        202,
        'a registration',
      );
      plan.body = {
        token: await run.registrationLink(username),
        Password: `pending fuzzing passphrase ${run.next()}`,
      };
    },
  },
  'POST /api/v1/identity/email/verify': {
    prepare: async (plan, run) => {
      // An address not confirmed asks for a link, as the banner's button does.
      const account = await run.fresh();
      await run.unconfirmAddress(account.username);
      expectStatus(
        await run.call('POST', '/api/v1/identity/email/verify/resend', { token: account.token }),
        202,
        'a verification link',
      );
      plan.body = {
        token: await run.mailed(account.username, /verify\/email#token=([A-Za-z0-9_-]+)/),
      };
    },
  },
  'POST /api/v1/identity/email/verify/resend': {
    caller: 'fresh',
    prepare: async (_plan, run, caller) => {
      await run.unconfirmAddress(caller!.username);
    },
  },
  'POST /api/v1/identity/password/initiatereset': {
    body: () => fc.record({ Username: uniqueEmail }),
    prepare: async (plan, run) => {
      // Half of them for an account that exists, so that a mail goes out.
      if (plan.pick % 2 === 0) plan.body = { Username: (await run.fresh()).username };
    },
  },
  'POST /api/v1/identity/password/reset': {
    body: () => fc.record({ NewPasword: passphrase }),
    prepare: async (plan, run) => {
      const account = await run.fresh();
      expectStatus(
        await run.call('POST', '/api/v1/identity/password/initiatereset', {
          body: { Username: account.username },
        }),
        202,
        'a password reset',
      );
      const token = await run.mailed(account.username, /account\/reset\/([A-Za-z0-9_-]+)/);
      plan.body = { ...(plan.body as object), Username: account.username, Token: token };
    },
  },
  'POST /api/v1/identity/mfa/totp/setup': {
    caller: 'fresh',
    prepare: async (plan, _run, caller) => {
      plan.body = { password: caller!.password };
    },
  },
  'POST /api/v1/identity/mfa/totp/enable': {
    caller: 'fresh',
    prepare: async (plan, run, caller) => {
      const setup = expectStatus(
        await run.call('POST', '/api/v1/identity/mfa/totp/setup', {
          token: caller!.token,
          body: { password: caller!.password },
        }),
        200,
        'two-factor',
      );
      plan.body = { code: new TOTP({ secret: String(setup.body.secret) }).generate() };
    },
  },
  'POST /api/v1/identity/mfa/totp/disable': {
    caller: 'fresh',
    prepare: async (plan, run, caller) => {
      const { recoveryCodes } = await twoFactorOn(run, caller!);
      plan.body = { password: caller!.password, code: chosen(recoveryCodes, plan.pick) };
    },
  },
  'POST /api/v1/identity/token/verify': {
    // The second step of a sign-in with two-factor on; the challenge rides in a cookie.
    prepare: async (plan, run) => {
      const account = await run.fresh();
      const { recoveryCodes } = await twoFactorOn(run, account);
      const first = expectStatus(await run.signIn(account), 200, 'a two-factor sign-in');
      plan.headers.cookie = first.cookies.join('; ');
      plan.body = { Username: account.username, Token: chosen(recoveryCodes, plan.pick) };
    },
  },
  'DELETE /api/v1/identity/sessions/{id}': {
    caller: 'fresh',
    prepare: async (plan, run, caller) => {
      expectStatus(await run.signIn(caller!), 200, 'a second session');
      const listed = expectStatus(
        await run.call('GET', '/api/v1/identity/sessions', { token: caller!.token }),
        200,
        'the sessions',
      );
      const others = (listed.body.sessions as Array<{ id: string; current: boolean }>).filter(
        (session) => !session.current,
      );
      plan.pathParams.id = chosen(others, plan.pick)!.id;
    },
  },
  'POST /api/v1/identity/sessions/end-others': {
    caller: 'fresh',
    prepare: async (_plan, run, caller) => {
      expectStatus(await run.signIn(caller!), 200, 'a second session');
    },
  },
  'POST /o/token/': {
    // The client authenticates, not a person: no bearer token beside its credentials.
    caller: 'anonymous',
    body: () => fc.constant({ grant_type: 'refresh_token' }),
    prepare: async (plan, run) => {
      plan.bodyType = plan.pick % 2 === 0 ? 'form' : 'json';
      if (plan.pick % 3 === 2) {
        // The doctors' app signs in, its secret in the body (client_secret_post).
        plan.body = {
          grant_type: 'password',
          username: run.user.username,
          password: run.user.password,
          client_id: doctorsAppClient.id,
          client_secret: doctorsAppClient.secret,
        };
        return;
      }
      // A session of its own: each refresh token works once.
      const signedIn = expectStatus(await run.signIn(run.user), 200, 'a session to refresh');
      plan.body = { grant_type: 'refresh_token', refresh_token: signedIn.body.refreshToken };
      plan.headers.authorization = `Basic ${Buffer.from('vitalia-web:').toString('base64')}`;
    },
  },
  'POST /o/revoke_token': {
    // The client authenticates, not a person: no bearer token beside its credentials.
    caller: 'anonymous',
    body: () => fc.constant({}),
    prepare: async (plan, run) => {
      // A session of its own, which the web client may revoke: the login call's names no client.
      const signedIn = expectStatus(await run.signIn(run.user), 200, 'a session to revoke');
      const byAccess = plan.pick % 2 === 0;
      plan.body = byAccess
        ? { token: signedIn.body.token, token_type_hint: 'access_token' }
        : { token: signedIn.body.refreshToken, client_id: 'vitalia-web' };
      plan.bodyType = plan.pick % 4 < 2 ? 'form' : 'json';
      if (byAccess)
        plan.headers.authorization = `Basic ${Buffer.from('vitalia-web:').toString('base64')}`;
    },
  },
};
