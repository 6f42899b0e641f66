// Runs the hostile-input fuzzer against a test server: raw HTTP, so that request lines, methods
// and headers a browser's fetch would refuse still reach the server; each request bounded in time;
// each answer checked against the error model; errors the server logs reported with the rest.
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { runUserCommand } from '../../features/identity/staff-accounts.ts';
import { mailQueue } from '../../plugins/mailer.ts';
import { users } from '../../db/schema/identity.table.ts';
import { reminders } from '../../db/schema/reminders.table.ts';
import { UnsubscribeTokens } from '../../features/reminders/reminders.service.ts';
import type { TestApp } from '../test-app.ts';
import {
  contractBreach,
  encodeComponent,
  multipart,
  operationsOf,
  requestsFor,
  tinyPng,
  type Answer,
  type FuzzRequest,
  type OpenApiDocument,
} from './openapi-fuzz.ts';
import {
  hintFor,
  NotApplicable,
  validRequestsFor,
  type Account,
  type LinkedInStandIn,
  type RowKind,
  type Rows,
  type Run,
  type SetupAnswer,
  type ValidPlan,
} from './valid-requests.ts';

export interface Violation {
  problem: string;
  operation: string;
  method: string;
  target: string;
  caller: string;
  bodyKind: string;
  /** The start of what was sent and what came back, enough to send it again by hand. */
  headers: Record<string, string>;
  body: string;
  status?: number;
  answer: string;
}

/** One operation's answers: accepted is 2xx (and 3xx, a redirect's success), refused 4xx. */
export interface OperationCounts {
  sent: number;
  accepted: number;
  refused: number;
  /** Of them, the requests made valid for the operation (valid-requests.ts), and how they fared. */
  validSent: number;
  validAccepted: number;
  /** Valid requests by status, to see why a valid one was refused. */
  validByStatus: Record<string, number>;
}

export interface FuzzReport {
  sent: number;
  /** Answers by status; `no answer` and `not sent` (Node's client refused it) beside them. */
  byStatus: Record<string, number>;
  violations: Violation[];
  /** How often a signed-in caller's session had ended and was started again. */
  sessionsRestarted: number;
  /** Answers by operation and status, to see how deep the run got into each. */
  byOperation: Record<string, Record<string, number>>;
  /** Sent, accepted and refused by operation, every operation of the document listed. */
  operations: Record<string, OperationCounts>;
  /** Time spent waiting for answers, by operation, and the slowest single answer. */
  msByOperation: Record<string, number>;
  slowest: { operation: string; target: string; ms: number };
  elapsedMs: number;
}

export interface FuzzOptions {
  requests: number;
  seed: number;
  /** Requests in flight at once. */
  concurrency?: number;
  /** An answer slower than this is a hang. */
  timeoutMs?: number;
  /** The LinkedIn stand-in the server is configured with (fuzz-server.ts), if any. */
  linkedin?: LinkedInStandIn;
  onProgress?: (report: FuzzReport) => void;
}

interface Caller extends Account {
  signedInAt: number;
}

type Outcome = Answer | { failure: string } | { notSent: string };

const uuidPattern = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

function decoded(body: Buffer, encoding: string | undefined): string {
  try {
    if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
    if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
    if (encoding === 'deflate') return zlib.inflateSync(body).toString('utf8');
  } catch {
    return `(undecodable ${encoding} body)`;
  }
  return body.toString('utf8');
}

function send(
  base: URL,
  method: string,
  target: string,
  headers: Record<string, string>,
  body: Buffer | undefined,
  timeoutMs: number,
): Promise<Outcome> {
  let request: http.ClientRequest;
  try {
    request = http.request({
      host: base.hostname,
      port: base.port,
      method,
      path: target,
      headers: body ? { ...headers, 'content-length': String(body.length) } : headers,
      // A connection of its own: a socket the server has just closed is never handed on.
      agent: false,
    });
  } catch (error) {
    return Promise.resolve({ notSent: (error as Error).message });
  }
  return new Promise((resolve) => {
    let settled = false;
    let answered = false;
    const timer = setTimeout(() => {
      settle({ failure: `no answer within ${timeoutMs} ms` });
      request.destroy();
    }, timeoutMs);
    function settle(outcome: Outcome) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    }
    request.on('response', (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        settle({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: decoded(Buffer.concat(chunks), response.headers['content-encoding']),
        }),
      );
      response.on('error', (error) => settle({ failure: `answer cut off: ${error.message}` }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      // A server may answer (413, say) and close before it has read the whole body; writing the
      // rest then fails, which is no fault of the answer already received.
      if (answered) return;
      settle({ failure: `connection failed with no answer: ${error.code ?? error.message}` });
    });
    request.end(body);
  });
}

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

