// What the benchmark and the fault scenarios share: choosing parts from the command line, talking
// to the machine's PostgreSQL, finding a free port, and the body of a health reading.
import net from 'node:net';
import pg from 'pg';

/** `--only=a,b` picks parts; without it every part is wanted. */
export function chosenParts(argv) {
  const only = new Set(
    (argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length) ?? '')
      .split(',')
      .filter(Boolean),
  );
  return { only, wanted: (part) => only.size === 0 || only.has(part) };
}

export async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The address of database `name` on the server `adminUrl` names. */
export function databaseUrlFor(adminUrl, name) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}

export async function freePort() {
  const probe = net.createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A reading as POST /api/v1/records/health takes it (packages/api/src/records.contract.ts, healthReadingRequest). */
export const readingBody = (Tag, TagValue) => ({
  Tag,
  TagValue,
  DirectFromDevice: false,
  MinTagValue: '',
  MinTag: '',
  Narration: '',
  Device: '',
  Report: '',
});
