import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityPaths } from '@vitalia/api/identity.contract';
import { portabilityPaths } from '@vitalia/api/portability.contract';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { signedInAccount, type SignedInAccount } from '../test/test-calls.ts';

// A body over the limit gets its answer, whatever its size up to DRAIN_LIMIT_BYTES: the client
// reads the 413 (or the 401 of an upload refused before it is read) instead of a broken upload.
// Node's fetch, as a phone's browser would, sends the whole body while the answer comes back.

const TIMES = 10;
const run = promisify(execFile);

let server: TestApp;
let person: SignedInAccount;
const BOUNDARY = 'vitalia-test';

beforeAll(async () => {
  server = await createTestApp({ trustProxy: true });
  person = await signedInAccount(server);
});
afterAll(async () => {
  await server?.close();
});

/**
 * The client, in a process of its own as a phone is: sends a body of this many megabytes (a
 * picture in a multipart form when the type says so) TIMES times, one after another, and tallies
 * what came back: a status with the first message, or the network error. In the server's own
 * process the upload and the answer take turns on one event loop, and the failure never shows.
 */
const CLIENT = `
const [url, megabytes, times, headersJson, boundary] = process.argv.slice(1);
const headers = JSON.parse(headersJson);
const bytes = Buffer.alloc(Number(megabytes) * 1024 * 1024, 'a');
const body = headers['content-type'].startsWith('multipart/')
  ? Buffer.concat([
      Buffer.from('--' + boundary + '\\r\\nContent-Disposition: form-data; name="file"; filename="me.png"\\r\\nContent-Type: image/png\\r\\n\\r\\n'),
      bytes,
      Buffer.from('\\r\\n--' + boundary + '--\\r\\n'),
    ])
  : bytes;
const seen = {};
for (let time = 0; time < Number(times); time += 1) {
  let outcome;
  try {
    const answer = await fetch(url, { method: 'POST', headers, body });
    const text = await answer.text();
    let first = '';
    try { first = JSON.parse(text).errors?.[0] ?? ''; } catch {}
    outcome = answer.status + ' ' + first;
  } catch (error) {
    outcome = 'network error ' + (error.cause?.code ?? String(error));
  }
  seen[outcome] = (seen[outcome] ?? 0) + 1;
}
console.log(JSON.stringify(seen));
`;

async function tally(path: string, megabytes: number, headers: Record<string, string>) {
  const { stdout } = await run(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      CLIENT,
      new URL(path, server.baseUrl).href,
      String(megabytes),
      String(TIMES),
      JSON.stringify(headers),
      BOUNDARY,
    ],
    { maxBuffer: 1024 * 1024 },
  );
  return JSON.parse(stdout) as Record<string, number>;
}

describe('a body over the limit', () => {
  it.each([5, 40])('of %i MB to a JSON call is answered 413 every time', async (megabytes) => {
    const seen = await tally(identityPaths.login, megabytes, {
      'content-type': 'application/json',
    });
    expect(seen).toEqual({ [`413 ${expectedTooLarge(seen)}`]: TIMES });
  });

  it.each([5, 40])(
    'of %i MB to the picture upload is answered 413 every time',
    async (megabytes) => {
      const seen = await tally(identityPaths.profilePicture, megabytes, {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        authorization: `Bearer ${person.token}`,
      });
      expect(seen).toEqual({ [`413 ${expectedTooLarge(seen)}`]: TIMES });
    },
  );

  it.each([40, 64])('of %i MB to the import is answered 413 every time', async (megabytes) => {
    const seen = await tally(`${portabilityPaths.importPreview}?timeColumn=1`, megabytes, {
      'content-type': 'text/csv',
      authorization: `Bearer ${person.token}`,
    });
    expect(seen).toEqual({ [`413 ${expectedTooLarge(seen)}`]: TIMES });
  });

  it('refused before it is read (no session) is answered 401 every time', async () => {
    const seen = await tally(portabilityPaths.importPreview, 40, { 'content-type': 'text/csv' });
    expect(Object.keys(seen)).toEqual([expect.stringMatching(/^401 /)]);
    expect(Object.values(seen)).toEqual([TIMES]);
  });

  it('leaves the server answering others at once', async () => {
    const answer = await fetch(new URL('/healthz', server.baseUrl));
    expect(answer.status).toBe(200);
  });
});

/** The one 413 message seen, which must say what to send instead. */
function expectedTooLarge(seen: Record<string, number>): string {
  const [first] = Object.keys(seen);
  const message = first?.replace(/^413 /, '') ?? '';
  expect(message, JSON.stringify(seen)).toMatch(/at most|too large/i);
  return message;
}