async function signIn(
  server: TestApp,
  account: Pick<Caller, 'username' | 'password'>,
): Promise<Caller> {
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

/** A registered USER and an ADMIN made the way `npm run user:create` makes one, signed in. */
async function signedInCallers(server: TestApp): Promise<{ user: Caller; admin: Caller }> {
  const password = 'fuzzing is a sound passphrase 7';
  const stamp = `${process.pid}.${Date.now()}`;
  const user = { username: `fuzz.user.${stamp}@example.com`, password };
  const registered = await jsonCall(
    server,
    'POST',
    '/api/v1/identity/register',
    { Username: user.username, Password: password },
    { 'x-forwarded-for': '192.0.2.11' },
  );
  if (registered.status !== 201) {
    throw new Error(`The fuzzer could not register: ${JSON.stringify(registered.body)}`);
  }
  const admin = { username: `fuzz.admin.${stamp}@example.com`, password };
  await runUserCommand(
    'create',
    ['--email', admin.username, '--role', 'ADMIN'],
    server.app.database.db,
    {
      readPassword: async () => password,
      print: () => undefined,
    },
  );
  return { user: await signIn(server, user), admin: await signIn(server, admin) };
}

/** A reading, an article and a product, so that some path ids name rows that exist. */
async function seedRows(server: TestApp, user: Caller, admin: Caller): Promise<string[]> {
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

function targetOf(request: FuzzRequest, operationPath: string, knownIds: string[]): string {
  const path = operationPath.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = request.pathParams[name];
    if (!value) return '';
    if ('raw' in value) return value.raw;
    return (
      knownIds[value.knownId % Math.max(knownIds.length, 1)] ??
      '00000000-0000-4000-8000-000000000000'
    );
  });
  return `${path}${request.query}`;
}

