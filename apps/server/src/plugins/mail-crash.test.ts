// A mail accepted for sending survives a crash (decision 0020): a real server process answers a
// registration while its mail server is down, is killed with SIGKILL before the mail could be sent,
// and once started again on the same database, with the mail server back, sends it exactly once.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../test/smtp-peer.ts';
import { createTestDatabase, testDriver, type TestDatabase } from '../test/test-database.ts';

const serverRoot = path.resolve(import.meta.dirname, '..', '..');

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

interface Server {
  url: string;
  child: ChildProcess;
  output: () => string;
}

/** `npm run dev`'s server on this data folder (and this PostgreSQL database, on that run). */
async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
    const ready = await fetch(`${url}/readyz`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ready) return { url, child, output: () => output };
    if (Date.now() > deadline) throw new Error(`the server did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function stopped(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

const running: Server[] = [];
let peer: SmtpPeer | undefined;
let database: TestDatabase | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitalia-crash-'));
afterAll(async () => {
  await Promise.all(running.map((server) => stopped(server.child, 'SIGTERM')));
  await peer?.close();
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a mail accepted before a crash', () => {
  it(
    'arrives once after the server is killed and started again',
    { timeout: 180_000 },
    async () => {
      const smtpPort = await freePort();
      const env: Record<string, string> = {
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      };
      if (testDriver === 'postgres') {
        database = await createTestDatabase();
        env.DATABASE_URL = database.url!;
      }
      const first = await startServer(env);
      running.push(first);
      const username = `crash.${process.pid}.${Date.now()}@example.com`;
      const registered = await fetch(`${first.url}/api/v1/identity/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Username: username, Password: 'a crash will not lose this' }),
      });
      expect(registered.status).toBe(201);
      // The mail server is down: the first try fails and the next waits. Then the process dies
      // without any chance to clean up.
      await expect
        .poll(() => first.output().includes('mail failed; will retry'), { timeout: 30_000 })
        .toBe(true);
      await stopped(first.child, 'SIGKILL');

      peer = await startSmtpPeer({ port: smtpPort });
      const second = await startServer(env);
      running.push(second);
      const mail = await peer.waitFor(username, /Confirm your email address/, 90_000);
      expect(mail.decoded).toMatch(/verify\/email#token=/);
      // Once: nothing more comes after a few of the worker's polls.
      await new Promise((resolve) => setTimeout(resolve, 5000));
      expect(peer.received.filter((each) => each.to.includes(username))).toHaveLength(1);
    },
  );
});
