// Passwords are stored with argon2id at OWASP's recommended parameters (m = 19 MiB, t = 2, p = 1;
// OWASP Password Storage Cheat Sheet). Hashing runs on worker threads of lowered priority
// (hash-worker.mjs), never on the event loop, and at most `hashingSlots` run at once, so that a
// storm of sign-ins can take neither all memory nor the CPU the other requests need.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { dictionary } from '@zxcvbn-ts/language-common';

const argon2Options = {
  // Algorithm.Argon2id; the package's enum is a const enum that isolated modules cannot read.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * One core is left for everything else: hashing is pure CPU. Each slot holds 19 MiB while it runs.
 */
export const hashingSlots = Math.max(1, os.availableParallelism() - 1);

type HashJob =
  | { op: 'hash'; password: string; options: typeof argon2Options }
  | { op: 'verify'; hash: string; password: string };
type HashAnswer = { value: string | boolean } | { error: string };

interface QueuedJob {
  job: HashJob;
  resolve: (value: string | boolean) => void;
  reject: (error: Error) => void;
}

/**
 * Up to `size` hashing threads, started when first needed. A thread is referenced only while it
 * hashes, so an idle pool never keeps a process (the CLI, a test) alive, and a thread that dies
 * fails its job and is replaced by the next one needed.
 */
class HashingPool {
  private readonly threads = new Set<Worker>();
  private readonly idle: Worker[] = [];
  private readonly working = new Map<Worker, QueuedJob>();
  private readonly queue: QueuedJob[] = [];

  constructor(
    private readonly size: number,
    private readonly file: URL,
  ) {}

  run(job: HashJob): Promise<string | boolean> {
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const thread = this.idle.pop() ?? (this.threads.size < this.size ? this.start() : undefined);
      if (!thread) return;
      const queued = this.queue.shift()!;
      this.working.set(thread, queued);
      thread.ref();
      thread.postMessage(queued.job);
    }
  }

  private start(): Worker {
    const thread = new Worker(this.file);
    this.threads.add(thread);
    thread.on('message', (answer: HashAnswer) => {
      const queued = this.working.get(thread);
      this.working.delete(thread);
      thread.unref();
      this.idle.push(thread);
      if ('error' in answer) queued?.reject(new Error(answer.error));
      else queued?.resolve(answer.value);
      this.dispatch();
    });
    // 'exit' follows 'error'; the job is failed once, there, with the error's words.
    let crash: Error | undefined;
    thread.on('error', (error) => {
      crash = error;
    });
    thread.on('exit', (code) => {
      this.threads.delete(thread);
      const waitingAt = this.idle.indexOf(thread);
      if (waitingAt >= 0) this.idle.splice(waitingAt, 1);
      const queued = this.working.get(thread);
      this.working.delete(thread);
      queued?.reject(
        new Error(`the hashing thread stopped (exit code ${code})`, crash ? { cause: crash } : {}),
      );
      this.dispatch();
    });
    return thread;
  }
}

const pool = new HashingPool(hashingSlots, new URL('./hash-worker.mjs', import.meta.url));

export async function hashPassword(password: string): Promise<string> {
  return (await pool.run({ op: 'hash', password, options: argon2Options })) as string;
}

/**
 * The limit on wrong current passwords typed by a signed-in person (changing it, connecting
 * LinkedIn): 5 in 15 minutes, one budget for every call that asks, so a stolen session cannot
 * guess the password through one call and then another.
 */
export function currentPasswordAttempts(userId: string) {
  return [{ key: `password:account:${userId}`, limit: 5, windowSeconds: 15 * 60 }];
}

// Verifying against this when there is no such account takes as long as a real check, so the
// time of an answer does not tell whether an email address has an account.
let decoyHash: Promise<string> | undefined;

/** True when the password matches; a missing hash is checked against a decoy and is false. */
export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  // A failed decoy is not kept: unknown addresses would then fail while known ones answer 401.
  decoyHash ??= hashPassword('decoy password that matches nothing').catch((error: unknown) => {
    decoyHash = undefined;
    throw error;
  });
  const target = storedHash ?? (await decoyHash);
  const matches = await pool.run({ op: 'verify', hash: target, password });
  return storedHash !== null && matches === true;
}

// The most common passwords of the zxcvbn-ts project's list (itself drawn from published breach
// corpora), kept to those a person could choose under our length rule.
let commonPasswordSet: Set<string> | undefined;
const commonPasswords = () =>
  (commonPasswordSet ??= new Set(
    dictionary['passwords-common']
      .map((password) => password.toLowerCase())
      .filter((password) => password.length >= 8),
  ));

/** Why a new password is refused beyond its length, or undefined when it is acceptable. */
export function passwordWeakness(password: string, username: string): string | undefined {
  const lowered = password.toLowerCase();
  if (commonPasswords().has(lowered)) {
    return 'is one of the most common passwords, which attackers try first; choose another';
  }
  const localPart = username.toLowerCase().split('@')[0] ?? '';
  if (lowered === username.toLowerCase() || (localPart.length >= 4 && lowered === localPart)) {
    return 'must not be your email address or its name part';
  }
  if (/^(.)\1+$/.test(password)) return 'must not be one character repeated';
  return undefined;
}

export function commonPasswordCount(): number {
  return commonPasswords().size;
}
