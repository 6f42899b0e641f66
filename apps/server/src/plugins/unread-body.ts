// An answer sent before the request's body has all arrived: a 413 for a body over the limit, a 401
// or 429 that refuses an upload before reading it. Closing the connection with the answer made the
// client's upload fail (EPIPE, a reset) before it read the answer, about half the time for 5 MB and
// nearly always for 40 MB, so a phone saw a network error instead of "send at most ...". The rest of
// the body is read and thrown away instead, up to DRAIN_LIMIT_BYTES, and the connection stays usable;
// past the bound it is cut. The server's requestTimeout bounds a client that sends slowly.
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** How much of an unread body is read and thrown away so that its client sees the answer. */
export const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

function hasBodyToCome(raw: IncomingMessage): boolean {
  if (raw.complete) return false;
  const length = Number(raw.headers['content-length'] ?? 0);
  return length > 0 || raw.headers['transfer-encoding'] !== undefined;
}

function drain(raw: IncomingMessage): void {
  let thrownAway = 0;
  raw.on('data', (chunk: Buffer) => {
    thrownAway += chunk.length;
    if (thrownAway > DRAIN_LIMIT_BYTES) raw.socket.destroy();
  });
  // A reader that stopped part way (an import past its limit) left the stream paused.
  raw.resume();
}

export function registerUnreadBodyDrain(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!hasBodyToCome(request.raw)) return payload;
    // Fastify asks for the connection to close after a body it could not read; closed at once,
    // the body still on its way is what resets the client's upload.
    reply.removeHeader('connection');
    drain(request.raw);
    return payload;
  });
}
