// The one error model of decisions.md section 1: every failure answers { errors: [...] } with the
// right status. Unexpected throws answer a 500 that says nothing of the internals and are logged
// with the request id, which the answer also carries so a person can quote it.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

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

/** A failure the server expects: a stable code, an HTTP status and messages a person can act on. */
export class AppError extends Error {
  readonly messages: string[];

  constructor(
    readonly statusCode: number,
    readonly code: string,
    messages: string | string[],
    readonly headers: Record<string, string> = {},
  ) {
    const list = Array.isArray(messages) ? messages : [messages];
    super(list[0]);
    this.name = 'AppError';
    this.messages = list;
  }
}

export const notFound = (message: string) => new AppError(404, 'NOT_FOUND', message);
export const badRequest = (messages: string | string[]) =>
  new AppError(400, 'BAD_REQUEST', messages);

const validationParts: Record<string, string> = {
  body: '',
  querystring: 'query ',
  params: 'path ',
  headers: 'header ',
};

interface ValidationEntry {
  instancePath: string;
  message?: string;
}

function validationMessages(entries: ValidationEntry[], context: string | undefined): string[] {
  const prefix = validationParts[context ?? 'body'] ?? '';
  const messages = entries.map((entry) => {
    const field = entry.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const message = entry.message ?? 'is not valid';
    if (field) return `${prefix}${field}: ${message}`;
    if (context === 'body' || context === undefined) return `Request body: ${message}`;
    return `${prefix.trim()}: ${message}`;
  });
  return [...new Set(messages)];
}

/** Fastify's own request errors, said in words a person can act on. */
function frameworkMessage(error: FastifyError, request: FastifyRequest): string | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large: send at most 1 MB.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return `Content type ${request.headers['content-type'] ?? '(none)'} is not accepted here: send application/json.`;
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is empty: send a JSON object.';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'Content-Length does not match the body sent.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      // Fastify reports prototype-poisoning keys with the same code and no detail.
      return 'Request body is not valid JSON: check quotes, commas and brackets (keys such as __proto__ are refused).';
    default:
      return undefined;
  }
}

export function sendErrors(
  reply: FastifyReply,
  statusCode: number,
  messages: string[],
): FastifyReply {
  return reply.code(statusCode).type('application/json; charset=utf-8').send({ errors: messages });
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return sendErrors(reply, error.statusCode, error.messages);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendErrors(reply, 400, validationMessages(error.validation, error.validationContext));
    }
    if (error.validation) {
      return sendErrors(reply, 400, validationMessages(error.validation, error.validationContext));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'the database cannot be reached');
      reply.header('retry-after', '5');
      return sendErrors(reply, 503, [
        'Vitalia cannot reach its database just now; please try again in a few seconds.',
      ]);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = frameworkMessage(error, request) ?? error.message;
      if (status === 429 && !reply.getHeader('retry-after')) reply.header('retry-after', '60');
      return sendErrors(reply, status, [message]);
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendErrors(reply, status >= 500 && status < 600 ? status : 500, [
      `Something went wrong on our side. Please try again; if it keeps happening, quote request id ${request.id}.`,
    ]);
  });
}
