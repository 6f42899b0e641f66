// Several server processes on one PostgreSQL (decision 0020): each scheduled job runs once per due
// time, whichever process's queue sees it first. Two queues, each with its own connections to the
// database as two processes have. PostgreSQL only: the embedded database belongs to one process.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { createTestDatabase, testDriver, type TestDatabase } from '../test/test-database.ts';
import { registerJobQueue, type QueueName } from './queue.ts';

let database: TestDatabase | undefined;
const apps: FastifyInstance[] = [];
const handles: DatabaseHandle[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const handle of handles) await handle.close();
  await database?.drop();
});

async function process(): Promise<FastifyInstance> {
  const handle = await database!.open();
  handles.push(handle);
  const app = Fastify({ logger: false });
  apps.push(app);
  await registerJobQueue(app, handle, {
    schedules: true,
    pollingIntervalSeconds: 0.5,
    cronMonitorIntervalSeconds: 1,
  });
  return app;
}

describe.skipIf(testDriver !== 'postgres')('a schedule shared by two server processes', () => {
  it('runs once at each due time, not once per process', { timeout: 150_000 }, async () => {
    database = await createTestDatabase();
    const runs: Array<{ by: string; at: Date }> = [];
    const [first, second] = [await process(), await process()];
    // A schedule made late in a minute finds that minute's due time still in the 60-second window
    // and runs it, and the next minute's run can follow a second later: two honest runs that a
    // check of a few seconds could not tell from one run made twice. Made early in a minute, the
    // only due time in reach is this minute's, and the next is most of a minute away.
    const secondsIn = new Date().getUTCSeconds();
    if (secondsIn > 20)
      await new Promise((resolve) => setTimeout(resolve, (61 - secondsIn) * 1000));
    for (const [name, app] of [
      ['first', first],
      ['second', second],
    ] as const) {
      await app.jobs.every(
        'every-minute' as QueueName,
        '* * * * *',
        { retryLimit: 0 },
        async () => {
          runs.push({ by: name, at: new Date() });
        },
      );
    }
    // This minute's run, by one of them.
    await expect.poll(() => runs.length, { timeout: 25_000, interval: 250 }).toBeGreaterThan(0);
    // Both queues check the schedule every second: long enough for a second run to show.
    await new Promise((resolve) => setTimeout(resolve, 8000));
    expect(runs, 'one run of this minute, by one process').toHaveLength(1);
  });
});
