// The environment is read once, here. Every bad variable gets its own message saying what to fix;
// secret values are never echoed back.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { webClientId } from '@vitalia/api/identity.paths';

const TRUST_PROXY_FORM = /^(?:true|false|[1-9]|10|[0-9a-fA-F.:/]+(?:\s*,\s*[0-9a-fA-F.:/]+)*)$/;

/** false, a hop count, or the proxies' addresses as Fastify's trustProxy takes them. */
function trustedProxies(value: string): false | number | string {
  if (value === 'false') return false;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) return Number(value);
  return value.replace(/\s+/g, '');
}

const unitSeconds = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

/** '7d', '12h', '30m' or '20s' in seconds. */
function durationSeconds(value: string): number {
  return Number(value.slice(0, -1)) * unitSeconds[value.slice(-1) as keyof typeof unitSeconds];
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const minimumSecretLength = 32;

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'must be a whole number between 1 and 65535' })
    .int('must be a whole number between 1 and 65535')
    .min(1, 'must be a whole number between 1 and 65535')
    .max(65535, 'must be a whole number between 1 and 65535')
    .default(3000),
  HOST: z.string().min(1, 'must not be empty').default('localhost'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(
      /^postgres(ql)?:\/\/\S+$/,
      'must be a PostgreSQL URL such as postgres://user@host:5432/db',
    )
    .optional(),
  PUBLIC_URL: z
    .url({
      protocol: /^https?$/,
      error: 'must be the http(s) address people use, such as https://vitalia.example',
    })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  LOG_LEVEL: z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }).default('info'),
  // Which hops of X-Forwarded-For to believe. `true` is one hop (the proxy in front of Vitalia),
  // never every hop: the entries left of the last proxy's are written by the client
  // (docs/operations.md, 'Behind a reverse proxy').
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(
      TRUST_PROXY_FORM,
      'must be false, true (one proxy), the number of proxies in front of Vitalia (1-10), or their addresses separated by commas (such as 10.0.0.5,10.0.0.0/24)',
    )
    .default('false')
    .transform(trustedProxies),
  JWT_SECRET: z
    .string()
    .min(
      minimumSecretLength,
      `must be at least ${minimumSecretLength} characters (try: openssl rand -base64 48)`,
    )
    .optional(),
  WEB_DIST_DIR: z.string().min(1, 'must not be empty').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'must be an SMTP URL such as smtp://user:password@mail.example:587')
    .optional(),
  MAIL_FROM: z
    .string()
    .min(3, 'must be a sender such as "Vitalia <no-reply@vitalia.example>"')
    .default('Vitalia <no-reply@vitalia.local>'),
  LINKEDIN_CLIENT_ID: z.string().min(1).optional(),
  LINKEDIN_CLIENT_SECRET: z.string().min(1).optional(),
  LINKEDIN_ISSUER: z
    .url({ protocol: /^https?$/, error: 'must be the OpenID Connect issuer URL' })
    .default('https://www.linkedin.com/oauth'),
  STORE_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 currency code such as NGN or EUR')
    .refine((code) => {
      try {
        new Intl.NumberFormat('en', { style: 'currency', currency: code });
        return true;
      } catch {
        return false;
      }
    }, 'is not a currency this server knows')
    .default('NGN'),
  STORE_VAT_RATE: z.coerce
    .number({ error: 'must be a percentage such as 7.5' })
    .min(0, 'must be a percentage from 0 to 100')
    .max(100, 'must be a percentage from 0 to 100')
    .default(7.5),
  STORE_LOCALE: z.string().min(2).default('en-NG'),
  // Where pickup orders are collected, shown in the store and in its mail (required in
  // production, checked below).
  STORE_PICKUP_ADDRESS: z
    .string()
    .trim()
    .min(5, 'must be the full address people come to')
    .max(300)
    .optional(),
  STORE_PICKUP_HOURS: z.string().trim().min(3, 'must say when people can come').max(200).optional(),
  // How long a placed, unpaid order keeps its stock unless an administrator confirms it
  // (docs/decisions/0023-order-mail.md).
  STORE_UNCONFIRMED_ORDER_HOURS: z.coerce
    .number({ error: 'must be a whole number of hours from 1 to 720, such as 48' })
    .int('must be a whole number of hours from 1 to 720, such as 48')
    .min(1, 'must be a whole number of hours from 1 to 720, such as 48')
    .max(720, 'must be a whole number of hours from 1 to 720, such as 48')
    .default(48),
  API_DOCS: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('true')
    .transform((value) => value === 'true'),
  EMERGENCY_NUMBER: z
    .string()
    .regex(/^\+?[0-9][0-9 -]{1,19}$/, 'must be a telephone number such as 112 or +234 112')
    .default('112'),
  CRISIS_LINE: z
    .string()
    .regex(/^\+?[0-9][0-9 -]{1,19}$/, 'must be a telephone number such as 0800 123 4567')
    .optional(),
  // The browser journeys' way to run reminders as of a chosen time (decision 0022); refused in
  // production below.
  TEST_HOOKS: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  // Who to write to about personal data, named in the privacy policy (default privacy@ the
  // PUBLIC_URL's host).
  PRIVACY_CONTACT: z
    .email({ error: 'must be an email address such as privacy@vitalia.example' })
    .optional(),
  // How long a deleted account can still be restored (docs/decisions/0032-account-deletion.md).
  ACCOUNT_DELETION_GRACE: z
    .string()
    .trim()
    .regex(/^\d{1,7}[smhd]$/, 'must be a duration such as 7d, 12h, 30m or 20s')
    .default('7d')
    .transform(durationSeconds),
  OAUTH_CLIENTS: z
    .string()
    .regex(
      /^[A-Za-z0-9._-]+:\S{16,}(,[A-Za-z0-9._-]+:\S{16,})*$/,
      'must list clients as id:secret pairs separated by commas, each secret at least 16 characters',
    )
    .optional(),
});

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  logLevel: (typeof logLevels)[number];
  /**
   * Which X-Forwarded-For hops to believe: false, a hop count, or the proxies' addresses. `true`
   * (the tests' shorthand) means one hop, never every hop.
   */
  trustProxy: boolean | number | string;
  /** Signs access tokens. Missing only until `withSigningSecret` has run. */
  jwtSecret: string | undefined;
  /** The built web app to serve; undefined means resolve the workspace's apps/web/dist. */
  webDistDir: string | undefined;
  /**
   * Confidential clients of the token endpoint (the doctors' mobile app) by id, with their
   * secrets. Only tokens issued to one of them reach the doctors' calls
   * (docs/decisions/0049-confidential-clients.md). The web app is a public client and needs no
   * entry.
   */
  oauthClients: Record<string, string>;
  /** Where mail goes; undefined writes each message to DATA_DIR/mail-outbox instead. */
  smtpUrl: string | undefined;
  mailFrom: string;
  store: {
    currency: string;
    vatRatePercent: number;
    locale: string;
    /** Where and when pickup orders are collected. */
    pickup: { address: string; hours: string };
    /** How long an unpaid, unconfirmed order keeps its stock; 48 when left out. */
    unconfirmedOrderHours?: number;
  };
  /** Serve the browsable reference at /api/docs; the OpenAPI document is always served. */
  apiDocs: boolean;
  /** Shown with urgent readings as tel: links; the crisis line only with an urgent mood. */
  emergency: { number: string; crisisLine: string | null };
  /** LinkedIn sign-in (OpenID Connect); undefined when not configured. */
  linkedin: { issuer: string; clientId: string; clientSecret: string } | undefined;
  /** Routes for the browser journeys only (POST /api/test/reminders/due); never in production. */
  testHooks: boolean;
  /** Named in the privacy policy; privacy@ the public address's host when left out. */
  privacyContact?: string;
  /** How long a deleted account can be restored; 7 days when left out. */
  accountDeletionGraceSeconds?: number;
}

