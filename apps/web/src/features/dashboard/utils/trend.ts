// How a measure moved since the reading before the newest, for the dashboard's cards.
import type { RecentReading } from '@vitalia/api/records.contract';
import { MEASURES, type MeasureId } from '@vitalia/health/measure.catalog';
import { wordAtLevel } from '@vitalia/health/measure.definition';

/** 'mixed': a blood pressure whose two numbers moved opposite ways. */
export type Direction = 'up' | 'down' | 'same' | 'mixed';

export interface Trend {
  direction: Direction;
  /** The reading before the newest, compared with. */
  previous: RecentReading;
}

/** Readings by time, oldest first, whatever order they came in. */
export function inTimeOrder(recent: readonly RecentReading[]): RecentReading[] {
  return [...recent].sort((a, b) => Date.parse(a.takenAt) - Date.parse(b.takenAt));
}

/**
 * The number a measure's line follows, as its definition's plot says: FEV1 for breathing (the
 * value people read first, stored as the second), the first value otherwise (systolic).
 */
export function lineValue(measure: MeasureId, reading: RecentReading): number {
  const plot = MEASURES[measure].plot;
  const followsSecond = plot.kind === 'pair' && plot.followed === 'second';
  return followsSecond ? (reading.second ?? reading.value) : reading.value;
}

function compare(a: number, b: number): Direction {
  if (a > b) return 'up';
  if (a < b) return 'down';
  return 'same';
}

/** Both numbers of a pair: one way when they agree (or one holds), else mixed. */
function pairDirection(newest: RecentReading, previous: RecentReading): Direction {
  const top = compare(newest.value, previous.value);
  const bottom = compare(newest.second ?? 0, previous.second ?? 0);
  if (top === bottom || bottom === 'same') return top;
  if (top === 'same') return bottom;
  return 'mixed';
}

/**
 * The direction from the reading before the newest to the newest; null with fewer than two.
 * A measure of two numbers (blood pressure, breathing) goes up or down only when neither number
 * went the other way: 130/78 then 122/88 is mixed, never 'down', which would reassure about a
 * diastolic that rose.
 */
export function trendOf(measure: MeasureId, recent: readonly RecentReading[]): Trend | null {
  const ordered = inTimeOrder(recent);
  const newest = ordered.at(-1);
  const previous = ordered.at(-2);
  if (!newest || !previous) return null;
  const direction =
    MEASURES[measure].plot.kind === 'pair'
      ? pairDirection(newest, previous)
      : compare(lineValue(measure, newest), lineValue(measure, previous));
  return { direction, previous };
}

/** A recent reading in the stored reading's shape, so it is shown as the newest one is. */
export function asStoredValues(
  measure: MeasureId,
  reading: RecentReading,
): { tagValue: string; minTagValue: string | null } {
  const plot = MEASURES[measure].plot;
  return {
    tagValue:
      plot.kind === 'words'
        ? wordAtLevel(plot.words, reading.value) || String(reading.value)
        : String(reading.value),
    minTagValue: reading.second === null ? null : String(reading.second),
  };
}
