// The one error model (docs/decisions/0003-error-model-and-contract.md): every failure answers { errors: [...] } with the
// right status. Unexpected throws answer a 500 that says nothing of the internals and are logged
// with the request id, which the answer also carries so a person can quote it.
import http from 'node:http';
import type { Socket } from 'node:net';
import type {
  ConnectionError,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { requestIdHeader } from '../lib/request-id.ts';

// PostgreSQL's SQLSTATEs for a server that is going away or not there yet (class 08: connection
// exceptions; 57P01-57P03: shut down by an administrator, crashed, not yet accepting connections),
// and the network failures node-postgres reports when it cannot reach the server at all.
const unavailableCodes = new Set([
  '57P01',
  '57P02',
  '57P03',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
]);
const unavailableMessages = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable/,
];

/**
 * Whether a failure means the database is unreachable rather than the request or the code being
 * wrong: then the answer is a 503 to retry, not a 500. Drizzle wraps the driver's error as `cause`.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string' && (unavailableCodes.has(code) || code.startsWith('08')))
      return true;
    if (
      typeof message === 'string' &&
      unavailableMessages.some((pattern) => pattern.test(message))
    ) {
      return true;
    }
    current = cause;
  }
  return false;
}

/**
 * One thing wrong with a request, as the answer's `details` carry it: a stable `code` a client
 * reacts to, the `field` it is about (a dotted path in the body unless `in` says otherwise) and a
 * message a person can act on. `errors` says the same in words: 'field: message'.
 */
export interface Problem {
  message: string;
  field?: string;
  in?: 'query' | 'path' | 'header';
  /** Defaults to the code of the failure it is part of. */
  code?: string;
}

export type Said = string | Problem;

/** A problem with one field of the request: `fieldProblem('slug', 'is used by another article')`. */
export function fieldProblem(
  field: string,
  message: string,
  extra: Pick<Problem, 'in' | 'code'> = {},
): Problem {
  return { field, message, ...extra };
}

/** How a problem reads in `errors`: the field first, where there is one (docs/decisions/0003-error-model-and-contract.md). */
export function problemText(problem: Problem): string {
  const where = problem.in ? `${problem.in} ` : '';
  if (problem.field) return `${where}${problem.field}: ${problem.message}`;
  return problem.in ? `${problem.in}: ${problem.message}` : problem.message;
}

const asProblem = (said: Said): Problem => (typeof said === 'string' ? { message: said } : said);

/** A failure the server expects: a stable code, an HTTP status and problems a person can act on. */
export class AppError extends Error {
  readonly problems: Problem[];
  /** The problems as `errors` words them. */
  readonly messages: string[];

  constructor(
    readonly statusCode: number,
    readonly code: string,
    said: Said | Said[],
    readonly headers: Record<string, string> = {},
  ) {
    const problems = (Array.isArray(said) ? said : [said]).map(asProblem);
    const messages = problems.map(problemText);
    super(messages[0]);
    this.name = 'AppError';
    this.problems = problems;
    this.messages = messages;
  }
}

export const notFound = (message: string) => new AppError(404, 'NOT_FOUND', message);
export const badRequest = (said: Said | Said[]) => new AppError(400, 'BAD_REQUEST', said);

const validationPlaces: Record<string, Problem['in']> = {
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

interface ValidationEntry {
  instancePath: string;
  keyword?: string;
  message?: string;
  /** A custom issue's own code travels as params.params.code (UNIT_REQUIRED). */
  params?: { params?: { code?: unknown } };
}

/** zod's issue codes ('too_small', 'invalid_type', ...) as the answer's codes ('TOO_SMALL', ...). */
function validationCode(entry: ValidationEntry): string {
  const keyword = entry.keyword;
  const own = entry.params?.params?.code;
  if (keyword === 'custom' && typeof own === 'string') return own;
  if (!keyword || keyword === 'custom') return 'INVALID_VALUE';
  if (keyword === 'unrecognized_keys') return 'UNKNOWN_FIELD';
  return keyword.toUpperCase().replaceAll(/[^A-Z0-9]+/g, '_');
}

function validationProblems(entries: ValidationEntry[], context: string | undefined): Problem[] {
  const place = validationPlaces[context ?? 'body'];
  const seen = new Set<string>();
  const problems: Problem[] = [];
  for (const entry of entries) {
    const field = entry.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const message = entry.message ?? 'is not valid';
    const problem: Problem = {
      code: validationCode(entry),
      message: !field && !place ? `Request body: ${message}` : message,
      ...(field ? { field } : {}),
      ...(place ? { in: place } : {}),
    };
    const text = problemText(problem);
    if (seen.has(text)) continue;
    seen.add(text);
    problems.push(problem);
  }
  return problems;
}

/** Fastify's own request errors, said in words a person can act on, with a code of ours. */
function frameworkProblem(error: FastifyError, request: FastifyRequest): Problem | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: 'BODY_TOO_LARGE', message: 'Request body is too large: send at most 1 MB.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: `Content type ${request.headers['content-type'] ?? '(none)'} is not accepted here: send application/json.`,
      };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { code: 'EMPTY_BODY', message: 'Request body is empty: send a JSON object.' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return {
        code: 'CONTENT_LENGTH_MISMATCH',
        message: 'Content-Length does not match the body sent.',
      };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      // Fastify reports prototype-poisoning keys with the same code and no detail.
      return {
        code: 'INVALID_JSON',
        message:
          'Request body is not valid JSON: check quotes, commas and brackets (keys such as __proto__ are refused).',
      };
    default:
      return undefined;
  }
}