/** Quoted-printable as nodemailer writes it: soft line breaks and =XX escapes undone. */
function unquoted(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The server and what the run has made, as the hints of valid-requests.ts use them. */
class FuzzRun implements Run {
  rows: Rows = {
    readings: new Map(),
    articles: [],
    published: new Map(),
    products: [],
    orders: [],
    avatars: [],
    covers: new Map(),
    productImages: new Map(),
  };
  private made = 0;
  private readonly needed = new Map<RowKind, Promise<void>>();

  constructor(
    private readonly server: TestApp,
    private readonly callers: { user: Caller; admin: Caller },
    readonly linkedin: LinkedInStandIn | undefined,
  ) {}

  get user(): Account {
    return this.callers.user;
  }

  get admin(): Account {
    return this.callers.admin;
  }

  /** A new number for names and addresses this run makes. */
  next(): number {
    this.made += 1;
    return this.made;
  }

  /** An address of its own (10.0.0.0/8), so that no per-address limit is reached. */
  address(): string {
    const n = this.next();
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  }

  async call(
    method: string,
    target: string,
    options: {
      body?: unknown;
      token?: string;
      headers?: Record<string, string>;
      upload?: boolean;
    } = {},
  ): Promise<SetupAnswer> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.address() };
    let body: Uint8Array | string | undefined;
    if (options.upload) {
      headers['content-type'] = 'multipart/form-data; boundary=fuzzboundary';
      body = new Uint8Array(multipart('fuzzboundary', 'file', tinyPng, 'tiny.png'));
    } else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await this.server.request(target, {
      method,
      redirect: 'manual',
      headers: { ...headers, ...options.headers },
      body,
    });
    const text = await response.text();
    let parsed: Record<string, unknown>;
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      parsed = { text };
    }
    return {
      status: response.status,
      body: parsed,
      cookies: response.headers.getSetCookie().map((line) => line.split(';')[0] ?? ''),
      location: response.headers.get('location'),
    };
  }

  signIn(account: Pick<Account, 'username' | 'password'>): Promise<SetupAnswer> {
    return this.call('POST', '/api/v1/identity/login', {
      body: { Username: account.username, password: account.password },
    });
  }

  async fresh(): Promise<Account> {
    const username = `fuzz.fresh.${process.pid}.${Date.now()}.${this.next()}@example.com`;
    const password = `fresh fuzzing passphrase ${this.next()}`;
    const answer = await this.call('POST', '/api/v1/identity/register', {
      body: { Username: username, Password: password },
    });
    if (answer.status !== 201) {
      throw new Error(`registering an account: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    return {
      username,
      password,
      token: String(answer.body.token),
      refreshToken: String(answer.body.refreshToken),
    };
  }

  async freshAdmin(): Promise<Account> {
    const username = `fuzz.admin.${process.pid}.${Date.now()}.${this.next()}@example.com`;
    const password = `fresh admin passphrase ${this.next()}`;
    await runUserCommand('create', ['--email', username, '--role', 'ADMIN'], this.database, {
      readPassword: async () => password,
      print: () => undefined,
    });
    const answer = await this.signIn({ username, password });
    if (answer.status !== 200) {
      throw new Error(`signing a new ADMIN in: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    return {
      username,
      password,
      token: String(answer.body.token),
      refreshToken: String(answer.body.refreshToken),
    };
  }

  private get database() {
    return this.server.app.database.db;
  }

  async reminderToken(): Promise<string> {
    // A person of its own: the run's other requests cannot remove this reminder meanwhile.
    const account = await this.fresh();
    await this.confirmAddress(account.username);
    const set = await this.call('PUT', '/api/v1/reminders/mood', {
      token: account.token,
      body: { days: [1, 2, 3], time: '20:00', timeZone: 'Africa/Lagos' },
    });
    if (set.status !== 200) throw new Error(`setting a reminder: ${set.status}`);
    const [row] = await this.database
      .select({ id: reminders.id })
      .from(reminders)
      .innerJoin(users, eq(users.id, reminders.userId))
      .where(and(eq(reminders.measure, 'mood'), eq(users.username, account.username)));
    if (!row) throw new Error(`the reminder just set for ${account.username} is not there`);
    return new UnsubscribeTokens(this.server.config.jwtSecret!).issue(row.id);
  }

  /** Marks an address confirmed, as its owner opening the mailed link would. */
  async confirmAddress(username: string): Promise<void> {
    await this.database
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.username, username));
  }

  async deadMail(): Promise<string> {
    // A job nobody can open, with no retry: the mail worker fails it at once, and it is dead.
    const { boss } = this.server.app.jobs;
    const id = await boss.send(
      mailQueue,
      { purpose: 'fuzzed', sealed: 'cannot be opened' },
      { retryLimit: 0 },
    );
    if (!id) throw new Error('the mail queue took no job');
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const [job] = await boss.findJobs(mailQueue, { id });
      if (job?.state === 'failed') return id;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('a mail that cannot be opened did not fail');
  }

  async mailed(to: string, pattern: RegExp): Promise<string> {
    const outbox = path.join(this.server.config.dataDir, 'mail-outbox');
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

  /** Makes a row of a kind through the valid share's own hints, once at a time per kind. */
  need(kind: RowKind): Promise<void> {
    const running = this.needed.get(kind);
    if (running) return running;
    const work = this.make(kind).finally(() => this.needed.delete(kind));
    this.needed.set(kind, work);
    return work;
  }

  private async make(kind: RowKind): Promise<void> {
    const { rows } = this;
    const made = async (
      operation: string,
      status: number,
      answer: Promise<SetupAnswer>,
    ): Promise<void> => {
      const { status: got, body } = await answer;
      if (got !== status) {
        throw new Error(`making a ${kind} for the run: ${got} ${JSON.stringify(body)}`);
      }
      hintFor(operation).remember?.(body, rows);
    };
    const slug = `fuzz-row-${process.pid}-${Date.now()}-${this.next()}`;
    switch (kind) {
      case 'reading':
        if (rows.readings.size > 0) return;
        return made(
          'POST /api/v1/records/health',
          201,
          this.call('POST', '/api/v1/records/health', {
            token: this.user.token,
            body: { Tag: 'Systolic', TagValue: 120, MinTagValue: 80 },
          }),
        );
      case 'article':
        if (rows.articles.length > 0) return;
        return made(
          'POST /api/v1/education/admin/articles',
          201,
          this.call('POST', '/api/v1/education/admin/articles', {
            token: this.admin.token,
            body: {
              slug,
              title: 'A fuzzed article',
              summary: 'An article the fuzzer made to aim at.',
              body: 'Some text.',
              tags: ['pulse'],
              sources: [],
            },
          }),
        );
      case 'published': {
        if (rows.published.size > 0) return;
        await this.need('article');
        const id = rows.articles[0]!;
        return made(
          'POST /api/v1/education/admin/articles/{id}/publish',
          200,
          this.call('POST', `/api/v1/education/admin/articles/${id}/publish`, {
            token: this.admin.token,
          }),
        );
      }
      case 'product':
        if (rows.products.length > 0) return;
        return made(
          'POST /api/v1/store/admin/products',
          201,
          this.call('POST', '/api/v1/store/admin/products', {
            token: this.admin.token,
            body: {
              slug,
              productName: 'A fuzzed product',
              description: 'A product the fuzzer made to aim at.',
              price: 1500,
              stock: 1_000_000,
              active: true,
              shippings: [{ shippingMethod: 'Courier', cost: 500, deliveryTimeDays: 2 }],
            },
          }),
        );
      case 'order': {
        await this.need('product');
        const product = rows.products[0]!;
        return made(
          'POST /api/v1/store/orders',
          201,
          this.call('POST', '/api/v1/store/orders', {
            token: this.user.token,
            headers: { 'idempotency-key': `fuzz-order-${slug}` },
            body: {
              items: [{ productID: product.id, count: 1 }],
              fulfilment: 'pickup',
              contact: {
                firstName: 'Fuzz',
                surname: 'Order',
                phone: '+234 800 000 0000',
                email: 'fuzz.order@example.com',
              },
            },
          }),
        );
      }
      case 'avatar': {
        if (rows.avatars.length > 0) return;
        const account = await this.fresh();
        return made(
          'POST /api/v1/identity/profile/picture',
          200,
          this.call('POST', '/api/v1/identity/profile/picture', {
            token: account.token,
            upload: true,
          }),
        );
      }
      case 'cover': {
        if (rows.covers.size > 0) return;
        await this.need('article');
        return made(
          'POST /api/v1/education/admin/articles/{id}/cover',
          200,
          this.call('POST', `/api/v1/education/admin/articles/${rows.articles[0]!}/cover`, {
            token: (await this.freshAdmin()).token,
            upload: true,
          }),
        );
      }
      case 'productImage': {
        if (rows.productImages.size > 0) return;
        await this.need('product');
        return made(
          'POST /api/v1/store/admin/products/{id}/image',
          200,
          this.call('POST', `/api/v1/store/admin/products/${rows.products[0]!.id}/image`, {
            token: (await this.freshAdmin()).token,
            upload: true,
          }),
        );
      }
    }
  }
}

