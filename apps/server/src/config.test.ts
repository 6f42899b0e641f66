import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, withSigningSecret } from './config.ts';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration', () => {
  it('has defaults that serve the app on port 3000 from ./data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: 'localhost',
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
    });
  });

  it('gives one message per bad variable, saying what to fix', () => {
    expect(
      problemsOf({
        PORT: 'eighty',
        LOG_LEVEL: 'loud',
        DATABASE_URL: 'mysql://x',
        PUBLIC_URL: 'vitalia',
      }),
    ).toEqual([
      'PORT: must be a whole number between 1 and 65535',
      'DATABASE_URL: must be a PostgreSQL URL such as postgres://user@host:5432/db',
      'PUBLIC_URL: must be the http(s) address people use, such as https://vitalia.example',
      'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent',
    ]);
  });

  it('reads TRUST_PROXY as one hop for true, a hop count or the proxies addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16' }).trustProxy).toBe(
      '10.0.0.5,10.1.0.0/16',
    );
    expect(problemsOf({ TRUST_PROXY: 'yes' })).toEqual([
      'TRUST_PROXY: must be false, true (one proxy), the number of proxies in front of Vitalia (1-10), or their addresses separated by commas (such as 10.0.0.5,10.0.0.0/24)',
    ]);
  });

  it('reads the emergency number, 112 unless set, and an optional crisis line', () => {
    expect(loadConfig({}).emergency).toEqual({ number: '112', crisisLine: null });
    expect(loadConfig({ EMERGENCY_NUMBER: '767', CRISIS_LINE: '0800 800 2000' }).emergency).toEqual(
      { number: '767', crisisLine: '0800 800 2000' },
    );
    expect(problemsOf({ EMERGENCY_NUMBER: 'call 112' })).toEqual([
      'EMERGENCY_NUMBER: must be a telephone number such as 112 or +234 112',
    ]);
  });

  it('holds an unpaid, unconfirmed order 48 hours unless STORE_UNCONFIRMED_ORDER_HOURS says otherwise', () => {
    expect(loadConfig({}).store.unconfirmedOrderHours).toBe(48);
    expect(loadConfig({ STORE_UNCONFIRMED_ORDER_HOURS: '12' }).store.unconfirmedOrderHours).toBe(
      12,
    );
    for (const bad of ['0', '1.5', '721', 'two days']) {
      expect(problemsOf({ STORE_UNCONFIRMED_ORDER_HOURS: bad })).toEqual([
        'STORE_UNCONFIRMED_ORDER_HOURS: must be a whole number of hours from 1 to 720, such as 48',
      ]);
    }
  });

  it('never echoes a secret it refuses', () => {
    const problems = problemsOf({ JWT_SECRET: 'short-secret-value' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^JWT_SECRET: must be at least 32 characters/);
    expect(problems.join()).not.toContain('short-secret-value');
  });

  it('stops start-up in production without a signing secret', () => {
    const pickup = { STORE_PICKUP_ADDRESS: '14 Admiralty Way, Lekki Phase 1, Lagos' };
    expect(problemsOf({ NODE_ENV: 'production', ...pickup })).toEqual([
      'JWT_SECRET: required in production, at least 32 characters (try: openssl rand -base64 48)',
    ]);
    expect(problemsOf({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), ...pickup })).toEqual(
      [],
    );
  });

  it('stops start-up in production without the pickup address, and with the test hooks', () => {
    const secret = { JWT_SECRET: 'x'.repeat(40) };
    expect(problemsOf({ NODE_ENV: 'production', ...secret })).toEqual([
      'STORE_PICKUP_ADDRESS: required in production, the address where customers collect pickup orders (every order may be picked up), e.g. "14 Admiralty Way, Lekki Phase 1, Lagos"',
    ]);
    expect(
      problemsOf({
        NODE_ENV: 'production',
        ...secret,
        STORE_PICKUP_ADDRESS: '14 Admiralty Way, Lekki Phase 1, Lagos',
        TEST_HOOKS: 'true',
      }),
    ).toEqual([
      'TEST_HOOKS: only for the browser tests; it cannot be true with NODE_ENV=production',
    ]);
  });

  it('reads OAUTH_CLIENTS as id:secret pairs, and refuses the web app or a client twice', () => {
    expect(loadConfig({}).oauthClients).toEqual({});
    expect(
      loadConfig({ OAUTH_CLIENTS: 'doctors-app:a-secret-of-16-chars,other:another:secret-16' })
        .oauthClients,
    ).toEqual({ 'doctors-app': 'a-secret-of-16-chars', other: 'another:secret-16' });
    expect(problemsOf({ OAUTH_CLIENTS: 'doctors-app:short' })).toEqual([
      'OAUTH_CLIENTS: must list clients as id:secret pairs separated by commas, each secret at least 16 characters',
    ]);
    expect(problemsOf({ OAUTH_CLIENTS: 'vitalia-web:a-secret-of-16-chars' })).toEqual([
      "OAUTH_CLIENTS: vitalia-web is the web app, a public client without a secret; give the doctors' app an id of its own",
    ]);
    expect(
      problemsOf({
        OAUTH_CLIENTS: 'doctors-app:a-secret-of-16-chars,doctors-app:second-secret-16',
      }),
    ).toEqual(['OAUTH_CLIENTS: doctors-app is listed twice; list each client once']);
  });

  it('treats empty variables as unset and trims a trailing slash from PUBLIC_URL', () => {
    const config = loadConfig({ PORT: '', PUBLIC_URL: 'https://vitalia.example/' });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('https://vitalia.example');
  });
});

