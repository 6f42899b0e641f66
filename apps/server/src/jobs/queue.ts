// Background work (decision 0020): pg-boss keeps its jobs in the database Vitalia already has, in
// its own `pgboss` schema. On the embedded database it shares drizzle's one PGlite connection
// through the adapter pg-boss ships; on PostgreSQL it opens a small pool of its own on the same URL.
// It starts with the server and stops before the database closes. Only this folder talks to
// pg-boss: features add jobs through `send`, and jobs/background-work.ts starts every worker.
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { JobWithMetadata, QueueOptions } from 'pg-boss';
import type { Database, DatabaseHandle } from '../db/database.ts';

/** How a queue's jobs are retried and kept; see pg-boss's QueueOptions. */
export type JobRules = Pick<
  QueueOptions,
  | 'retryLimit'
  | 'retryDelay'
  | 'retryBackoff'
  | 'retryDelayMax'
  | 'expireInSeconds'
  | 'deleteAfterSeconds'
  | 'retentionSeconds'
>;

export interface JobQueueOptions {
  /**
   * Runs recurring schedules (housekeeping). On by default; tests switch it off so that no
   * scheduled job runs under them, and call the jobs' functions themselves.
   */
  schedules?: boolean;
  /**
   * How often a worker looks for jobs it was not woken for: retries that have come due, and jobs
   * another server process added. A job added by this process wakes its worker at once.
   */
  pollingIntervalSeconds?: number;
  /** How often schedules are checked for a due time (30 s, so a job runs within 30 s of it). */
  cronMonitorIntervalSeconds?: number;
}

/** Every queue the server has; jobs/background-work.ts starts a worker on each. */
export const queueNames = [
  'mail',
  'account-purge',
  'reminders',
  'weekly-summary',
  'housekeeping',
  'order-release',
] as const;
export type QueueName = (typeof queueNames)[number];

export interface SendOptions {
  /** Not before this time. */
  startAfter?: Date;
  /**
   * Added inside the caller's transaction, so that the job exists if and only if it commits.
   * Such a job is found at the worker's next look, not at once.
   */
  within?: Database;
  /** Fewer tries than the queue's rules give (a job that must fail at once). */
  retryLimit?: number;
}

