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
import { requestIdHeader } from './request-id.ts';

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

/**
 * How the error model words a failure of the request itself (bad JSON, a field of the wrong type,
 * a content type not taken, ...): its status and messages; undefined for any other failure.
 */
export function requestErrorMessages(
  error: FastifyError,
  request: FastifyRequest,
): { status: number; messages: string[] } | undefined {
  if (error instanceof AppError && error.statusCode < 500) {
    return { status: error.statusCode, messages: error.messages };
  }
  if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
    return {
      status: 400,
      messages: validationMessages(error.validation ?? [], error.validationContext),
    };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return { status, messages: [frameworkMessage(error, request) ?? error.message] };
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
    sendErrors(reply, 400, [
      'The address is not valid: a % in it must start a %xx escape of UTF-8 text.',
    ]);
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    sendErrors(reply, 414, [
      'The address is too long: a part of it is longer than any id or name this server serves.',
    ]);
  } else {
    request.log.error({ err: error }, 'unexpected error');
    sendErrors(reply, 500, [internalErrorMessage(request)]);
  }
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
  const body = JSON.stringify({ errors: [message] });
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
    const refused = requestErrorMessages(error, request);
    if (refused) {
      if (status === 429 && !reply.getHeader('retry-after')) reply.header('retry-after', '60');
      return sendErrors(reply, refused.status, refused.messages);
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendErrors(reply, status >= 500 && status < 600 ? status : 500, [
      internalErrorMessage(request),
    ]);
  });
}
