// The valid share of the fuzzer (issue 17, 'How it is checked'): for every operation of the OpenAPI
// document, requests its handler should accept, so that handlers run on valid-shaped input and not
// only on what validation turns away. Values come from the request schemas (enums, formats,
// lengths, ranges, patterns, required fields); what a schema cannot say (diastolic below systolic,
// the measurement limits, a strong password, an unused email, stock, a token only a mail holds)
// is in one table, `validRequestHints`, below. What a hint needs from the running server (an id
// the run made, a fresh account, a reset link) is fetched when the request is sent, through `Run`.
import crypto from 'node:crypto';
import fc from 'fast-check';
import { TOTP } from 'otpauth';
import { READING_LIMITS, type ReadingLimit } from '@vitalia/health/measurement-limits.catalog';
import { MOOD_VALUES } from '@vitalia/health/mood.measure';
import { articleLimits, STOCK_COVERS, stockCoverPath } from '@vitalia/api/education.contract';
import { HEALTH_TAGS, TAG_RULES } from '@vitalia/api/records.contract';
import { fulfilments, orderTransitions, type OrderStatus } from '@vitalia/api/store.contract';
import { typesOf, type JsonSchema, type Operation } from './openapi-fuzz.ts';

// ---------------------------------------------------------------------------------------------
// Values a schema accepts

const alphanumeric = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Letters and digits: never blank after a trim, whatever the field does with spaces. */
function plainText(minLength: number, maxLength: number): fc.Arbitrary<string> {
  return fc.string({ unit: fc.constantFrom(...alphanumeric), minLength, maxLength });
}

/** Instants in the past, fixed so that a seed always draws the same ones. */
const pastInstant = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2025-01-01T00:00:00Z') })
  .filter((date) => !Number.isNaN(date.getTime()))
  .map((date) => date.toISOString());

const uniqueEmail = fc.uuid({ version: 4 }).map((id) => `fuzz.${id}@example.com`);

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = Math.min(schema.minLength ?? 0, 200);
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  if (schema.format === 'uuid') return fc.uuid({ version: 4 });
  if (schema.format === 'date-time') return pastInstant;
  if (schema.format === 'email') return uniqueEmail;
  if (schema.pattern) {
    const length = { min: minLength, max: schema.maxLength ?? Infinity };
    return fc
      .stringMatching(new RegExp(schema.pattern), { size: 'small' })
      .filter((value) => value.length >= length.min && value.length <= length.max);
  }
  return plainText(minLength, maxLength);
}

/** A value the schema accepts: every required field, some optional ones, no others. */
export function validValue(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((entry) => validValue(entry, depth)));
  }
  const types = typesOf(schema);
  if (types.length === 0) return fc.constant(null);
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'string':
          return validString(schema);
        case 'integer':
        case 'number':
          return fc.integer({
            min: Math.ceil(Math.max(schema.minimum ?? 0, -(2 ** 31))),
            max: Math.floor(Math.min(schema.maximum ?? 1_000_000, 2 ** 31 - 1)),
          });
        case 'boolean':
          return fc.boolean();
        case 'array': {
          const minLength = Math.min(schema.minItems ?? 0, 3);
          const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 3, 3));
          return fc.array(validValue(schema.items ?? {}, depth + 1), { minLength, maxLength });
        }
        case 'object': {
          const required = new Set(schema.required ?? []);
          const fields = Object.entries(schema.properties ?? {});
          return fc.record(
            Object.fromEntries(fields.map(([key, value]) => [key, validValue(value, depth + 1)])),
            { requiredKeys: fields.map(([key]) => key).filter((key) => required.has(key)) },
          );
        }
        default:
          return fc.constant(null);
      }
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// What a valid request is, before and after the run fills it in

/**
 * Who sends it: nobody, the run's USER or ADMIN, or a USER or ADMIN account made for this request
 * (for what is limited per account, such as uploads, or changes the account, such as passwords).
 */
export type ValidCaller = 'anonymous' | 'user' | 'admin' | 'fresh' | 'fresh admin';