export const defaultDeletionGraceSeconds = 7 * 86_400;

/** privacy@ the host people reach Vitalia at. */
export function defaultPrivacyContact(publicUrl: string): string {
  return `privacy@${new URL(publicUrl).hostname}`;
}

/** The pickup place of the demonstration store: invented, and said to be so. */
export const demoPickup = {
  address: 'Vitalia demo store, 14 Admiralty Way, Lekki Phase 1, Lagos (a demonstration address)',
  hours: 'Monday to Saturday, 09:00 to 18:00',
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Vitalia cannot start; fix these settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

/** Parses the environment once. Throws a ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv): AppConfig {
  // An empty variable is treated as unset, as shells and compose files often leave them.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const values = parsed.data;
  if (Boolean(values.LINKEDIN_CLIENT_ID) !== Boolean(values.LINKEDIN_CLIENT_SECRET)) {
    throw new ConfigError([
      'LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET: set both to turn on LinkedIn sign-in, or neither',
    ]);
  }
  const clientIds = (values.OAUTH_CLIENTS ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => pair.slice(0, pair.indexOf(':')));
  if (clientIds.includes(webClientId)) {
    throw new ConfigError([
      `OAUTH_CLIENTS: ${webClientId} is the web app, a public client without a secret; give the doctors' app an id of its own`,
    ]);
  }
  const repeated = clientIds.find((id, index) => clientIds.indexOf(id) !== index);
  if (repeated) {
    throw new ConfigError([`OAUTH_CLIENTS: ${repeated} is listed twice; list each client once`]);
  }
  if (values.NODE_ENV === 'production' && !values.JWT_SECRET) {
    throw new ConfigError([
      `JWT_SECRET: required in production, at least ${minimumSecretLength} characters (try: openssl rand -base64 48)`,
    ]);
  }
  if (values.NODE_ENV === 'production' && !values.STORE_PICKUP_ADDRESS) {
    throw new ConfigError([
      'STORE_PICKUP_ADDRESS: required in production, the address where customers collect pickup orders (every order may be picked up), e.g. "14 Admiralty Way, Lekki Phase 1, Lagos"',
    ]);
  }
  if (values.NODE_ENV === 'production' && values.ACCOUNT_DELETION_GRACE < 86_400) {
    throw new ConfigError([
      'ACCOUNT_DELETION_GRACE: must be at least 1d in production (people are told they can restore their account during it)',
    ]);
  }
  if (values.NODE_ENV === 'production' && values.TEST_HOOKS) {
    throw new ConfigError([
      'TEST_HOOKS: only for the browser tests; it cannot be true with NODE_ENV=production',
    ]);
  }
  return {
    nodeEnv: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    publicUrl: values.PUBLIC_URL ?? `http://localhost:${values.PORT}`,
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    jwtSecret: values.JWT_SECRET,
    webDistDir: values.WEB_DIST_DIR ? path.resolve(values.WEB_DIST_DIR) : undefined,
    oauthClients: parseClients(values.OAUTH_CLIENTS),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    store: {
      currency: values.STORE_CURRENCY,
      vatRatePercent: values.STORE_VAT_RATE,
      locale: values.STORE_LOCALE,
      pickup: {
        // Outside production a demonstration address stands in, so that `npm start` shows it.
        address: values.STORE_PICKUP_ADDRESS ?? demoPickup.address,
        hours: values.STORE_PICKUP_HOURS ?? demoPickup.hours,
      },
      unconfirmedOrderHours: values.STORE_UNCONFIRMED_ORDER_HOURS,
    },
    apiDocs: values.API_DOCS,
    emergency: { number: values.EMERGENCY_NUMBER, crisisLine: values.CRISIS_LINE ?? null },
    linkedin:
      values.LINKEDIN_CLIENT_ID && values.LINKEDIN_CLIENT_SECRET
        ? {
            issuer: values.LINKEDIN_ISSUER,
            clientId: values.LINKEDIN_CLIENT_ID,
            clientSecret: values.LINKEDIN_CLIENT_SECRET,
          }
        : undefined,
    testHooks: values.TEST_HOOKS,
    privacyContact:
      values.PRIVACY_CONTACT ??
      defaultPrivacyContact(values.PUBLIC_URL ?? `http://localhost:${values.PORT}`),
    accountDeletionGraceSeconds: values.ACCOUNT_DELETION_GRACE,
  };
}

function parseClients(list: string | undefined): Record<string, string> {
  if (!list) return {};
  return Object.fromEntries(
    list.split(',').map((pair) => {
      const separator = pair.indexOf(':');
      return [pair.slice(0, separator), pair.slice(separator + 1)];
    }),
  );
}

const secretsFileName = 'secrets.json';

/**
 * Outside production a missing signing secret is generated once and kept in DATA_DIR, so that a
 * restart does not sign everybody out. The file is readable by its owner only.
 */
export function withSigningSecret(config: AppConfig): AppConfig {
  if (config.jwtSecret) return config;
  if (config.nodeEnv === 'production') {
    throw new ConfigError(['JWT_SECRET: required in production']);
  }
  const file = path.join(config.dataDir, secretsFileName);
  fs.mkdirSync(config.dataDir, { recursive: true });
  const existing = readSecretsFile(file);
  if (existing) return { ...config, jwtSecret: existing };
  const generated = crypto.randomBytes(48).toString('base64url');
  try {
    // 'wx' refuses to overwrite: when two processes start at once, the second reads the first's.
    fs.writeFileSync(file, JSON.stringify({ jwtSecret: generated }), { flag: 'wx', mode: 0o600 });
    return { ...config, jwtSecret: generated };
  } catch (error) {
    const raced = readSecretsFile(file);
    if (raced) return { ...config, jwtSecret: raced };
    throw error;
  }
}

function readSecretsFile(file: string): string | undefined {
  if (!fs.existsSync(file)) return undefined;
  const content: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  const parsed = z.object({ jwtSecret: z.string().min(minimumSecretLength) }).safeParse(content);
  if (!parsed.success) {
    throw new ConfigError([
      `${file}: is damaged; delete it to generate a new signing secret (everyone will be signed out)`,
    ]);
  }
  return parsed.data.jwtSecret;
}
