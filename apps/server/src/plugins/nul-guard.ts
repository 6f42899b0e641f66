// PostgreSQL text and jsonb cannot hold the character U+0000: a query that carries one fails, and
// would answer 500 wherever a field reaches the database (a search, a slug, a name). No person
// types it, so any request that has one in its path, query or JSON body is refused up front with
// a 400 naming the field, for every route at once.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

const message = 'must not contain the character U+0000 (NUL)';

/** The dotted paths of the strings (values or keys) holding a NUL, walked without recursion. */
function fieldsWithNul(root: unknown): string[] {
  const found: string[] = [];
  const stack: Array<[unknown, string]> = [[root, '']];
  while (stack.length > 0 && found.length < 10) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) found.push(path);
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) found.push(childPath);
        else stack.push([child, childPath]);
      }
    }
  }
  return found;
}

function messagesFor(request: FastifyRequest): string[] {
  const places: Array<[unknown, string]> = [
    [request.params, 'path '],
    [request.query, 'query '],
    [request.body, ''],
  ];
  return places.flatMap(([value, prefix]) =>
    // Only a body can be a bare string, with no field to name.
    fieldsWithNul(value).map(
      (field) => `${field ? `${prefix}${field}` : 'Request body'}: ${message}`,
    ),
  );
}

export function registerNulGuard(app: FastifyInstance): void {
  // Thrown, not sent, so that a route with an error model of its own (the OAuth token endpoint)
  // words it.
  app.addHook('preValidation', async (request) => {
    const messages = messagesFor(request);
    if (messages.length > 0) throw new AppError(400, 'NUL_CHARACTER', [...new Set(messages)]);
  });
}