/** A valid request filled in from the run, as the raw request the driver sends. */
async function completed(
  plan: ValidPlan,
  run: FuzzRun,
): Promise<{ request: FuzzRequest; target: string }> {
  const hint = hintFor(plan.operation);
  const account =
    plan.caller === 'fresh'
      ? await run.fresh()
      : plan.caller === 'fresh admin'
        ? await run.freshAdmin()
        : plan.caller === 'anonymous'
          ? undefined
          : run[plan.caller];
  await hint.prepare?.(plan, run, account);
  const headers: Record<string, string> = { ...plan.headers, 'x-forwarded-for': run.address() };
  if (account && !headers.authorization) headers.authorization = `Bearer ${account.token}`;
  let body: Buffer | undefined;
  if (plan.bodyType === 'json') {
    headers['content-type'] = 'application/json';
    body = Buffer.from(JSON.stringify(plan.body ?? {}), 'utf8');
  } else if (plan.bodyType === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    const form = new URLSearchParams(plan.body as Record<string, string>);
    body = Buffer.from(form.toString(), 'utf8');
  } else if (plan.bodyType === 'multipart') {
    headers['content-type'] = 'multipart/form-data; boundary=fuzzboundary';
    body = multipart('fuzzboundary', 'file', tinyPng, 'tiny.png');
  }
  const target =
    plan.path.replace(/\{([^}]+)\}/g, (_match, name: string) =>
      encodeComponent(plan.pathParams[name] ?? ''),
    ) +
    (Object.keys(plan.query).length === 0
      ? ''
      : `?${Object.entries(plan.query)
          .map(([key, value]) => `${encodeComponent(key)}=${encodeComponent(value)}`)
          .join('&')}`);
  return {
    target,
    request: {
      operation: plan.operation,
      method: plan.method,
      pathParams: {},
      query: '',
      caller:
        plan.caller === 'fresh' ? 'user' : plan.caller === 'fresh admin' ? 'admin' : plan.caller,
      headers,
      body,
      bodyKind: `valid (${plan.caller.startsWith('fresh') ? `a new account: ${plan.caller}` : plan.caller})`,
    },
  };
}

