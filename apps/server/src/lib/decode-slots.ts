// Decoding an image is the one piece of work a single request can make long (a 1 x 40,000,000 PNG
// takes seconds), and it runs on libuv's thread pool, which static files and other file reads
// share. So at most a few decodes run at once, a few more wait their turn, and the rest are told
// at once to come back (503 with Retry-After) instead of queueing without end.
import { AppError } from '../plugins/errors.ts';

export interface DecodeSlotOptions {
  /** Decodes at once; below libuv's pool of 4, so file reads always find a thread. */
  running: number;
  /** Uploads that may wait for a slot; one more is refused. */
  waiting: number;
  /** How long one may wait before it is refused. */
  waitMs: number;
}

export const RETRY_AFTER_SECONDS = 5;

function busy(): AppError {
  return new AppError(
    503,
    'IMAGES_BUSY',
    `Many pictures are being processed just now. Please try again in ${RETRY_AFTER_SECONDS} seconds.`,
    { 'retry-after': String(RETRY_AFTER_SECONDS) },
  );
}

export class DecodeSlots {
  private running = 0;
  private readonly queue: Array<{ start: () => void; timer: NodeJS.Timeout }> = [];

  constructor(private readonly options: DecodeSlotOptions) {}

  /** Runs `work` when a slot is free; refuses with 503 when too many are waiting. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  get busyCount(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.queue.length };
  }

  private acquire(): Promise<void> {
    if (this.running < this.options.running) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.queue.length >= this.options.waiting) return Promise.reject(busy());
    return new Promise((resolve, reject) => {
      const entry = {
        start: () => {
          clearTimeout(entry.timer);
          resolve();
        },
        timer: setTimeout(() => {
          const index = this.queue.indexOf(entry);
          if (index >= 0) this.queue.splice(index, 1);
          reject(busy());
        }, this.options.waitMs),
      };
      this.queue.push(entry);
    });
  }

  private release(): void {
    const next = this.queue.shift();
    // The slot passes straight to the next in line, so the count of running decodes stays put.
    if (next) next.start();
    else this.running -= 1;
  }
}
