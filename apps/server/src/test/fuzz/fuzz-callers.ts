// The run's own signed-in USER, ADMIN and DOC, and the rows seeded so that some path ids name rows
// that exist.
import fs from 'node:fs/promises';
import path from 'node:path';
import { runUserCommand } from '../../features/identity/staff-accounts.ts';
import { doctorsAppClient, type TestApp } from '../test-app.ts';
import type { Account } from './valid-plan.ts';

export interface SignedInCaller extends Account {
  signedInAt: number;
}

export const uuidPattern = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

async function jsonCall(
  server: TestApp,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await server.request(path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

/** Quoted-printable as nodemailer writes it: soft line breaks and =XX escapes undone. */
function unquoted(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The first group of `pattern` in the newest mail to `to` in the server's outbox. */
export async function mailedToken(server: TestApp, to: string, pattern: RegExp): Promise<string> {
  const outbox = path.join(server.config.dataDir, 'mail-outbox');
  // Mail goes out after the answer: look again for a while.
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const files = await fs.readdir(outbox).catch(() => [] as string[]);
    for (const file of files.sort().reverse()) {
      const text = unquoted(await fs.readFile(path.join(outbox, file), 'utf8'));
      const found = text.includes(`To: ${to}`) ? pattern.exec(text)?.[1] : undefined;
      if (found) return found;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no mail to ${to} matching ${pattern}`);
}

export async function signIn(
  server: TestApp,
  account: Pick<SignedInCaller, 'username' | 'password'>,
): Promise<SignedInCaller> {
  const { status, body } = await jsonCall(
    server,
    'POST',
    '/api/v1/identity/login',
    { Username: account.username, password: account.password },
    // Its own address, so the fuzzer's failed sign-ins never lock the callers out.
    { 'x-forwarded-for': '192.0.2.10' },
  );
  if (status !== 200 || typeof body.token !== 'string') {
    throw new Error(
      `The fuzzer could not sign ${account.username} in: ${status} ${JSON.stringify(body)}`,
    );
  }
  return {
    ...account,
    token: body.token,
    refreshToken: String(body.refreshToken),
    signedInAt: Date.now(),
  };
}

/**
 * Signs in as the doctors' app does, at the token endpoint as a confidential client: the doctors'
 * calls take no other token (docs/decisions/0049-confidential-clients.md).
 */
export async function appSignIn(
  server: TestApp,
  account: Pick<SignedInCaller, 'username' | 'password'>,
): Promise<SignedInCaller> {
  const response = await server.request('/o/token/', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${doctorsAppClient.id}:${doctorsAppClient.secret}`).toString('base64')}`,
      'x-forwarded-for': '192.0.2.10',
    },
    body: new URLSearchParams({
      grant_type: 'password',
      username: account.username,
      password: account.password,
    }),
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200 || typeof body.access_token !== 'string') {
    throw new Error(
      `The fuzzer could not sign ${account.username} in as the doctors' app: ${response.status} ${JSON.stringify(body)}`,
    );
  }
  return {
    ...account,
    token: body.access_token,
    refreshToken: String(body.refresh_token),
    signedInAt: Date.now(),
  };
}

/** The run's signed-in callers, by role. */
export interface SignedInCallers {
  user: SignedInCaller;
  admin: SignedInCaller;
  doctor: SignedInCaller;
}

/**
 * A registered USER, and an ADMIN and a DOC made the way `npm run user:create` makes them, signed
 * in; the DOC as the doctors' app.
 */
export async function signedInCallers(server: TestApp): Promise<SignedInCallers> {
  const password = 'fuzzing is a sound passphrase 7';
  const stamp = `${process.pid}.${Date.now()}`;
  const user = { username: `fuzz.user.${stamp}@example.com`, password };
  // Registered as a person registers: the call, then the mailed link
  // (docs/decisions/0051-registration-confirmed-by-mail.md).
  const from = { 'x-forwarded-for': '192.0.2.11' };
  const asked = await jsonCall(
    server,
    'POST',
    '/api/v1/identity/register',
    { Username: user.username },
    from,
  );
  const token = await mailedToken(server, user.username, /register\/confirm#token=([\w-]+)/);
  const registered = await jsonCall(
    server,
    'POST',
    '/api/v1/identity/register/confirm',
    { token, Password: password },
    from,
  );
  if (asked.status !== 202 || registered.status !== 201) {
    throw new Error(`The fuzzer could not register: ${JSON.stringify(registered.body)}`);
  }
  const staff = async (role: 'ADMIN' | 'DOC', name: string) => {
    const account = { username: `fuzz.${name}.${stamp}@example.com`, password };
    await runUserCommand(
      'create',
      ['--email', account.username, '--role', role],
      server.app.database.db,
      {
        readPassword: async () => password,
        print: () => undefined,
      },
    );
    return account;
  };
  const admin = await staff('ADMIN', 'admin');
  const doctor = await staff('DOC', 'doctor');
  return {
    user: await signIn(server, user),
    admin: await signIn(server, admin),
    doctor: await appSignIn(server, doctor),
  };
}

/** A reading, an article and a product, so that some path ids name rows that exist. */
export async function seedRows(
  server: TestApp,
  user: SignedInCaller,
  admin: SignedInCaller,
): Promise<string[]> {
  const made = await Promise.all([
    jsonCall(
      server,
      'POST',
      '/api/v1/records/health',
      { Tag: 'Pulse Value', TagValue: 72 },
      {
        authorization: `Bearer ${user.token}`,
      },
    ),
    jsonCall(
      server,
      'POST',
      '/api/v1/education/admin/articles',
      {
        slug: 'fuzz-seed',
        title: 'Fuzz seed',
        summary: 'An article the fuzzer can aim at.',
        body: 'Some text.',
        tags: ['oxygen'],
        sources: [],
      },
      { authorization: `Bearer ${admin.token}` },
    ),
    jsonCall(
      server,
      'POST',
      '/api/v1/store/admin/products',
      {
        slug: 'fuzz-seed',
        productName: 'Fuzz seed',
        description: 'A product the fuzzer can aim at.',
        price: 1000,
        stock: 5,
        active: true,
        shippings: [{ shippingMethod: 'Courier', cost: 500, deliveryTimeDays: 2 }],
      },
      { authorization: `Bearer ${admin.token}` },
    ),
  ]);
  return made.flatMap(({ body }) => JSON.stringify(body).match(uuidPattern) ?? []);
}

/**
 * The fuzzer cannot know a refresh token or a password, so sessions should survive it; if one has
 * ended all the same, or is getting old, the caller signs in again so that the rest of the run is
 * still signed in. Answers how many sessions had ended.
 */
export async function keepSignedIn(server: TestApp, callers: SignedInCallers): Promise<number> {
  let ended = 0;
  for (const role of ['user', 'admin', 'doctor'] as const) {
    const account = callers[role];
    const profile = await server.request('/api/v1/identity/profile', {
      headers: { authorization: `Bearer ${account.token}` },
    });
    const aging = Date.now() - account.signedInAt > 10 * 60_000;
    if (profile.status !== 200 || aging) {
      if (profile.status !== 200) ended += 1;
      callers[role] = await (role === 'doctor' ? appSignIn : signIn)(server, account);
    }
  }
  return ended;
}