function cut(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}... (${text.length} characters)` : text;
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function inPool<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      if (item !== undefined) await work(item);
    }
  });
  await Promise.all(lanes);
}

/** Accepted: the handler took it (2xx, or the 3xx a redirecting operation answers). */
const isAccepted = (status: string) => Number(status) >= 200 && Number(status) < 400;
const isRefused = (status: string) => Number(status) >= 400 && Number(status) < 500;

/** Answers of the identity sessions listing name the fuzz callers' own sessions: never aimed at. */
const harvestSkipped = new Set(['GET /api/v1/identity/sessions']);

/**
 * Fuzzes every operation of the server's OpenAPI document in turn, with a deterministic sequence
 * of requests for a given seed: two thirds hostile (openapi-fuzz.ts), one third valid for the
 * operation (valid-requests.ts). The server should trust X-Forwarded-For (`trustProxy: true`) so
 * that the callers' own sign-ins come from an address the fuzzer's failures do not lock.
 */
export async function fuzzServer(server: TestApp, options: FuzzOptions): Promise<FuzzReport> {
  const started = performance.now();
  const { requests, seed, concurrency = 8, timeoutMs = 10_000 } = options;
  const document = (await (await server.request('/api/openapi.json')).json()) as OpenApiDocument;
  const operations = operationsOf(document);
  type Planned = { hostile: FuzzRequest; valid?: undefined } | { valid: ValidPlan };
  const arbitraries = operations.map((operation) =>
    fc.oneof(
      {
        weight: 2,
        arbitrary: requestsFor(operation).map((hostile): Planned => ({ hostile })),
      },
      {
        weight: 1,
        arbitrary: validRequestsFor(operation).map((valid): Planned => ({ valid })),
      },
    ),
  );
  const callers = await signedInCallers(server);
  const run = new FuzzRun(server, callers, options.linkedin);
  const knownIds = [...new Set(await seedRows(server, callers.user, callers.admin))];
  const base = new URL(server.baseUrl);
  const report: FuzzReport = {
    sent: 0,
    byStatus: {},
    violations: [],
    sessionsRestarted: 0,
    byOperation: {},
    operations: Object.fromEntries(
      operations.map(({ method, path }) => [
        `${method} ${path}`,
        { sent: 0, accepted: 0, refused: 0, validSent: 0, validAccepted: 0, validByStatus: {} },
      ]),
    ),
    msByOperation: {},
    slowest: { operation: '', target: '', ms: 0 },
    elapsedMs: 0,
  };
  const count = (operation: string, key: string, valid: boolean) => {
    report.byStatus[key] = (report.byStatus[key] ?? 0) + 1;
    const statuses = (report.byOperation[operation] ??= {});
    statuses[key] = (statuses[key] ?? 0) + 1;
    const counts = (report.operations[operation] ??= {
      sent: 0,
      accepted: 0,
      refused: 0,
      validSent: 0,
      validAccepted: 0,
      validByStatus: {},
    });
    counts.sent += 1;
    if (isAccepted(key)) counts.accepted += 1;
    if (isRefused(key)) counts.refused += 1;
    if (valid) {
      counts.validSent += 1;
      if (isAccepted(key)) counts.validAccepted += 1;
      counts.validByStatus[key] = (counts.validByStatus[key] ?? 0) + 1;
    }
  };
  const targets = new Map<string, FuzzRequest & { target: string }>();

  // Requests per operation per round: small rounds keep the huge bodies few in memory at once.
  const perRound = 5;
  for (let round = 0; report.sent < requests; round += 1) {
    const batch = arbitraries.flatMap((arbitrary, index) =>
      fc
        .sample(arbitrary, { seed: (seed * 7919 + round * 104_729 + index) | 0, numRuns: perRound })
        .map((planned) => ({ planned, path: operations[index]?.path ?? '/' })),
    );
    batch.length = Math.min(batch.length, requests - report.sent);
    await inPool(batch, concurrency, async ({ planned, path }) => {
      let request: FuzzRequest;
      let target: string;
      const shownHeaders: Record<string, string> = {};
      if (planned.valid) {
        try {
          ({ request, target } = await completed(planned.valid, run));
        } catch (error) {
          report.sent += 1;
          if (error instanceof NotApplicable) {
            count(planned.valid.operation, 'not applicable', true);
            return;
          }
          count(planned.valid.operation, 'not set up', true);
          report.violations.push({
            problem: `a valid request could not be set up: ${(error as Error).message}`,
            operation: planned.valid.operation,
            method: planned.valid.method,
            target: planned.valid.path,
            caller: planned.valid.caller,
            bodyKind: 'valid',
            headers: {},
            body: cut(JSON.stringify(planned.valid.body) ?? '', 300),
            answer: '',
          });
          return;
        }
        Object.assign(shownHeaders, request.headers);
        for (const secret of ['authorization', 'cookie']) {
          if (shownHeaders[secret]) shownHeaders[secret] = `(the caller's ${secret})`;
        }
      } else {
        request = planned.hostile;
        target = targetOf(request, path, knownIds);
        Object.assign(shownHeaders, request.headers);
      }
      const valid = planned.valid !== undefined;
      const headers = { ...request.headers };
      if (!valid && (request.caller === 'user' || request.caller === 'admin')) {
        headers.authorization = `Bearer ${callers[request.caller].token}`;
        shownHeaders.authorization = `Bearer (the ${request.caller}'s access token)`;
      }
      const sentAt = performance.now();
      const outcome = await send(base, request.method, target, headers, request.body, timeoutMs);
      const ms = performance.now() - sentAt;
      report.sent += 1;
      report.msByOperation[request.operation] = (report.msByOperation[request.operation] ?? 0) + ms;
      if (ms > report.slowest.ms)
        report.slowest = { operation: request.operation, target: cut(target, 200), ms };
      if ('notSent' in outcome) return count(request.operation, 'not sent', valid);
      const violation = (problem: string, answer?: Answer) =>
        report.violations.push({
          problem,
          operation: request.operation,
          method: request.method,
          target: cut(target, 300),
          caller: request.caller,
          bodyKind: request.bodyKind,
          headers: Object.fromEntries(
            Object.entries(shownHeaders).map(([name, value]) => [name, cut(value, 200)]),
          ),
          body: cut(request.body?.toString('utf8') ?? '', 300),
          status: answer?.status,
          answer: cut(answer?.body ?? '', 500),
        });
      if ('failure' in outcome) {
        count(request.operation, 'no answer', valid);
        violation(outcome.failure);
        return;
      }
      count(request.operation, String(outcome.status), valid);
      const requestId = outcome.headers['x-request-id'];
      if (typeof requestId === 'string') targets.set(requestId, { ...request, target });
      const breach = contractBreach(request.method, target, outcome);
      if (breach) violation(breach, outcome);
      if (outcome.status < 300 && planned.valid) {
        let answer: unknown;
        try {
          answer = outcome.body ? JSON.parse(outcome.body) : {};
        } catch {
          answer = {};
        }
        if (answer && typeof answer === 'object') {
          hintFor(planned.valid.operation).remember?.(answer as Record<string, unknown>, run.rows);
        }
      }
      if (outcome.status < 300 && knownIds.length < 200 && !harvestSkipped.has(request.operation)) {
        for (const id of outcome.body.match(uuidPattern) ?? []) {
          if (!knownIds.includes(id)) knownIds.push(id);
        }
      }
    });

    // Errors the server logged, even where the answer looked fine.
    for (const line of server.logs) {
      // The mails the run made dead on purpose, to have something to retry (FuzzRun.deadMail).
      const madeToFail = (line.mail as { purpose?: string } | undefined)?.purpose === 'fuzzed';
      if (typeof line.level === 'number' && line.level >= 50 && !madeToFail) {
        const sentRequest = targets.get(String(line.reqId));
        report.violations.push({
          problem: `logged "${String(line.msg)}": ${cut(JSON.stringify(line.err ?? {}), 400)}`,
          operation: sentRequest?.operation ?? '(unknown)',
          method: sentRequest?.method ?? '',
          target: cut(sentRequest?.target ?? '', 300),
          caller: sentRequest?.caller ?? '',
          bodyKind: sentRequest?.bodyKind ?? '',
          headers: {},
          body: cut(sentRequest?.body?.toString('utf8') ?? '', 300),
          answer: '',
        });
      }
    }
    server.logs.length = 0;
    targets.clear();

    // The fuzzer cannot know a refresh token or a password, so sessions should survive it; if
    // one has ended all the same, sign in again so that the rest of the run is still signed in.
    for (const role of ['user', 'admin'] as const) {
      const account = callers[role];
      const profile = await server.request('/api/v1/identity/profile', {
        headers: { authorization: `Bearer ${account.token}` },
      });
      const aging = Date.now() - account.signedInAt > 10 * 60_000;
      if (profile.status !== 200 || aging) {
        if (profile.status !== 200) report.sessionsRestarted += 1;
        callers[role] = await signIn(server, account);
      }
    }
    report.elapsedMs = performance.now() - started;
    options.onProgress?.(report);
  }
  report.elapsedMs = performance.now() - started;
  return report;
}

