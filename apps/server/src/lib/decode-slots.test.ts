import { describe, expect, it } from 'vitest';
import { DecodeSlots } from './decode-slots.ts';
import { AppError } from '../plugins/errors.ts';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('decode slots', () => {
  it('runs as many as it has slots, lets a few wait, and refuses the rest with 503 and Retry-After', async () => {
    const slots = new DecodeSlots({ running: 1, waiting: 1, waitMs: 60_000 });
    const first = gate();
    const order: string[] = [];
    const running = slots.run(async () => {
      order.push('first started');
      await first.opened;
      order.push('first done');
    });
    const waiting = slots.run(async () => {
      order.push('second started');
    });
    expect(slots.busyCount).toEqual({ running: 1, waiting: 1 });
    const refused = await slots.run(async () => 'never').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 503, headers: { 'retry-after': '5' } });

    first.open();
    await Promise.all([running, waiting]);
    expect(order).toEqual(['first started', 'first done', 'second started']);
    expect(slots.busyCount).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses one that waited too long, and frees its place in line', async () => {
    const slots = new DecodeSlots({ running: 1, waiting: 1, waitMs: 20 });
    const first = gate();
    const running = slots.run(() => first.opened);
    const late = await slots.run(async () => 'late').catch((error: unknown) => error);
    expect(late).toMatchObject({ statusCode: 503 });
    expect(slots.busyCount).toEqual({ running: 1, waiting: 0 });
    first.open();
    await running;
    expect(await slots.run(async () => 'next')).toBe('next');
  });

  it('gives the slot back when the work fails', async () => {
    const slots = new DecodeSlots({ running: 1, waiting: 0, waitMs: 1_000 });
    await expect(slots.run(() => Promise.reject(new Error('bad image')))).rejects.toThrow(
      'bad image',
    );
    expect(await slots.run(async () => 'free again')).toBe('free again');
  });
});