/** A valid request as generated: plain data, filled in from the run when it is sent. */
export interface ValidPlan {
  operation: string;
  method: string;
  path: string;
  caller: ValidCaller;
  pathParams: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** A JSON value, or `multipart` for an image upload; undefined for none. */
  body: unknown;
  bodyType: 'json' | 'form' | 'multipart' | 'none';
  /** A number the hints use to choose among the rows the run has made. */
  pick: number;
}

export interface Account {
  username: string;
  password: string;
  token: string;
  refreshToken: string;
}

export interface SetupAnswer {
  status: number;
  body: Record<string, unknown>;
  /** The `name=value` of every cookie the answer set. */
  cookies: string[];
  location: string | null;
}

export interface Order {
  id: string;
  fulfilment: 'delivery' | 'pickup';
  status: OrderStatus;
}

/** What the run has made so far, by kind; hints take path ids and cart lines from here. */
export interface Rows {
  /** The USER's readings: id to tag. */
  readings: Map<string, string>;
  articles: string[];
  /** Published articles: id to slug. */
  published: Map<string, string>;
  products: Array<{ id: string; shippings: string[] }>;
  orders: Order[];
  avatars: string[];
  /** Uploaded covers and product images by article and product: a new upload replaces one. */
  covers: Map<string, string>;
  productImages: Map<string, string>;
}

export type RowKind =
  'reading' | 'article' | 'published' | 'product' | 'order' | 'avatar' | 'cover' | 'productImage';

