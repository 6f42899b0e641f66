// The valid share of the fuzzer: for every operation of the OpenAPI
// document, requests its handler should accept, so that handlers run on valid-shaped input and not
// only on what validation turns away. Values come from the request schemas (valid-values.ts: enums,
// formats, lengths, ranges, patterns, required fields); what a schema cannot say (diastolic below
// systolic, the measurement limits, a strong password, an unused email, stock, a token only a mail
// holds) is in the hints, one table per feature (hints-*.ts), joined in `validRequestHints` below.
// What a hint needs from the running server (an id the run made, a fresh account, a reset link) is
// fetched when the request is sent, through `Run` (valid-plan.ts).
import fc from 'fast-check';
import type { Operation } from './openapi-document.ts';
import type { FuzzRequest } from './hostile-requests.ts';
import { deletionHints } from './hints-deletion.ts';
import { educationHints } from './hints-education.ts';
import { exportHints } from './hints-export.ts';
import { importHints } from './hints-import.ts';
import { identityHints } from './hints-identity.ts';
import { recordsHints } from './hints-records.ts';
import { remindersHints } from './hints-reminders.ts';
import { sharingHints } from './hints-sharing.ts';
import { socialHints } from './hints-social.ts';
import { storeHints } from './hints-store.ts';
import type { OperationHint, RawBody, Run, ValidCaller, ValidPlan } from './valid-plan.ts';
import { validValue } from './valid-values.ts';
import { encodeComponent, multipart, tinyPng } from './wire-format.ts';

/**
 * Per operation (`METHOD /path` as the document names it): what a valid request needs beyond its
 * schema. Operations missing here are made valid from their schema alone.
 */
export const validRequestHints: Record<string, OperationHint> = {
  ...identityHints,
  ...socialHints,
  ...recordsHints,
  ...educationHints,
  ...remindersHints,
  ...storeHints,
  ...sharingHints,
  ...exportHints,
  ...importHints,
  ...deletionHints,
};

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

/** A valid request filled in from the run, as the raw request the driver sends. */
export async function completed(
  plan: ValidPlan,
  run: Run,
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
  } else if (plan.bodyType === 'raw') {
    const raw = plan.body as RawBody;
    headers['content-type'] = raw.contentType;
    body = Buffer.from(raw.text, 'utf8');
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
