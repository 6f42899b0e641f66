import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/identity.table.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, claimsOf, registerAccount, signIn } from './identity.test-helpers.ts';
import { runUserCommand, UsageError } from './staff-accounts.ts';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp({ trustProxy: true });
});
afterAll(() => server.close());

function run(command: string, args: string[], password = 'staff passphrase 2026') {
  const printed: string[] = [];
  const done = runUserCommand(command, args, server.app.database.db, {
    readPassword: async () => password,
    print: (line) => printed.push(line),
  });
  return { done, printed };
}

describe('npm run user:create', () => {
  it('makes a doctor who can sign in and whose token says DOC', async () => {
    const { done, printed } = run('create', ['--email', 'Dr.Who@Example.com', '--role', 'DOC']);
    await done;
    expect(printed[0]).toMatch(/^Created DOC account dr\.who@example\.com \(id [0-9a-f-]{36}\)\.$/);
    const { status, body } = await signIn(server, 'dr.who@example.com', 'staff passphrase 2026');
    expect(status).toBe(200);
    expect(claimsOf(body.token)).toMatchObject({ role: 'DOC', username: 'dr.who@example.com' });
  });

  it('refuses a taken address, an unknown role and a weak password, saying why', async () => {
    await run('create', ['--email', 'admin1@example.com', '--role', 'ADMIN']).done;
    await expect(
      run('create', ['--email', 'admin1@example.com', '--role', 'ADMIN']).done,
    ).rejects.toThrow(
      'An account admin1@example.com already exists; use user:password to change its password.',
    );
    await expect(
      run('create', ['--email', 'x@example.com', '--role', 'ROOT']).done,
    ).rejects.toThrow('--role must be one of USER, DOC, ADMIN.');
    await expect(
      run('create', ['--email', 'y@example.com', '--role', 'DOC'], 'short1').done,
    ).rejects.toThrow('Password: must be at least 8 characters long.');
    await expect(
      run('create', ['--email', 'y@example.com', '--role', 'DOC'], 'qwertyuiop').done,
    ).rejects.toThrow(/most common passwords/);
    await expect(run('create', ['--role', 'DOC']).done).rejects.toBeInstanceOf(UsageError);
  });
});

describe('npm run user:password', () => {
  it('sets a new password and signs the account out everywhere', async () => {
    await run('create', ['--email', 'forgetful@example.com', '--role', 'ADMIN']).done;
    const before = (await signIn(server, 'forgetful@example.com', 'staff passphrase 2026')).body;
    await run('password', ['--email', 'forgetful@example.com'], 'a fresh staff passphrase').done;
    expect(
      (await call(server, 'GET', '/api/v1/identity/profile', { token: before.token })).status,
    ).toBe(401);
    expect((await signIn(server, 'forgetful@example.com', 'a fresh staff passphrase')).status).toBe(
      200,
    );
    await expect(run('password', ['--email', 'ghost@example.com']).done).rejects.toThrow(
      'There is no account ghost@example.com.',
    );
  });
});

describe('third-party users (administrators only)', () => {
  it('lists and counts the accounts made through a social provider', async () => {
    await server.app.database.db.insert(users).values([
      {
        username: 'linked1@example.com',
        socialProvider: 'linkedin',
        firstName: 'Lin',
        lastName: 'Ked',
      },
      { username: 'linked2@example.com', socialProvider: 'linkedin' },
    ]);
    await run('create', ['--email', 'boss@example.com', '--role', 'ADMIN']).done;
    const admin = (await signIn(server, 'boss@example.com', 'staff passphrase 2026')).body;

    const list = await call<Array<Record<string, unknown>>>(
      server,
      'GET',
      '/api/v1/identity/thirdparty/users/all',
      { token: admin.token },
    );
    expect(list.status).toBe(200);
    expect(list.body.map((user) => user.username).sort()).toEqual([
      'linked1@example.com',
      'linked2@example.com',
    ]);
    expect(list.body.find((user) => user.username === 'linked1@example.com')).toMatchObject({
      provider: 'linkedin',
      firstName: 'Lin',
      lastName: 'Ked',
    });
    const count = await call(server, 'GET', '/api/v1/identity/thirdparty/users/count', {
      token: admin.token,
    });
    expect(count.body).toEqual({ count: 2 });
  });

  it('refuses ordinary users and doctors with 403, and logs the refusal', async () => {
    const person = await registerAccount(server);
    await run('create', ['--email', 'doc2@example.com', '--role', 'DOC']).done;
    const doctor = (await signIn(server, 'doc2@example.com', 'staff passphrase 2026')).body;
    for (const token of [person.token, doctor.token]) {
      for (const path of [
        '/api/v1/identity/thirdparty/users/all',
        '/api/v1/identity/thirdparty/users/count',
      ]) {
        const { status, body } = await call(server, 'GET', path, { token });
        expect(status).toBe(403);
        expect(body.errors).toEqual(['Your account is not allowed to do this.']);
      }
    }
    expect(
      server.logs.some(
        (line) => (line.security as { event?: string } | undefined)?.event === 'role.refused',
      ),
    ).toBe(true);
    expect((await call(server, 'GET', '/api/v1/identity/thirdparty/users/count')).status).toBe(401);
  });

  it('uses the role the account has now, not the one its token was issued with', async () => {
    await run('create', ['--email', 'demoted@example.com', '--role', 'ADMIN']).done;
    const admin = (await signIn(server, 'demoted@example.com', 'staff passphrase 2026')).body;
    await server.app.database.db
      .update(users)
      .set({ role: 'USER' })
      .where(eq(users.username, 'demoted@example.com'));
    const { status } = await call(server, 'GET', '/api/v1/identity/thirdparty/users/count', {
      token: admin.token,
    });
    expect(status).toBe(403);
  });
});
