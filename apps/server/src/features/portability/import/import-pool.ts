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

interface Queued {
  job: ReadJob;
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
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
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
      this.idleTimers.set(thread, setTimeout(() => void thread.terminate(), IDLE_MS).unref());
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

/**
 * Reads an import file on a worker thread: what import.service.ts readImportFile answers, or the
 * AppError it throws. A body that is not bytes is read here (it is refused at once, no file to read).
 */
export async function readImportFileOffLoop(
  body: unknown,
  contentType: string | undefined,
  options: ImportOptions,
  forImport: boolean,
): Promise<ReadFile> {
  if (!Buffer.isBuffer(body)) return readImportFile(body, contentType, options, forImport);
  // A copy the thread owns: the request's buffer may be a slice of a larger one.
  const bytes = new Uint8Array(body.byteLength);
  bytes.set(body);
  return pool.read({ bytes, contentType, options: { ...options }, forImport });
}
