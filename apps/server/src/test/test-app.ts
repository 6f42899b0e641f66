import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDependencies } from '../app.ts';
import type { AppConfig } from '../config.ts';
import { errorResponse } from '@vitalia/api/errors.schema';
import { problemText } from '../plugins/errors.ts';
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

/**
 * The confidential client every test server knows (OAUTH_CLIENTS): the doctors' app, whose tokens
 * alone reach the doctors' calls (docs/decisions/0049-confidential-clients.md).
 */
export const doctorsAppClient = { id: 'vitalia-mobile', secret: 'mobile-client-secret-for-tests' };

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
    oauthClients: { [doctorsAppClient.id]: doctorsAppClient.secret },
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
  // As a server does a moment after it listens: tests begin with the queue running.
  await app.jobs.started();
  return {
    app,
    config,
    baseUrl,
    request: async (path, init) => {
      const response = await fetch(new URL(path, baseUrl), init);
      await assertErrorModel(response);
      return response;
    },
    database,
    logs,
    async close() {
      // A test that reads an answer's status but not its body (a large one, such as the OpenAPI
      // document) leaves its connection busy, and the server's close waits for it for ever.
      app.server.closeAllConnections();
      await app.close();
      await database.drop();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Every failure any server test meets is checked against the error model
 * (docs/decisions/0003-error-model-and-contract.md): `errors` and `details` say the same problems
 * one for one, so a client may read either. A break fails the test that met it.
 */
async function assertErrorModel(response: Response): Promise<void> {
  const type = response.headers.get('content-type') ?? '';
  if (response.status < 400 || !type.startsWith('application/json')) return;
  const text = await response.clone().text();
  const body: unknown = JSON.parse(text);
  const parsed = errorResponse.safeParse(body);
  const problem = !parsed.success
    ? parsed.error.message
    : parsed.data.errors.length !== parsed.data.details.length
      ? 'errors and details differ in length'
      : parsed.data.details.findIndex(
            (detail, index) => problemText(detail) !== parsed.data.errors[index],
          ) >= 0
        ? 'errors do not say what details say'
        : undefined;
  if (problem) {
    throw new Error(`A ${response.status} answer breaks the error model (${problem}): ${text}`);
  }
}
