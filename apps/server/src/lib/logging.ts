import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { stdSerializers, type LoggerOptions } from 'pino';

// Query parameters whose values must never reach a log (reset and verification links, codes,
// and what an administrator searches orders by: a customer's name, phone or email address).
const sensitiveQueryKey = /token|code|secret|password|key|state|nonce|search/i;

/** The longest message or stack an error line keeps. */
const errorTextLimit = 2000;

type SerializedError = Record<string, unknown> & { message?: unknown; stack?: unknown };

/**
 * An error as logged, without what it carries of people's data: a failed query's parameters
 * (the ORM puts them in its message, its stack and a field of their own: the readings, notes and
 * ids of a whole import), cut to a bounded length, and the same for each cause.
 */
function scrubbedError(error: SerializedError, depth = 0): SerializedError {
  const text = (value: unknown) =>
    typeof value === 'string'
      ? value
          .replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/g, '\nparams: [redacted]')
          .slice(0, errorTextLimit)
      : value;
  const { params: _params, query: _query, ...rest } = error;
  const scrubbed: SerializedError = {
    ...rest,
    message: text(rest.message),
    stack: text(rest.stack),
  };
  if (rest.cause && typeof rest.cause === 'object' && depth < 5) {
    scrubbed.cause = scrubbedError(rest.cause as SerializedError, depth + 1);
  }
  return scrubbed;
}

/** The request line as logged: path kept, sensitive query values replaced. */
export function loggableUrl(rawUrl: string): string {
  // The reset page carries its single-use token in the path (spec: /account/reset/{id}).
  const url = rawUrl
    .replace(/^\/account\/reset\/[^/?#]+/, '/account/reset/[redacted]')
    .replace(/^(\/api\/v1\/identity\/social\/[a-z]+\/access\/)[^/?#]+/, '$1[redacted]');
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const key of [...params.keys()]) {
    if (sensitiveQueryKey.test(key)) params.set(key, '[redacted]');
  }
  const query = params.toString();
  return query ? `${url.slice(0, queryStart)}?${query}` : url.slice(0, queryStart);
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.Password',
        '*.token',
        '*.refreshToken',
      ],
      censor: '[redacted]',
    },
    serializers: {
      err(error: Error) {
        return scrubbedError(stdSerializers.err(error) as unknown as SerializedError);
      },
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: loggableUrl(request.url),
          remoteAddress: request.ip,
        };
      },
    },
  };
}

/**
 * One line per request, written when it is answered: the request (as loggableUrl leaves it), the
 * status and the time taken, at error level with the error when the answer failed. Fastify's own
 * logging writes two, one on arrival and one on answer; the arrival line said nothing the answer
 * line does not, and cost a quarter of the logging's time on every request (docs/performance.md).
 * Fastify's other lines (errors, streams cut short, a failing serializer) are kept.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