/** The running server as the hints see it; fuzz-driver.ts implements it. */
export interface Run {
  rows: Rows;
  user: Account;
  admin: Account;
  /** A USER account registered just now, signed in. */
  fresh(): Promise<Account>;
  /** An ADMIN made just now as `npm run user:create` makes one, signed in. */
  freshAdmin(): Promise<Account>;
  /** A call made to set a request up; not counted as fuzzing. */
  call(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<SetupAnswer>;
  /** A new sign-in of an account, from an address of its own. */
  signIn(account: Pick<Account, 'username' | 'password'>): Promise<SetupAnswer>;
  /** Marks an address confirmed, as its owner opening the mailed link would. */
  confirmAddress(username: string): Promise<void>;
  /** The unsubscribe token of a reminder of the USER's, set just now, as its mail would carry it. */
  reminderToken(): Promise<string>;
  /** The id of a mail that failed every try, made just now. */
  deadMail(): Promise<string>;
  /** The secret in the newest mail to `to` whose text matches `pattern` (its first group). */
  mailed(to: string, pattern: RegExp): Promise<string>;
  /** Makes a row of this kind when the run has none yet. */
  need(kind: RowKind): Promise<void>;
  /** The LinkedIn stand-in, when the server has one; its flows run one at a time. */
  linkedin?: LinkedInStandIn;
}

export interface LinkedInStandIn {
  issuer: string;
  /** Plays the person at the provider: from an authorization URL to the redirect back. */
  authorize(subject: string, claims: Record<string, unknown>, url: string): Promise<URL>;
  /** An access token the provider issued for this person, as the mobile app would hold. */
  accessToken(subject: string, claims: Record<string, unknown>): Promise<string>;
}

/** Thrown when a request cannot be set up, e.g. LinkedIn is not configured. */
export class NotApplicable extends Error {}

function expectStatus(answer: SetupAnswer, status: number, what: string): SetupAnswer {
  if (answer.status !== status) {
    throw new Error(
      `setting up ${what}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`,
    );
  }
  return answer;
}

function chosen<T>(items: readonly T[], pick: number): T | undefined {
  return items.length === 0 ? undefined : items[pick % items.length];
}

// ---------------------------------------------------------------------------------------------
// The hints: what a schema cannot say, one entry per operation that needs one

interface OperationHint {
  /** Who may call it, when the document's security and 403 do not say enough. */
  caller?: ValidCaller;
  /** The body, query or headers drawn when the request is generated, over the schema's draw. */
  body?: (schemaValid: Record<string, unknown>) => fc.Arbitrary<unknown>;
  query?: fc.Arbitrary<Record<string, string>>;
  headers?: fc.Arbitrary<Record<string, string>>;
  bodyType?: ValidPlan['bodyType'];
  /** Fills in, when sent, what only the run knows; answers the token to send, if not the caller's. */
  prepare?: (plan: ValidPlan, run: Run, caller: Account | undefined) => Promise<string | void>;
  /** Keeps what an accepted answer made, for later requests. */
  remember?: (answer: Record<string, unknown>, rows: Rows) => void;
}

const timeZones = fc.constantFrom(
  'Africa/Lagos',
  'Europe/London',
  'America/New_York',
  'Asia/Tokyo',
  'UTC',
);
const reminderBody = fc.record({
  days: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
  time: fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
  timeZone: timeZones,
});

const passphrase = fc
  .tuple(
    fc.array(fc.constantFrom('amber', 'river', 'copper', 'lantern', 'meadow', 'quartz', 'tiger'), {
      minLength: 3,
      maxLength: 5,
    }),
    fc.integer({ min: 10, max: 9999 }),
  )
  .map(([words, number]) => `${words.join(' ')} ${number}`);

/** A value within a measurement limit, in tenths, so that edges are drawn too. */
function within(limit: ReadingLimit, below?: number): fc.Arbitrary<number> {
  const max = Math.floor(Math.min(limit.max, below ?? Infinity) * 10);
  return fc.integer({ min: Math.ceil(limit.min * 10), max }).map((tenths) => tenths / 10);
}

/** Sometimes as text: the contract takes numbers as numeric text too. */
const asSent = (value: number) =>
  fc.constantFrom<number | string>(value, String(value), ` ${value} `);

/** A reading of any tag, within packages/health/src/measurement-limits.catalog.ts. */
const validReading: fc.Arbitrary<Record<string, unknown>> = fc
  .constantFrom(...HEALTH_TAGS)
  .chain((tag): fc.Arbitrary<Record<string, unknown>> => {
    const rule = TAG_RULES[tag];
    if (rule.value === 'mood') {
      return fc.record({ Tag: fc.constant(tag), TagValue: fc.constantFrom(...MOOD_VALUES) });
    }
    if (rule.value === 'sugar') {
      return fc.oneof(
        fc.record({
          Tag: fc.constant(tag),
          TagValue: within(READING_LIMITS.sugar).chain(asSent),
          Unit: fc.constantFrom('mg/dL', null),
        }),
        fc.record({
          Tag: fc.constant(tag),
          TagValue: within(READING_LIMITS.sugarMmol).chain(asSent),
          Unit: fc.constant('mmol/L'),
        }),
      );
    }
    const first = within(READING_LIMITS[rule.value]);
    const second = rule.second;
    if (!second) return fc.record({ Tag: fc.constant(tag), TagValue: first.chain(asSent) });
    return first.chain((value) =>
      fc.record({
        Tag: fc.constant(tag),
        TagValue: asSent(value),
        // Diastolic below systolic; FEV1 and FEV2 each within their own limits.
        MinTagValue: within(
          READING_LIMITS[second.limit],
          rule.value === 'systolic' ? value - 0.1 : undefined,
        ).chain(asSent),
        MinTag: fc.constantFrom(second.minTag, null),
      }),
    );
  });

const readingBody = (schemaValid: Record<string, unknown>) =>
  validReading.map((reading) => {
    const { Unit: _unit, MinTag: _minTag, MinTagValue: _minTagValue, ...rest } = schemaValid;
    return { ...rest, ...reading };
  });

const articleBody = (schemaValid: Record<string, unknown>) =>
  fc
    .record({
      slug: fc.uuid({ version: 4 }).map((id) => `fuzz-${id}`),
      body: plainText(1, 200),
      sources: fc.array(
        fc.record({
          name: plainText(1, 40),
          url: plainText(1, 20).map((path) => `https://example.org/${path}`),
        }),
        { maxLength: 3 },
      ),
      coverImage: fc.option(fc.constantFrom(...STOCK_COVERS).map(stockCoverPath)),
    })
    .map((fields) => ({ ...schemaValid, ...fields }));

/** The contract's highest price: orders of several such lines pass 2^31 minor units. */
const dearestPrice = 1_000_000_000;

const productBody = (schemaValid: Record<string, unknown>) =>
  fc
    .record({
      slug: fc.uuid({ version: 4 }).map((id) => `fuzz-${id}`),
      // Sold and in stock, so that carts and orders can use it.
      active: fc.constant(true),
      stock: fc.integer({ min: 10_000, max: 1_000_000 }),
      price: fc.integer({ min: 0, max: dearestPrice }),
    })
    .map((fields) => ({ ...schemaValid, ...fields }));

const cartLines = fc.record({
  fulfilment: fc.constantFrom(...fulfilments),
  lines: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 3 }), fc.nat()), {
    minLength: 1,
    maxLength: 3,
  }),
});

