// One request over raw HTTP, so that request lines, methods and headers a browser's fetch would
// refuse still reach the server; bounded in time, the answer decoded whatever its encoding.
import http from 'node:http';
import zlib from 'node:zlib';
import type { Answer } from './answer-checks.ts';

export type Outcome = Answer | { failure: string } | { notSent: string };

function decoded(body: Buffer, encoding: string | undefined): string {
  try {
    if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
    if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
    if (encoding === 'deflate') return zlib.inflateSync(body).toString('utf8');
  } catch {
    return `(undecodable ${encoding} body)`;
  }
  return body.toString('utf8');
}

export function send(
  base: URL,
  method: string,
  target: string,
  headers: Record<string, string>,
  body: Buffer | undefined,
  timeoutMs: number,
): Promise<Outcome> {
  let request: http.ClientRequest;
  try {
    request = http.request({
      host: base.hostname,
      port: base.port,
      method,
      path: target,
      headers: body ? { ...headers, 'content-length': String(body.length) } : headers,
      // A connection of its own: a socket the server has just closed is never handed on.
      agent: false,
    });
  } catch (error) {
    return Promise.resolve({ notSent: (error as Error).message });
  }
  return new Promise((resolve) => {
    let settled = false;
    let answered = false;
    const timer = setTimeout(() => {
      settle({ failure: `no answer within ${timeoutMs} ms` });
      request.destroy();
    }, timeoutMs);
    function settle(outcome: Outcome) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    }
    request.on('response', (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        settle({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: decoded(Buffer.concat(chunks), response.headers['content-encoding']),
        }),
      );
      response.on('error', (error) => settle({ failure: `answer cut off: ${error.message}` }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      // A server may answer (413, say) and close before it has read the whole body; writing the
      // rest then fails, which is no fault of the answer already received.
      if (answered) return;
      settle({ failure: `connection failed with no answer: ${error.code ?? error.message}` });
    });
    request.end(body);
  });
}
