import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';

// Query parameters whose values must never reach a log (reset and verification links, codes).
const sensitiveQueryKey = /token|code|secret|password|key|state|nonce/i;

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
