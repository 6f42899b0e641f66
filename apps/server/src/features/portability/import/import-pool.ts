// Import files are read on worker threads, never on the event loop (docs/decisions/0031-importing-
// readings.md): parsing a 150,000-row CSV or a 32 MB Bundle takes seconds of CPU and up to a few
// hundred MB, and on the shared loop every other person's request would wait for it. The pool
// runs at most `readingSlots` files at once (one core is left for everything else) and queues the
// rest; each thread has a heap limit, so a hostile file runs its own thread out of memory, not the
// server; a file that takes longer than READ_TIMEOUT_MS is stopped. Idle threads end after
// IDLE_MS, so the memory a large file took is returned.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { AppError, badRequest } from '../../../plugins/errors.ts';
import { readImportFile, type ImportOptions, type ReadFile } from './import.service.ts';
import type { ReadAnswer, ReadJob } from './import-worker.ts';

/** Files read at once: one core is left for the requests of everyone else. */
export const readingSlots = Math.max(1, os.availableParallelism() - 1);
/** A thread's heap: a 32 MB file read whole, with its readings, stays well under it. */
const THREAD_HEAP_MB = 768;
/** The longest one file may take to read before it is refused. */
const READ_TIMEOUT_MS = 60_000;
/** How long an idle thread is kept for the next file before it ends and returns its memory. */
const IDLE_MS = 30_000;
/**
 * Files waiting for a thread, over everyone: each holds its bytes, so the queue is short, and a
 * person has at most one file read at a time (their next one is told to wait).
 */
const MOST_WAITING = 8;
/** The longest a file waits for a thread before the person is told to try again. */
const MOST_WAIT_MS = 30_000;

// In the sources the thread is TypeScript, loaded through tsx as the tests and `npm run dev`
// load everything; the build bundles it beside the server as import-worker.js.
const fromSources = import.meta.url.endsWith('.ts');
const threadFile = new URL(
  fromSources ? './import-worker.ts' : './import-worker.js',
  import.meta.url,
);

const tooComplex = () =>
  badRequest({
    code: 'IMPORT_TOO_COMPLEX',
    message:
      'This file takes more memory or time to read than any file of readings: it may be damaged, or built to be hard to read. Check that it is the export itself, or split it into smaller files.',
  });

const busy = () =>
  new AppError(
    503,
    'IMPORT_QUEUE_FULL',
    'Vitalia is reading other people\u2019s files just now. Nothing was lost: try this one again in a minute.',
    { 'retry-after': '60' },
  );

const oneAtATime = () =>
  new AppError(
    429,
    'IMPORT_IN_PROGRESS',
    'Another file of yours is still being read. Wait for it to finish, then send this one.',
    { 'retry-after': '10' },
  );

interface Queued {
  job: ReadJob;
  waitTimer?: NodeJS.Timeout;
  resolve: (file: ReadFile) => void;
  reject: (error: Error) => void;
}

class ReadingPool {
  private readonly idle: Worker[] = [];
  private readonly working = new Map<Worker, { queued: Queued; timer: NodeJS.Timeout }>();
  private readonly idleTimers = new Map<Worker, NodeJS.Timeout>();
  private readonly queue: Queued[] = [];
  private started = 0;

  constructor(private readonly size: number) {}

  read(job: ReadJob): Promise<ReadFile> {
    if (this.queue.length >= MOST_WAITING) return Promise.reject(busy());
    return new Promise((resolve, reject) => {
      const queued: Queued = { job, resolve, reject };
      queued.waitTimer = setTimeout(() => {
        const at = this.queue.indexOf(queued);
        if (at < 0) return;
        this.queue.splice(at, 1);
        reject(busy());
      }, MOST_WAIT_MS);
      this.queue.push(queued);
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const thread = this.idle.pop() ?? (this.started < this.size ? this.start() : undefined);
      if (!thread) return;
      clearTimeout(this.idleTimers.get(thread));
      this.idleTimers.delete(thread);
      const queued = this.queue.shift()!;
      clearTimeout(queued.waitTimer);
      const timer = setTimeout(() => {
        // A file that never finishes: the thread is ended, and with it the file.
        void thread.terminate();
      }, READ_TIMEOUT_MS);
      this.working.set(thread, { queued, timer });
      thread.ref();
      thread.postMessage(queued.job, [queued.job.bytes.buffer as ArrayBuffer]);
    }
  }

  private start(): Worker {
    this.started += 1;
    const resourceLimits = { maxOldGenerationSizeMb: THREAD_HEAP_MB };
    // A thread does not inherit the loader the sources run under: it registers tsx itself.
    const thread = fromSources
      ? new Worker(
          `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(threadFile.href)}); });`,
          { eval: true, resourceLimits },
        )
      : new Worker(threadFile, { resourceLimits });
    thread.on('message', (answer: ReadAnswer) => {
      const running = this.working.get(thread);
      this.working.delete(thread);
      if (running) clearTimeout(running.timer);
      thread.unref();
      this.idle.push(thread);
      this.idleTimers.set(
        thread,
        setTimeout(() => {
          // Out of the idle list first, so no file is handed to a thread that is ending.
          const at = this.idle.indexOf(thread);
          if (at >= 0) this.idle.splice(at, 1);
          void thread.terminate();
        }, IDLE_MS).unref(),
      );
      if (running) settle(running.queued, answer);
      this.dispatch();
    });
    thread.on('error', () => {
      // 'exit' follows and fails the file.
    });
    thread.on('exit', () => {
      this.started -= 1;
      clearTimeout(this.idleTimers.get(thread));
      this.idleTimers.delete(thread);
      const waitingAt = this.idle.indexOf(thread);
      if (waitingAt >= 0) this.idle.splice(waitingAt, 1);
      const running = this.working.get(thread);
      this.working.delete(thread);
      if (running) {
        clearTimeout(running.timer);
        running.queued.reject(tooComplex());
      }
      this.dispatch();
    });
    return thread;
  }
}

function settle(queued: Queued, answer: ReadAnswer): void {
  if ('file' in answer) queued.resolve(answer.file);
  else if ('refused' in answer) {
    const { statusCode, code, problems, headers } = answer.refused;
    queued.reject(new AppError(statusCode, code, problems, headers));
  } else queued.reject(new Error(`reading the import file failed: ${answer.failed}`));
}

const pool = new ReadingPool(readingSlots);
/** The people whose file is being read or waits: one each. */
const reading = new Set<string>();

/**
 * Reads an import file on a worker thread: what import.service.ts readImportFile answers, or the
 * AppError it throws. A body that is not bytes is read here (it is refused at once, no file to read).
 */
export async function readImportFileOffLoop(
  personId: string,
  body: unknown,
  contentType: string | undefined,
  options: ImportOptions,
  forImport: boolean,
): Promise<ReadFile> {
  if (!Buffer.isBuffer(body)) return readImportFile(body, contentType, options, forImport);
  if (reading.has(personId)) throw oneAtATime();
  reading.add(personId);
  try {
    // The bytes are handed to the thread, not copied, when the body owns its memory whole.
    const owned = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength;
    const bytes = owned ? new Uint8Array(body.buffer) : Uint8Array.from(body);
    return await pool.read({ bytes, contentType, options: { ...options }, forImport });
  } finally {
    reading.delete(personId);
  }
}