/** Every operation with its sent, accepted and refused counts, as a table to print. */
export function describeOperations(report: FuzzReport): string {
  const rows = Object.entries(report.operations).map(([operation, counts]) => [
    operation,
    String(counts.sent),
    String(counts.accepted),
    String(counts.refused),
    `${counts.validAccepted}/${counts.validSent}`,
    Object.entries(counts.validByStatus)
      .filter(([status]) => !isAccepted(status))
      .map(([status, times]) => `${status} x${times}`)
      .join(', '),
  ]);
  const header = [
    'operation',
    'sent',
    'accepted',
    'refused',
    'valid accepted/sent',
    'valid ones not accepted',
  ];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 || column === 5
          ? cell.padEnd(widths[column]!)
          : cell.padStart(widths[column]!),
      )
      .join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

/** The operations whose handler accepted nothing in the run. */
export function neverAccepted(report: FuzzReport): string[] {
  return Object.entries(report.operations)
    .filter(([, counts]) => counts.accepted === 0)
    .map(
      ([operation, counts]) =>
        `${operation} (valid ones answered ${JSON.stringify(counts.validByStatus)})`,
    );
}

/** The violations, one paragraph each, grouped so that a thousand alike read as one. */
export function describeViolations(violations: Violation[], limit = 20): string {
  const groups = new Map<string, Violation[]>();
  for (const violation of violations) {
    const key = `${violation.operation} | ${violation.problem.replace(/request id [\w-]+/g, '')} | ${violation.status}`;
    groups.set(key, [...(groups.get(key) ?? []), violation]);
  }
  return [...groups.values()]
    .slice(0, limit)
    .map((group) => {
      const first = group[0]!;
      return [
        `${first.problem} (${group.length}x) for ${first.operation}`,
        `  sent: ${first.method} ${first.target} as ${first.caller}, body (${first.bodyKind}): ${first.body}`,
        `  headers: ${JSON.stringify(first.headers)}`,
        `  answer: ${first.status ?? '-'} ${first.answer}`,
      ].join('\n');
    })
    .join('\n\n');
}
