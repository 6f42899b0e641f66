import { describe, expect, it } from 'vitest';
import { timeOrderedId } from './time-ordered-id.ts';

describe('timeOrderedId', () => {
  it('is a version 7 UUID whose first 48 bits are the milliseconds', () => {
    const id = timeOrderedId(Date.UTC(2026, 10, 29, 8, 0, 0));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replaceAll('-', '').slice(0, 12), 16)).toBe(Date.UTC(2026, 10, 29, 8, 0, 0));
  });

  it('sorts in the order made, within one millisecond too, and later milliseconds after', () => {
    const at = Date.UTC(2030, 0, 1);
    const ids = [
      ...Array.from({ length: 50 }, () => timeOrderedId(at)),
      ...Array.from({ length: 50 }, () => timeOrderedId(at + 1)),
    ];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