/** Lines of products the run made, with one of each product's own shipping options. */
async function fillCart(plan: ValidPlan, run: Run) {
  await run.need('product');
  const drawn = plan.body as { fulfilment: string; lines: Array<[number, number, number]> };
  const seen = new Set<string>();
  const items = [];
  for (const [which, count, shipping] of drawn.lines) {
    const product = chosen(run.rows.products, which);
    if (!product || seen.has(product.id)) continue;
    seen.add(product.id);
    items.push({
      productID: product.id,
      count,
      ...(drawn.fulfilment === 'delivery'
        ? { shippingCostID: chosen(product.shippings, shipping) }
        : {}),
    });
  }
  return { items, fulfilment: drawn.fulfilment };
}

const contact = fc.record({
  firstName: plainText(1, 20),
  surname: plainText(1, 20),
  phone: fc.integer({ min: 1_000_000, max: 999_999_999 }).map((digits) => `+234 ${digits}`),
  email: uniqueEmail,
});
const delivery = fc.record({
  address: plainText(1, 40),
  city: plainText(1, 20),
  state: plainText(1, 20),
});

/** The file name in an upload's path, as the profile, article or product answers it. */
function uploadedName(path: unknown, prefix: string): string | undefined {
  return typeof path === 'string' && path.startsWith(prefix)
    ? path.slice(prefix.length)
    : undefined;
}

