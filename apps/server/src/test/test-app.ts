import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDependencies } from '../app.ts';
import type { AppConfig } from '../config.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  database: TestDatabase;
  /** The listening server's address, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** fetch against the server: `request('/healthz')`. */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** Every log line the server wrote, parsed. */
  logs: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    nodeEnv: 'test',
    port: 0,
    host: '127.0.0.1',
    // Uploads land here; each test app gets its own folder, removed when it closes.
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'vitalia-test-data-')),
    databaseUrl: undefined,
    publicUrl: 'http://localhost:3000',
    logLevel: 'info',
    trustProxy: false,
    jwtSecret: 'test-signing-secret-that-is-long-enough-0123456789',
    // A folder with no build in it: tests of the web app point this at a fixture.
    webDistDir: '/nonexistent-web-dist',
    oauthClients: { 'vitalia-mobile': 'mobile-client-secret-for-tests' },
    smtpUrl: undefined,
    mailFrom: 'Vitalia <no-reply@vitalia.test>',
    linkedin: undefined,
    store: {
      currency: 'NGN',
      vatRatePercent: 7.5,
      locale: 'en-NG',
      pickup: {
        address: '14 Admiralty Way, Lekki Phase 1, Lagos',
        hours: 'Monday to Saturday, 09:00 to 18:00',
      },
    },
    emergency: { number: '112', crisisLine: null },
    apiDocs: true,
    testHooks: false,
    ...overrides,
  };
}

/** The whole server on a freshly migrated database, with its logs captured. */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  prepare?: (app: FastifyInstance) => void,
  {
    clock,
    oidcFetch,
    // No schedule runs under a test unless it asks; workers look for due retries twice a second.
    jobs = { schedules: false, pollingIntervalSeconds: 0.5 },
  }: Pick<AppDependencies, 'clock' | 'oidcFetch' | 'jobs'> = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const handle = await database.open();
  await handle.migrate();
  const logs: Array<Record<string, unknown>> = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim()) logs.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  const config = testConfig(overrides);
  const app = await buildApp(config, {
    database: handle,
    logStream,
    jobs,
    ...(clock ? { clock } : {}),
    ...(oidcFetch ? { oidcFetch } : {}),
  });
  prepare?.(app);
  // Through real HTTP, as clients talk to it: headers, lengths and encodings are the real ones.
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    config,
    baseUrl,
    request: (path, init) => fetch(new URL(path, baseUrl), init),
    database,
    logs,
    async close() {
      await app.close();
      await database.drop();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
