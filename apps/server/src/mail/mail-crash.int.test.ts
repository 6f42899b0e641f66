// A mail accepted for sending survives a crash (decision 0020): a real server process answers a
// registration while its mail server is down, is killed with SIGKILL before the mail could be sent,
// and once started again on the same database, with the mail server back, sends it exactly once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  freePort,
  startServerProcess,
  stopped,
  type ServerProcess,
} from '../test/server-process.ts';
import { startSmtpPeer, type SmtpPeer } from '../test/smtp-peer.ts';
import { createTestDatabase, testDriver, type TestDatabase } from '../test/test-database.ts';

const running: ServerProcess[] = [];
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
      const first = await startServerProcess({ ...env, LOG_LEVEL: 'info' });
      running.push(first);
      const username = `crash.${process.pid}.${Date.now()}@example.com`;
      const registered = await fetch(`${first.url}/api/v1/identity/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Username: username, Password: 'a crash will not lose this' }),
      });
      expect(registered.status).toBe(202);
      // The mail server is down: the first try fails and the next waits. Then the process dies
      // without any chance to clean up.
      await expect
        .poll(() => first.output().includes('mail failed; will retry'), { timeout: 30_000 })
        .toBe(true);
      await stopped(first.child, 'SIGKILL');

      peer = await startSmtpPeer({ port: smtpPort });
      const second = await startServerProcess({ ...env, LOG_LEVEL: 'info' });
      running.push(second);
      const mail = await peer.waitFor(username, /Finish creating your Vitalia account/, 90_000);
      expect(mail.decoded).toMatch(/register\/confirm#token=/);
      // Once: nothing more comes after a few of the worker's polls.
      await new Promise((resolve) => setTimeout(resolve, 5000));
      expect(peer.received.filter((each) => each.to.includes(username))).toHaveLength(1);
    },
  );
});