async function twoFactorOn(
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

const person = fc.record({
  subject: fc.uuid({ version: 4 }).map((id) => `fuzz-${id}`),
  claims: fc.record({
    given_name: plainText(1, 12),
    family_name: plainText(1, 12),
    email_verified: fc.boolean(),
  }),
});

type Person = { subject: string; claims: Record<string, unknown> };

function linkedinOf(run: Run): LinkedInStandIn {
  if (!run.linkedin) throw new NotApplicable('LinkedIn is not configured on this server');
  return run.linkedin;
}

/** A cursor is valid only as the server gave it: pages are asked for from the first. */
const noCursor: OperationHint = {
  prepare: async (plan) => {
    delete plan.query.cursor;
  },
};

/** Pages of articles are at most `articleLimits.page.max` long, which the document leaves out. */
const articlePage: OperationHint = {
  prepare: async (plan, run) => {
    await noCursor.prepare!(plan, run, undefined);
    if (plan.query.limit !== undefined) {
      plan.query.limit = String(1 + (Number(plan.query.limit) % articleLimits.page.max));
    }
  },
};

/**
 * Per operation (`METHOD /path` as the document names it): what a valid request needs beyond its
 * schema. Operations missing here are made valid from their schema alone.
 */
export const validRequestHints: Record<string, OperationHint> = {
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
  'POST /api/v1/identity/email/verify': {
    prepare: async (plan, run) => {
      const account = await run.fresh();
      plan.body = {
        token: await run.mailed(account.username, /verify\/email#token=([A-Za-z0-9_-]+)/),
      };
    },
  },
  'POST /api/v1/identity/email/verify/resend': { caller: 'fresh' },
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
  'GET /api/v1/identity/social/linkedin/start': {
    query: fc.record(
      { redirect: plainText(0, 20).map((path) => `/${path}`) },
      { requiredKeys: [] },
    ),
    prepare: async (_plan, run) => {
      linkedinOf(run);
    },
  },
  'GET /api/v1/identity/social/linkedin/access/{code}': {
    // The person drawn rides in `body` until the request is sent, which has none.
    body: () => person,
    bodyType: 'none',
    prepare: async (plan, run) => {
      const linkedin = linkedinOf(run);
      const { subject, claims } = plan.body as Person;
      plan.body = undefined;
      const started = expectStatus(
        await run.call('GET', '/api/v1/identity/social/linkedin/start?redirect=%2Fhealths'),
        302,
        'a LinkedIn sign-in',
      );
      const back = await linkedin.authorize(
        subject,
        { ...claims, email: `${subject}@example.com` },
        started.location!,
      );
      plan.pathParams.code = back.searchParams.get('code')!;
      plan.query = { state: back.searchParams.get('state')!, iss: linkedin.issuer };
      plan.headers.cookie = started.cookies.join('; ');
    },
  },
  'POST /api/v1/identity/login/social': {
    body: () => fc.record({ person, Social: fc.constantFrom('linkedin', 'LinkedIn', 'LINKEDIN') }),
    prepare: async (plan, run) => {
      const linkedin = linkedinOf(run);
      const drawn = plan.body as { person: Person; Social: string };
      const { subject, claims } = drawn.person;
      const email = `${subject}@example.com`;
      plan.body = {
        AccessToken: await linkedin.accessToken(subject, { ...claims, email }),
        Social: drawn.Social,
        UserID: subject,
        ...(plan.pick % 2 === 0 ? { Email: email } : {}),
      };
    },
  },
  'POST /api/v1/identity/social/linkedin/connect': {
    caller: 'fresh',
    prepare: async (plan, run, caller) => {
      linkedinOf(run);
      plan.body = { password: caller!.password };
    },
  },
  'POST /api/v1/identity/social/linkedin/link': {
    caller: 'fresh',
    body: () => person,
    prepare: async (plan, run, caller) => {
      const linkedin = linkedinOf(run);
      const { subject, claims } = plan.body as Person;
      const started = expectStatus(
        await run.call('POST', '/api/v1/identity/social/linkedin/connect', {
          token: caller!.token,
          body: { password: caller!.password },
        }),
        200,
        'a LinkedIn connection',
      );
      const back = await linkedin.authorize(
        subject,
        { ...claims, email: `${subject}@example.com` },
        String(started.body.url),
      );
      plan.headers.cookie = started.cookies.join('; ');
      plan.body = {
        code: back.searchParams.get('code'),
        state: back.searchParams.get('state'),
        iss: linkedin.issuer,
      };
    },
  },
  'POST /o/token/': {
    body: () => fc.constant({ grant_type: 'refresh_token' }),
    prepare: async (plan, run) => {
      // A session of its own: each refresh token works once.
      const signedIn = expectStatus(await run.signIn(run.user), 200, 'a session to refresh');
      plan.body = { grant_type: 'refresh_token', refresh_token: signedIn.body.refreshToken };
      plan.bodyType = plan.pick % 2 === 0 ? 'form' : 'json';
      plan.headers.authorization = `Basic ${Buffer.from('vitalia-web:').toString('base64')}`;
    },
  },
  'POST /api/v1/records/health': {
    body: readingBody,
    remember: (answer, rows) => {
      rows.readings.set(String(answer.id), String(answer.tag));
    },
  },
  'GET /api/v1/records/health': {
    // A tag the run has readings of; without any, the answer is 404.
    prepare: async (plan, run) => {
      await run.need('reading');
      plan.query.tag = chosen([...run.rows.readings.values()], plan.pick)!;
    },
  },
  'GET /api/v1/records/health/{id}': {
    prepare: async (plan, run) => {
      await run.need('reading');
      plan.pathParams.id = chosen([...run.rows.readings.keys()], plan.pick)!;
    },
  },
  'PUT /api/v1/records/health/{id}': {
    body: readingBody,
    prepare: async (plan, run) => {
      await run.need('reading');
      plan.pathParams.id = chosen([...run.rows.readings.keys()], plan.pick)!;
    },
    remember: (answer, rows) => {
      if (rows.readings.has(String(answer.id))) {
        rows.readings.set(String(answer.id), String(answer.tag));
      }
    },
  },
  'DELETE /api/v1/records/health/{id}': {
    prepare: async (plan, run) => {
      await run.need('reading');
      // Taken out of the pool, so that no later request aims at a reading already gone.
      const id = chosen([...run.rows.readings.keys()], plan.pick)!;
      run.rows.readings.delete(id);
      plan.pathParams.id = id;
    },
  },
  'GET /api/v1/records/healths': {
    // `from` before `to`.
    query: fc
      .record(
        {
          order: fc.constantFrom('ASC', 'DESC', 'asc', 'desc'),
          tag: fc.constantFrom(...HEALTH_TAGS, 'FEV1'),
          span: fc.tuple(pastInstant, pastInstant),
          limit: fc.integer({ min: 1, max: 100 }).map(String),
        },
        { requiredKeys: [] },
      )
      .map(({ span, ...query }) => {
        if (!span || span[0] === span[1]) return query;
        const [from, to] = [...span].sort();
        return { ...query, from: from!, to: to! };
      }),
  },
  'GET /api/v1/education/articles': articlePage,
  'GET /api/v1/education/admin/articles': articlePage,
  'GET /api/v1/store/products': noCursor,
  'GET /api/v1/store/admin/products': noCursor,
  'GET /api/v1/education/articles/{slug}': {
    prepare: async (plan, run) => {
      await run.need('published');
      plan.pathParams.slug = chosen([...run.rows.published.values()], plan.pick)!;
    },
  },
  'POST /api/v1/education/admin/articles': {
    body: articleBody,
    remember: (answer, rows) => {
      if (typeof answer.id === 'string') rows.articles.push(answer.id);
    },
  },
  'GET /api/v1/education/admin/articles/{id}': { prepare: anArticle },
  'PUT /api/v1/education/admin/articles/{id}': {
    body: articleBody,
    prepare: anArticle,
    remember: (answer, rows) => {
      const id = String(answer.id);
      if (rows.published.has(id)) rows.published.set(id, String(answer.slug));
      // A new cover replaces the uploaded one, whose file is then gone.
      if (!uploadedName(answer.coverImage, '/uploads/covers/')) rows.covers.delete(id);
    },
  },
  'DELETE /api/v1/education/admin/articles/{id}': {
    prepare: async (plan, run) => {
      await run.need('article');
      const [id] = run.rows.articles.splice(plan.pick % run.rows.articles.length, 1);
      run.rows.published.delete(id!);
      run.rows.covers.delete(id!);
      plan.pathParams.id = id!;
    },
  },
  // Reminders and summaries need a confirmed address: a person of their own who has confirmed it.
  'PUT /api/v1/reminders/{measure}': {
    caller: 'fresh',
    body: () => reminderBody,
    prepare: async (_plan, run, caller) => run.confirmAddress(caller!.username),
  },
  'PUT /api/v1/reminders/weekly-summary': {
    caller: 'fresh',
    body: () => fc.record({ timeZone: timeZones }),
    prepare: async (_plan, run, caller) => run.confirmAddress(caller!.username),
  },
  'DELETE /api/v1/reminders/{measure}': {
    caller: 'fresh',
    prepare: async (plan, run, caller) => {
      await run.confirmAddress(caller!.username);
      const measure = plan.pathParams.measure!;
      expectStatus(
        await run.call('PUT', `/api/v1/reminders/${measure}`, {
          token: caller!.token,
          body: { days: [1], time: '08:00', timeZone: 'Africa/Lagos' },
        }),
        200,
        'a reminder to remove',
      );
    },
  },
  'POST /api/v1/reminders/unsubscribe/{token}': {
    caller: 'anonymous',
    bodyType: 'form',
    body: () => fc.constant({ 'List-Unsubscribe': 'One-Click' }),
    prepare: async (plan, run) => {
      plan.pathParams.token = await run.reminderToken();
    },
  },
  'POST /api/v1/admin/mail/failed/{id}/retry': {
    caller: 'admin',
    prepare: async (plan, run) => {
      plan.pathParams.id = await run.deadMail();
    },
  },
  'POST /api/v1/education/admin/articles/{id}/publish': {
    prepare: anArticle,
    remember: (answer, rows) => {
      rows.published.set(String(answer.id), String(answer.slug));
    },
  },
  'POST /api/v1/education/admin/articles/{id}/unpublish': {
    prepare: anArticle,
    remember: (answer, rows) => {
      rows.published.delete(String(answer.id));
    },
  },
  'POST /api/v1/education/admin/articles/{id}/cover': {
    caller: 'fresh admin',
    bodyType: 'multipart',
    prepare: anArticle,
    remember: (answer, rows) => {
      const name = uploadedName(answer.coverImage, '/uploads/covers/');
      if (name) rows.covers.set(String(answer.id), name);
    },
  },
  'GET /uploads/covers/{name}': {
    prepare: async (plan, run) => {
      await run.need('cover');
      plan.pathParams.name = chosen([...run.rows.covers.values()], plan.pick)!;
    },
  },
  'GET /api/v1/store/products/{id}': { prepare: aProduct },
  'POST /api/v1/store/cart/quote': {
    body: () => cartLines,
    prepare: async (plan, run) => {
      plan.body = await fillCart(plan, run);
    },
  },
  'POST /api/v1/store/orders': {
    body: () => fc.record({ cart: cartLines, contact, delivery }),
    headers: fc.record({ 'idempotency-key': fc.uuid({ version: 4 }) }),
    prepare: async (plan, run) => {
      const drawn = plan.body as { cart: unknown; contact: unknown; delivery: unknown };
      const cart = await fillCart({ ...plan, body: drawn.cart }, run);
      plan.body = {
        ...cart,
        contact: drawn.contact,
        ...(cart.fulfilment === 'delivery' ? { delivery: drawn.delivery } : {}),
      };
    },
    remember: (answer, rows) => {
      rows.orders.push({
        id: String(answer.orderID),
        fulfilment: answer.fulfilment as Order['fulfilment'],
        status: answer.status as OrderStatus,
      });
    },
  },
  'POST /api/v1/store/admin/orders/{id}/payment': {
    caller: 'admin',
    prepare: async (plan, run) => {
      plan.pathParams.id = await freshOrder(run, run.user);
    },
  },
  'POST /api/v1/store/orders/{id}/cancel': {
    prepare: async (plan, run, caller) => {
      plan.pathParams.id = await freshOrder(run, caller!);
    },
  },
  'GET /api/v1/store/orders/{id}': {
    prepare: async (plan, run) => {
      await run.need('order');
      plan.pathParams.id = chosen(run.rows.orders, plan.pick)!.id;
    },
  },
  'GET /uploads/products/{name}': {
    prepare: async (plan, run) => {
      await run.need('productImage');
      plan.pathParams.name = chosen([...run.rows.productImages.values()], plan.pick)!;
    },
  },
  'POST /api/v1/store/admin/products': {
    body: productBody,
    remember: rememberProduct,
  },
  'PUT /api/v1/store/admin/products/{id}': {
    body: productBody,
    prepare: aProduct,
    remember: rememberProduct,
  },
  'POST /api/v1/store/admin/products/{id}/image': {
    caller: 'fresh admin',
    bodyType: 'multipart',
    prepare: aProduct,
    remember: (answer, rows) => {
      const name = uploadedName(answer.productImage, '/uploads/products/');
      if (name) rows.productImages.set(String(answer.productID), name);
    },
  },
  'POST /api/v1/store/admin/orders/{id}/status': {
    body: () => fc.constant({ status: 'placed' }),
    prepare: async (plan, run) => {
      const movable = () =>
        run.rows.orders.filter((order) => orderTransitions[order.fulfilment][order.status]);
      if (movable().length === 0) await run.need('order');
      const order = chosen(movable(), plan.pick);
      if (!order) throw new Error('setting up an order move: no order can move');
      const next = orderTransitions[order.fulfilment][order.status]!;
      const to = chosen(next, Math.floor(plan.pick / 7))!;
      // Moved at once in the pool too, so that no other request tries the same move.
      order.status = to;
      plan.pathParams.id = order.id;
      plan.body = { status: to };
    },
  },
};

/** An order just placed for `account`: the run's other requests may have moved the others on. */
async function freshOrder(run: Run, account: Account): Promise<string> {
  await run.need('product');
  const placed = expectStatus(
    await run.call('POST', '/api/v1/store/orders', {
      token: account.token,
      headers: { 'idempotency-key': crypto.randomUUID() },
      body: {
        items: [{ productID: run.rows.products[0]!.id, count: 1 }],
        fulfilment: 'pickup',
        contact: {
          firstName: 'Fuzz',
          surname: 'Order',
          phone: '+234 800 000 0000',
          email: 'fuzz.order@example.com',
        },
      },
    }),
    201,
    'an order of its own',
  );
  return String(placed.body.orderID);
}

async function anArticle(plan: ValidPlan, run: Run) {
  await run.need('article');
  plan.pathParams.id = chosen(run.rows.articles, plan.pick)!;
}

async function aProduct(plan: ValidPlan, run: Run) {
  await run.need('product');
  plan.pathParams.id = chosen(run.rows.products, plan.pick)!.id;
}

function rememberProduct(answer: Record<string, unknown>, rows: Rows) {
  const id = String(answer.productID);
  const shippings = ((answer.shippings as Array<{ shippingCostID: string }>) ?? []).map(
    (option) => option.shippingCostID,
  );
  const known = rows.products.find((product) => product.id === id);
  if (known) known.shippings = shippings;
  else if (answer.active === true) rows.products.push({ id, shippings });
}

// ---------------------------------------------------------------------------------------------
// Generating them

function defaultCaller(operation: Operation): ValidCaller {
  if (operation.roleRestricted) return 'admin';
  return operation.secured ? 'user' : 'anonymous';
}

/** Valid requests for one operation, as plain data; the run fills them in when they are sent. */
export function validRequestsFor(operation: Operation): fc.Arbitrary<ValidPlan> {
  const key = `${operation.method} ${operation.path}`;
  const hint = validRequestHints[key] ?? {};
  const schemaBody = operation.body ? validValue(operation.body) : fc.constant(undefined);
  const body = schemaBody.chain((value) =>
    hint.body ? hint.body((value ?? {}) as Record<string, unknown>) : fc.constant(value),
  );
  const takesBody = ['POST', 'PUT', 'PATCH'].includes(operation.method);
  const bodyType: ValidPlan['bodyType'] =
    hint.bodyType ?? (takesBody && (operation.body || hint.body) ? 'json' : 'none');
  const fromSchema = (params: Operation['queryParams']) =>
    fc.record(
      Object.fromEntries(
        params.map(({ name, schema }) => [
          name,
          validValue(schema).map((value) =>
            typeof value === 'string' ? value : JSON.stringify(value),
          ),
        ]),
      ),
      { requiredKeys: params.filter((param) => param.required).map((param) => param.name) },
    ) as fc.Arbitrary<Record<string, string>>;
  return fc
    .record({
      pathParams: fromSchema(operation.pathParams.map((param) => ({ ...param, required: true }))),
      query: hint.query ?? fromSchema(operation.queryParams),
      headers: hint.headers ?? fromSchema(operation.headerParams),
      body,
      pick: fc.nat({ max: 1_000_000 }),
    })
    .map((drawn): ValidPlan => ({
      operation: key,
      method: operation.method,
      path: operation.path,
      caller: hint.caller ?? defaultCaller(operation),
      bodyType,
      ...drawn,
      headers: { ...drawn.headers },
    }));
}

/** The hint of an operation, for the driver. */
export function hintFor(operation: string): OperationHint {
  return validRequestHints[operation] ?? {};
}
