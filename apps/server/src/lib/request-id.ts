import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const requestIdHeader = 'x-request-id';

// A proxy's request id is kept so a request can be followed across systems; anything that could
// smuggle text into logs or headers is replaced by a fresh id.
const acceptableId = /^[A-Za-z0-9._:-]{8,64}$/;

export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers[requestIdHeader];
  if (typeof incoming === 'string' && acceptableId.test(incoming)) return incoming;
  return crypto.randomUUID();
}
