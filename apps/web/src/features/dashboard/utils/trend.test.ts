import { describe, expect, it } from 'vitest';
import type { RecentReading } from '@vitalia/api/records.contract';
import { lineValue, trendOf } from './trend';

const at = (day: number, value: number, second: number | null = null): RecentReading => ({
  takenAt: `2026-11-${String(day).padStart(2, '0')}T08:00:00.000Z`,
  value,
  second,
});

describe('the trend since the reading before', () => {
  it('has none with a single reading', () => {
    expect(trendOf('pulse', [at(20, 72)])).toBeNull();
    expect(trendOf('pulse', [])).toBeNull();
  });

  it('compares the newest with the one before it by time, whatever order they came in', () => {
    const trend = trendOf('pulse', [at(22, 80), at(24, 70), at(20, 90)]);
    expect(trend).toEqual({ direction: 'down', previous: at(22, 80) });
  });

  it('compares with the reading before however long ago it was', () => {
    expect(trendOf('sugar', [at(1, 90), at(24, 120)])).toEqual({
      direction: 'up',
      previous: at(1, 90),
    });
  });

  it('moves a blood pressure one way only when neither number went the other', () => {
    expect(trendOf('bloodPressure', [at(20, 130, 85), at(21, 124, 80)])?.direction).toBe('down');
    expect(trendOf('bloodPressure', [at(20, 130, 85), at(21, 124, 85)])?.direction).toBe('down');
    expect(trendOf('bloodPressure', [at(20, 130, 85), at(21, 130, 80)])?.direction).toBe('down');
    expect(trendOf('bloodPressure', [at(20, 130, 85), at(21, 130, 85)])?.direction).toBe('same');
    // The top number fell and the bottom one rose: never 'down'.
    expect(trendOf('bloodPressure', [at(20, 130, 78), at(21, 122, 88)])?.direction).toBe('mixed');
  });

  it('reads both numbers of breathing as it does a pressure, and draws FEV1 first', () => {
    // FEV2 falls while FEV1 rises: neither 'up' nor 'down'.
    expect(trendOf('breathing', [at(20, 90, 70), at(21, 85, 78)])?.direction).toBe('mixed');
    expect(trendOf('breathing', [at(20, 80, 70), at(21, 85, 78)])?.direction).toBe('up');
    expect(trendOf('breathing', [at(20, 85, 78), at(21, 85, 72)])?.direction).toBe('down');
    // The card's line follows FEV1, the value people read first (stored second).
    expect(lineValue('breathing', at(21, 85, 78))).toBe(78);
  });
});
