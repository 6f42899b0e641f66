// Runs the hostile-input fuzzer against a test server: every operation of its OpenAPI document in
// rounds, each request sent over raw HTTP (raw-http.ts) and bounded in time, each answer checked
// against the error model (answer-checks.ts) and, when accepted, against what the document
// promises for it (answer-schemas.ts), and errors the server logs reported with the rest.
import fc from 'fast-check';
import type { TestApp } from '../test-app.ts';
import { contractBreach } from './answer-checks.ts';
import { DocumentedAnswers } from './answer-schemas.ts';
import { keepSignedIn, seedRows, signedInCallers, uuidPattern } from './fuzz-callers.ts';
import {
  countOutcome,
  cut,
  emptyReport,
  loggedErrors,
  violationOf,
  type FuzzReport,
  type SentRequest,
} from './fuzz-report.ts';
import { FuzzRun } from './fuzz-run.ts';
import { requestsFor, type FuzzRequest } from './hostile-requests.ts';
import { operationsOf, type OpenApiDocument } from './openapi-document.ts';
import { send } from './raw-http.ts';
import { NotApplicable, type LinkedInStandIn, type ValidPlan } from './valid-plan.ts';
import { completed, hintFor, validRequestsFor } from './valid-requests.ts';

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

/** Two thirds hostile (hostile-requests.ts), one third valid (valid-requests.ts). */
type Planned = { hostile: FuzzRequest; valid?: undefined } | { valid: ValidPlan };

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

/** Answers of the identity sessions listing name the fuzz callers' own sessions: never aimed at. */
const harvestSkipped = new Set(['GET /api/v1/identity/sessions']);

/** An accepted answer's JSON object for the hints to remember; `{}` for a body that is not JSON. */
function parsedObject(text: string): Record<string, unknown> | undefined {
  let value: unknown;
  try {
    value = text ? JSON.parse(text) : {};
  } catch {
    value = {};
  }
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
}

/**
 * Fuzzes every operation of the server's OpenAPI document in turn, with a deterministic sequence
 * of requests for a given seed: two thirds hostile, one third valid for the operation. The server
 * should trust X-Forwarded-For (`trustProxy: true`) so that the callers' own sign-ins come from an
 * address the fuzzer's failures do not lock.
 */
export async function fuzzServer(server: TestApp, options: FuzzOptions): Promise<FuzzReport> {
  const started = performance.now();
  const { requests, seed, concurrency = 8, timeoutMs = 10_000 } = options;
  const document = (await (await server.request('/api/openapi.json')).json()) as OpenApiDocument;
  const operations = operationsOf(document);
  const documented = new DocumentedAnswers(document);
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
  const report = emptyReport(operations.map(({ method, path }) => `${method} ${path}`));
  const sentById = new Map<string, SentRequest>();

  /** The request a plan stands for, as sent and as shown; undefined when it cannot be set up. */
  async function prepared(planned: Planned, path: string) {
    if (!planned.valid) {
      const request = planned.hostile;
      const headers = { ...request.headers };
      const shown = { ...request.headers };
      if (request.caller === 'user' || request.caller === 'admin') {
        headers.authorization = `Bearer ${callers[request.caller].token}`;
        shown.authorization = `Bearer (the ${request.caller}'s access token)`;
      }
      return { request, target: targetOf(request, path, knownIds), headers, shown };
    }
    const plan = planned.valid;
    try {
      const { request, target } = await completed(plan, run);
      const shown = { ...request.headers };
      for (const secret of ['authorization', 'cookie']) {
        if (shown[secret]) shown[secret] = `(the caller's ${secret})`;
      }
      return { request, target, headers: request.headers, shown };
    } catch (error) {
      report.sent += 1;
      const notApplicable = error instanceof NotApplicable;
      countOutcome(report, plan.operation, notApplicable ? 'not applicable' : 'not set up', true);
      if (!notApplicable) {
        report.violations.push(
          violationOf(`a valid request could not be set up: ${(error as Error).message}`, {
            operation: plan.operation,
            method: plan.method,
            target: plan.path,
            caller: plan.caller,
            bodyKind: 'valid',
            headers: {},
            body: Buffer.from(JSON.stringify(plan.body) ?? '', 'utf8'),
          }),
        );
      }
      return undefined;
    }
  }

  async function fuzzOne({ planned, path }: { planned: Planned; path: string }) {
    const ready = await prepared(planned, path);
    if (!ready) return;
    const { request, target, headers, shown } = ready;
    const valid = planned.valid !== undefined;
    const sentAt = performance.now();
    const outcome = await send(base, request.method, target, headers, request.body, timeoutMs);
    const ms = performance.now() - sentAt;
    report.sent += 1;
    report.msByOperation[request.operation] = (report.msByOperation[request.operation] ?? 0) + ms;
    if (ms > report.slowest.ms) {
      report.slowest = { operation: request.operation, target: cut(target, 200), ms };
    }
    if ('notSent' in outcome) return countOutcome(report, request.operation, 'not sent', valid);
    const sent: SentRequest = { ...request, target, headers: shown };
    if ('failure' in outcome) {
      countOutcome(report, request.operation, 'no answer', valid);
      report.violations.push(violationOf(outcome.failure, sent));
      return;
    }
    countOutcome(report, request.operation, String(outcome.status), valid);
    const requestId = outcome.headers['x-request-id'];
    if (typeof requestId === 'string') sentById.set(requestId, sent);
    const breach =
      contractBreach(request.method, target, outcome) ??
      documented.breach(request.method, target, outcome);
    if (breach) report.violations.push(violationOf(breach, sent, outcome));
    if (outcome.status >= 300) return;
    if (planned.valid) {
      const answer = parsedObject(outcome.body);
      if (answer) hintFor(planned.valid.operation).remember?.(answer, run.rows);
    }
    if (knownIds.length < 200 && !harvestSkipped.has(request.operation)) {
      for (const id of outcome.body.match(uuidPattern) ?? []) {
        if (!knownIds.includes(id)) knownIds.push(id);
      }
    }
  }

  // Requests per operation per round: small rounds keep the huge bodies few in memory at once.
  const perRound = 5;
  for (let round = 0; report.sent < requests; round += 1) {
    const batch = arbitraries.flatMap((arbitrary, index) =>
      fc
        .sample(arbitrary, { seed: (seed * 7919 + round * 104_729 + index) | 0, numRuns: perRound })
        .map((planned) => ({ planned, path: operations[index]?.path ?? '/' })),
    );
    batch.length = Math.min(batch.length, requests - report.sent);
    await inPool(batch, concurrency, fuzzOne);

    report.violations.push(...loggedErrors(server.logs, sentById));
    server.logs.length = 0;
    sentById.clear();
    report.sessionsRestarted += await keepSignedIn(server, callers);
    report.bodiesChecked = { ...documented.bodiesChecked };
    report.elapsedMs = performance.now() - started;
    options.onProgress?.(report);
  }
  report.elapsedMs = performance.now() - started;
  return report;
}
