// One argon2id hashing thread (see password.service.ts). It lowers its own scheduling priority
// first: on Linux the nice value belongs to each thread, so this thread yields the CPU to the
// event loop and to PostgreSQL whenever they have work, and hashes with what is left. A sign-in
// storm then slows sign-ins, not everyone's reads. Plain JavaScript, because a worker thread
// loads its file as Node sees it, in the sources as in the build.
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { hashSync, verifySync } from '@node-rs/argon2';

/** How much lower than the server's own threads; 10 gives it about a tenth of a contested core. */
const lowerPriority = 10;

// Only on Linux: elsewhere the nice value belongs to the whole process, which would slow the
// server itself, a little more with each thread started.
if (process.platform === 'linux') {
  try {
    os.setPriority(0, os.getPriority(0) + lowerPriority);
  } catch {
    // Refused: it still hashes, only at the usual priority.
  }
}

parentPort?.on('message', (job) => {
  try {
    const value =
      job.op === 'hash' ? hashSync(job.password, job.options) : verifySync(job.hash, job.password);
    parentPort?.postMessage({ value });
  } catch (error) {
    parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
