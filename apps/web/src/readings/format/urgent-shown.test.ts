import { describe, expect, it } from 'vitest';
import { analyse } from '@vitalia/health/analysis';
import type { AnalysisResponse } from '@vitalia/api/records.contract';
import { MEASURE_IDS } from '@vitalia/health/measure.catalog';
import { raisesBanner, urgentShown } from './urgent-shown';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const hoursAgo = (hours: number) => new Date(NOW - hours * 3600_000).toISOString();

/** The parts of an analysis the banners read, rated by the interpreter as the server does. */
function analysisOf(
  readings: Record<string, { tagValue: string; minTagValue?: string; takenAt: string }>,
): Pick<AnalysisResponse, 'measures' | 'readings'> {
  const report = analyse({ readings, now: new Date(NOW) });
  const shown = Object.fromEntries(
    MEASURE_IDS.map((measure) => {
      const reading = readings[measure];
      return [
        measure,
        reading ? ({ ...reading, minTagValue: reading.minTagValue ?? null } as never) : null,
      ];
    }),
  ) as AnalysisResponse['readings'];
  return { measures: report.measures, readings: shown };
}

describe('which urgent readings raise a banner', () => {
  it('an urgent reading raises one for 24 hours after it was taken', () => {
    const shown = urgentShown(
      analysisOf({ oxygen: { tagValue: '88', takenAt: hoursAgo(24) } }),
      NOW,
    );
    expect(shown.current.map((each) => each.measure)).toEqual(['oxygen']);
    expect(raisesBanner(shown)).toBe(true);
  });

  it('older, it only asks for a new reading, and lets a dialog open', () => {
    const shown = urgentShown(
      analysisOf({ oxygen: { tagValue: '88', takenAt: hoursAgo(24 * 100) } }),
      NOW,
    );
    expect(shown.current).toEqual([]);
    expect(shown.stale.map((each) => each.measure)).toEqual(['oxygen']);
    expect(raisesBanner(shown)).toBe(false);
  });

  it('readings together follow the newest of them', () => {
    const together = (hours: number) =>
      urgentShown(
        analysisOf({
          temperature: { tagValue: '39.0', takenAt: hoursAgo(hours) },
          bloodPressure: { tagValue: '88', minTagValue: '58', takenAt: hoursAgo(hours) },
          pulse: { tagValue: '118', takenAt: hoursAgo(hours) },
        }),
        NOW,
      );
    expect(together(2).together?.urgency).toBe('now');
    expect(raisesBanner(together(2))).toBe(true);
    expect(together(30).together).toBeNull();
    expect(together(30).staleTogether?.together.urgency).toBe('now');
    expect(raisesBanner(together(30))).toBe(false);
  });
});
