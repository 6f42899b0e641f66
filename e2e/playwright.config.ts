import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// The journeys run against the built server (npm run test:e2e builds it first) on a fresh
// embedded database, created once per run in a temporary folder.
const port = Number(process.env.E2E_PORT ?? 3100);
process.env.VITALIA_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'vitalia-e2e-'));

export default defineConfig({
  testDir: './journeys',
  outputDir: './artifacts/test-results',
  // Journey files run side by side against the one server, each file's journeys in order: every
  // journey makes its own people, and most of a journey's time is spent waiting on the page, so
  // three browsers keep two cores busy (docs/decisions/0005-tests.md).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  forbidOnly: process.env.CI === 'true',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: './artifacts/report', open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node start-server.mjs',
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.VITALIA_E2E_DATA_DIR,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      // The API-made accounts of the fixtures say which address they come from.
      TRUST_PROXY: 'true',
      // The reminders journey runs the due reminders as of a time it chooses (never in production).
      TEST_HOOKS: 'true',
      // The account-data journey deletes an account and waits for the purge: seconds, not days.
      ACCOUNT_DELETION_GRACE: '15s',
    },
  },
});
