// Runs the hostile-input fuzzer against a test server: raw HTTP, so that request lines, methods
// and headers a browser's fetch would refuse still reach the server; each request bounded in time;
// each answer checked against the error model; errors the server logs reported with the rest.
import http from 'node:http';
import zlib from 'node:zlib';
import fc from 'fast-check';
import { runUserCommand } from '../../features/identity/staff-accounts.ts';
import type { TestApp } from '../test-app.ts';
import {
  contractBreach,
  operationsOf,
  requestsFor,
  type Answer,
  type FuzzRequest,
  type OpenApiDocument,
} from './openapi-fuzz.ts';

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

export interface FuzzReport {
  sent: number;
  /** Answers by status; `no answer` and `not sent` (Node's client refused it) beside them. */
  byStatus: Record<string, number>;
  violations: Violation[];
  /** How often a signed-in caller's session had ended and was started again. */
  sessionsRestarted: number;
  /** Answers by operation and status, to see how deep the run got into each. */
  byOperation: Record<string, Record<string, number>>;
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
  onProgress?: (report: FuzzReport) => void;
}

interface Account {
  username: string;
  password: string;
  token: string;
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

async function signIn(server: TestApp, account: Omit<Account, 'token' | 'signedInAt'>) {
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
  return { ...account, token: body.token, signedInAt: Date.now() };
}

/** A registered USER and an ADMIN made the way `npm run user:create` makes one, signed in. */
async function signedInCallers(server: TestApp): Promise<{ user: Account; admin: Account }> {
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
async function seedRows(server: TestApp, user: Account, admin: Account): Promise<string[]> {
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

/**
 * Fuzzes every operation of the server's OpenAPI document in turn, with a deterministic sequence
 * of requests for a given seed. The server should trust X-Forwarded-For (`trustProxy: true`) so
 * that the callers' own sign-ins come from an address the fuzzer's failures do not lock.
 */
export async function fuzzServer(server: TestApp, options: FuzzOptions): Promise<FuzzReport> {
  const started = performance.now();
  const { requests, seed, concurrency = 8, timeoutMs = 10_000 } = options;
  const document = (await (await server.request('/api/openapi.json')).json()) as OpenApiDocument;
  const operations = operationsOf(document);
  const arbitraries = operations.map(requestsFor);
  const callers = await signedInCallers(server);
  const knownIds = [...new Set(await seedRows(server, callers.user, callers.admin))];
  const base = new URL(server.baseUrl);
  const report: FuzzReport = {
    sent: 0,
    byStatus: {},
    violations: [],
    sessionsRestarted: 0,
    byOperation: {},
    msByOperation: {},
    slowest: { operation: '', target: '', ms: 0 },
    elapsedMs: 0,
  };
  const count = (operation: string, key: string) => {
    report.byStatus[key] = (report.byStatus[key] ?? 0) + 1;
    const statuses = (report.byOperation[operation] ??= {});
    statuses[key] = (statuses[key] ?? 0) + 1;
  };
  const targets = new Map<string, FuzzRequest & { target: string }>();

  // Requests per operation per round: small rounds keep the huge bodies few in memory at once.
  const perRound = 5;
  for (let round = 0; report.sent < requests; round += 1) {
    const batch = arbitraries.flatMap((arbitrary, index) =>
      fc
        .sample(arbitrary, { seed: (seed * 7919 + round * 104_729 + index) | 0, numRuns: perRound })
        .map((request) => ({ request, path: operations[index]?.path ?? '/' })),
    );
    batch.length = Math.min(batch.length, requests - report.sent);
    await inPool(batch, concurrency, async ({ request, path }) => {
      const target = targetOf(request, path, knownIds);
      const headers = { ...request.headers };
      const shownHeaders = { ...request.headers };
      if (request.caller === 'user' || request.caller === 'admin') {
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
      if ('notSent' in outcome) return count(request.operation, 'not sent');
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
        count(request.operation, 'no answer');
        violation(outcome.failure);
        return;
      }
      count(request.operation, String(outcome.status));
      const requestId = outcome.headers['x-request-id'];
      if (typeof requestId === 'string') targets.set(requestId, { ...request, target });
      const breach = contractBreach(request.method, target, outcome);
      if (breach) violation(breach, outcome);
      if (outcome.status < 300 && knownIds.length < 200) {
        for (const id of outcome.body.match(uuidPattern) ?? []) {
          if (!knownIds.includes(id)) knownIds.push(id);
        }
      }
    });

    // Errors the server logged, even where the answer looked fine.
    for (const line of server.logs) {
      if (typeof line.level === 'number' && line.level >= 50) {
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