describe('the signing secret outside production', () => {
  const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'vitalia-config-'));

  it('is generated once, kept in DATA_DIR for its owner only, and reused', () => {
    const dataDir = tempDir();
    const first = withSigningSecret(loadConfig({ DATA_DIR: dataDir }));
    const second = withSigningSecret(loadConfig({ DATA_DIR: dataDir }));
    expect(first.jwtSecret).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    const file = path.join(dataDir, 'secrets.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('prefers JWT_SECRET when it is given', () => {
    const dataDir = tempDir();
    const config = withSigningSecret(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'y'.repeat(40) }));
    expect(config.jwtSecret).toBe('y'.repeat(40));
    expect(fs.existsSync(path.join(dataDir, 'secrets.json'))).toBe(false);
  });

  it('says how to recover from a damaged secrets file', () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, 'secrets.json'), '{"jwtSecret": "short"}');
    expect(() => withSigningSecret(loadConfig({ DATA_DIR: dataDir }))).toThrow(
      /is damaged; delete it to generate a new signing secret/,
    );
  });
});

describe('privacy contact and deletion grace (decision 0032)', () => {
  it('names privacy@ the public host unless PRIVACY_CONTACT says otherwise', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://vitalia.example/' }).privacyContact).toBe(
      'privacy@vitalia.example',
    );
    expect(loadConfig({ PRIVACY_CONTACT: 'dpo@clinic.example' }).privacyContact).toBe(
      'dpo@clinic.example',
    );
    expect(problemsOf({ PRIVACY_CONTACT: 'nobody' })).toEqual([
      'PRIVACY_CONTACT: must be an email address such as privacy@vitalia.example',
    ]);
  });

  it('reads the grace as a duration, 7 days by default, at least a day in production', () => {
    expect(loadConfig({}).accountDeletionGraceSeconds).toBe(7 * 86_400);
    expect(loadConfig({ ACCOUNT_DELETION_GRACE: '20s' }).accountDeletionGraceSeconds).toBe(20);
    expect(loadConfig({ ACCOUNT_DELETION_GRACE: '12h' }).accountDeletionGraceSeconds).toBe(43_200);
    expect(problemsOf({ ACCOUNT_DELETION_GRACE: 'a week' })).toEqual([
      'ACCOUNT_DELETION_GRACE: must be a duration such as 7d, 12h, 30m or 20s',
    ]);
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-that-is-long-enough-0123',
      STORE_PICKUP_ADDRESS: '14 Admiralty Way, Lekki Phase 1, Lagos',
    };
    expect(problemsOf({ ...production, ACCOUNT_DELETION_GRACE: '20s' })[0]).toMatch(
      /^ACCOUNT_DELETION_GRACE: must be at least 1d in production/,
    );
    expect(problemsOf({ ...production, ACCOUNT_DELETION_GRACE: '1d' })).toEqual([]);
  });
});