/** The code of a failure that has no code of its own, by its status. */
export function statusCode(status: number): string {
  const name =
    http.STATUS_CODES[status] ?? (status >= 500 ? 'Internal Server Error' : 'Bad Request');
  return name.toUpperCase().replaceAll(/[^A-Z0-9]+/g, '_');
}

/** The error model's body: `errors` in words, `details` with a code and field for each. */
export function errorBody(status: number, said: Said[], code = statusCode(status)) {
  const problems = said.map(asProblem);
  return {
    errors: problems.map(problemText),
    details: problems.map((problem) => ({
      code: problem.code ?? code,
      ...(problem.field ? { field: problem.field } : {}),
      ...(problem.in ? { in: problem.in } : {}),
      message: problem.message,
    })),
  };
}

export function sendErrors(
  reply: FastifyReply,
  status: number,
  said: Said[],
  code?: string,
): FastifyReply {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(errorBody(status, said, code));
}

/**
 * How the error model words a failure of the request itself (bad JSON, a field of the wrong type,
 * a content type not taken, ...): its status and messages; undefined for any other failure.
 */
export function requestErrorMessages(
  error: FastifyError,
  request: FastifyRequest,
): { status: number; code: string; problems: Problem[]; messages: string[] } | undefined {
  const refused = requestProblems(error, request);
  return refused && { ...refused, messages: refused.problems.map(problemText) };
}

function requestProblems(
  error: FastifyError,
  request: FastifyRequest,
): { status: number; code: string; problems: Problem[] } | undefined {
  if (error instanceof AppError && error.statusCode < 500) {
    return { status: error.statusCode, code: error.code, problems: error.problems };
  }
  if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
    return {
      status: 400,
      code: 'INVALID_REQUEST',
      problems: validationProblems(error.validation ?? [], error.validationContext),
    };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return {
      status,
      code: statusCode(status),
      problems: [frameworkProblem(error, request) ?? { message: error.message }],
    };
  }
  return undefined;
}

const internalErrorMessage = (request: FastifyRequest) =>
  `Something went wrong on our side. Please try again; if it keeps happening, quote request id ${request.id}.`;

/**
 * Fastify answers an address with broken percent-encoding, or a path segment longer than the
 * router takes, before any hook or error handler runs and in a shape of its own; this puts those
 * answers in the error model too.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  reply.header(requestIdHeader, request.id);
  if (error.code === 'FST_ERR_BAD_URL') {
    sendErrors(
      reply,
      400,
      ['The address is not valid: a % in it must start a %xx escape of UTF-8 text.'],
      'INVALID_ADDRESS',
    );
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    sendErrors(reply, 414, [
      'The address is too long: a part of it is longer than any id or name this server serves.',
    ]);
  } else {
    request.log.error({ err: error }, 'unexpected error');
    sendErrors(reply, 500, [internalErrorMessage(request)]);
  }
  // Fastify logs no answer for a request refused before routing: this is its one line
  // (lib/logging.ts).
  request.log.info({ req: request, res: reply }, 'request completed');
}

/**
 * Node refuses a request it cannot read as HTTP (headers over its size limit, an unknown method)
 * before Fastify sees it. Fastify's own answer to that is outside the error model and leaves the
 * connection looking reusable although it closes it at once; this one says `Connection: close`.
 */
export function clientErrorHandler(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The address and headers are too large: send less than 16 KB of them.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive; please send it again.']
        : [400, 'The request is not valid HTTP.'];
  const body = JSON.stringify(errorBody(status, [message]));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return sendErrors(reply, error.statusCode, error.problems, error.code);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'the database cannot be reached');
      reply.header('retry-after', '5');
      return sendErrors(
        reply,
        503,
        ['Vitalia cannot reach its database just now; please try again in a few seconds.'],
        'DATABASE_UNAVAILABLE',
      );
    }
    const status = error.statusCode ?? 500;
    const refused = requestProblems(error, request);
    if (refused) {
      if (status === 429 && !reply.getHeader('retry-after')) reply.header('retry-after', '60');
      return sendErrors(reply, refused.status, refused.problems, refused.code);
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendErrors(
      reply,
      status >= 500 && status < 600 ? status : 500,
      [internalErrorMessage(request)],
      'INTERNAL_ERROR',
    );
  });
}