/** The queue as features see it. */
export interface JobQueue {
  /**
   * Resolves once pg-boss has started (or failed to: the calls below then say so). The API waits
   * for it before a request's handler runs (app.ts): a handler may add a job inside its
   * transaction, and on the embedded database a transaction holds the only connection, which the
   * queue's start needs.
   */
  started(): Promise<void>;
  /** Whether pg-boss is starting, running, or failed to start. */
  status(): 'starting' | 'started' | 'failed';
  /** Adds a job; a job due now wakes this process's worker on its queue at once. */
  send(name: QueueName, data: object, options?: SendOptions): Promise<string | null>;
  /** A job's state ('created', 'active', 'completed', 'failed', ...), or null when it is gone. */
  stateOf(name: QueueName, id: string): Promise<string | null>;
  /** Gives a failed job one more try, at once. */
  retry(name: QueueName, id: string): Promise<void>;
  /**
   * Creates (or updates) the queue `name` and starts this process's worker on it, one job at a
   * time.
   */
  work<T extends object>(
    name: QueueName,
    rules: JobRules,
    handler: (job: JobWithMetadata<T>) => Promise<void>,
  ): Promise<void>;
  /**
   * Runs `handler` on a cron schedule (UTC), once per due time across every server process sharing
   * the database (a due time missed while no process ran gives one run). Without schedules only
   * the worker starts.
   */
  every(
    name: QueueName,
    cron: string,
    rules: JobRules,
    handler: () => Promise<void>,
  ): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/**
 * How long work under way may go on at shutdown. A try still running then is given back to the
 * queue when it expires (a minute for mail) and tried again by whichever process runs next.
 */
const stopGraceMs = 10_000;

/**
 * Makes `app.jobs` at once and starts pg-boss in the background: nothing about answering requests
 * waits for it, so the server listens first (docs/decisions/0048-server-layout.md). Every call
 * of the queue waits for the start; a start that fails is logged, and the calls then fail.
 */
export async function registerJobQueue(
  app: FastifyInstance,
  database: DatabaseHandle,
  {
    schedules = true,
    pollingIntervalSeconds = 2,
    cronMonitorIntervalSeconds = 30,
  }: JobQueueOptions = {},
  rules: Partial<Record<QueueName, JobRules>> = {},
): Promise<void> {
  const connection = database.jobConnection;
  const started = (async () => {
    const { PgBoss, fromPglite } = await import('pg-boss');
    const boss =
      connection.driver === 'embedded'
        ? new PgBoss({
            db: fromPglite(connection.client),
            backend: 'pglite',
            schedule: schedules,
            cronMonitorIntervalSeconds,
          })
        : new PgBoss({
            connectionString: connection.url,
            max: 4,
            application_name: 'vitalia-jobs',
            schedule: schedules,
            cronMonitorIntervalSeconds,
          });
    boss.on('error', (error) => app.log.error({ err: error }, 'job queue error'));
    boss.on('warning', (warning) =>
      app.log.warn({ jobs: warning }, `job queue: ${warning.message}`),
    );
    await boss.start();
    // Every queue exists, with its rules, before the first job is added to it: a job added inside
    // a request's transaction must find its queue without asking the database anything outside it.
    for (const name of queueNames) {
      const queueRules = rules[name] ?? {};
      await boss.createQueue(name, queueRules);
      // Created once; later versions' rules replace those stored.
      if (Object.keys(queueRules).length > 0) await boss.updateQueue(name, queueRules);
    }
    return boss;
  })();
  let status: 'starting' | 'started' | 'failed' = 'starting';
  started.then(
    () => (status = 'started'),
    (error: unknown) => {
      status = 'failed';
      app.log.error({ err: error }, 'the job queue did not start');
    },
  );
  const bossStarted = () => started;

  /** This process's worker on each queue it works. */
  const workers = new Map<QueueName, string>();
  const wake = async (name: QueueName) => {
    const workerId = workers.get(name);
    if (workerId) (await bossStarted()).notifyWorker(workerId);
  };

  const jobs: JobQueue = {
    started: () =>
      started.then(
        () => undefined,
        () => undefined,
      ),
    status: () => status,
    async send(name, data, { startAfter, within, retryLimit } = {}) {
      const boss = await bossStarted();
      const id = await boss.send(name, data, {
        ...(startAfter ? { startAfter } : {}),
        ...(retryLimit !== undefined ? { retryLimit } : {}),
        ...(within ? { db: inTransaction(within) } : {}),
      });
      if (!within && !startAfter) await wake(name);
      return id;
    },
    async stateOf(name, id) {
      const [job] = await (await bossStarted()).findJobs(name, { id });
      return job?.state ?? null;
    },
    async retry(name, id) {
      await (await bossStarted()).retry(name, id);
      await wake(name);
    },
    async work<T extends object>(
      name: QueueName,
      rules: JobRules,
      handler: (job: JobWithMetadata<T>) => Promise<void>,
    ) {
      const boss = await bossStarted();
      // Created once; later versions' rules replace those stored.
      await boss.createQueue(name, rules);
      if (Object.keys(rules).length > 0) await boss.updateQueue(name, rules);
      const options = { pollingIntervalSeconds, batchSize: 1, includeMetadata: true } as const;
      let workerId = '';
      workerId = await boss.work<T, unknown, typeof options>(name, options, async (batch) => {
        const [job] = batch;
        if (!job) return;
        try {
          await handler(job);
        } finally {
          // One job at a time, but without a pause between them while more are waiting: the
          // worker looks again at once after each job, and waits the polling interval only when
          // it found none.
          boss.notifyWorker(workerId);
        }
      });
      workers.set(name, workerId);
    },
    async every(name, cron, rules, handler) {
      await jobs.work(name, rules, () => handler());
      if (schedules) {
        await (await bossStarted()).schedule(name, cron, null, { tz: 'UTC', missed: 'once' });
      }
    },
  };
  app.decorate('jobs', jobs);
  // onClose hooks run in the reverse order of registration, so this one runs before the
  // database's (plugins/database.ts): work under way finishes, or is handed back to the queue for
  // a retry, while the database is still open.
  app.addHook('onClose', async () => {
    const boss = await started.catch(() => undefined);
    await boss?.stop({
      graceful: true,
      timeout: stopGraceMs,
      close: connection.driver === 'postgres',
    });
  });
}

/**
 * pg-boss's statements run inside a drizzle transaction (its `db` option), so that a job is added
 * together with the rows it belongs to, or not at all. pg-boss writes `$n` placeholders; each
 * becomes a drizzle parameter.
 */
function inTransaction(tx: Database) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const chunks: SQL[] = [];
      let last = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, match.index)));
        chunks.push(sql`${values[Number(match[1]) - 1]}`);
        last = match.index + match[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      return (await tx.execute(sql.join(chunks))) as unknown as { rows: unknown[] };
    },
  };
}
