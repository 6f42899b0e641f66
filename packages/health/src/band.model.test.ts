import { describe, expect, it } from 'vitest';
import { BAND_TABLES, bandTableById, bandTablesOf } from './band-tables.catalog.ts';
import { bandFor, bandsContaining, interval, intervalContains } from './band.model.ts';
import { expectCitesDocuments } from './edge-cases.fixture.ts';
import { MEASURE_IDS } from './measure.catalog.ts';
import { SOURCES } from './source.catalog.ts';

describe('interval notation', () => {
  it.each([
    ['[70, 80)', { lower: 70, lowerInclusive: true, upper: 80, upperInclusive: false }],
    ['(90, 95)', { lower: 90, lowerInclusive: false, upper: 95, upperInclusive: false }],
    ['(-inf, 50)', { lower: null, lowerInclusive: false, upper: 50, upperInclusive: false }],
    ['[240, inf)', { lower: 240, lowerInclusive: true, upper: null, upperInclusive: false }],
    ['[18.5, 25)', { lower: 18.5, lowerInclusive: true, upper: 25, upperInclusive: false }],
    ['[80, 80]', { lower: 80, lowerInclusive: true, upper: 80, upperInclusive: true }],
  ])('reads %s', (notation, expected) => {
    expect(interval(notation)).toEqual(expected);
  });

  it('fails loudly on a malformed table entry', () => {
    expect(() => interval('70-80')).toThrow(/interval notation/);
  });

  it.each([
    ['[70, 80)', 70, true],
    ['[70, 80)', 80, false],
    ['(70, 80]', 70, false],
    ['(70, 80]', 80, true],
    ['(-inf, 50)', -Infinity, true],
    ['[240, inf)', Infinity, true],
    ['[240, inf)', NaN, false],
  ])('%s contains %d: %s', (notation, value, expected) => {
    expect(intervalContains(interval(notation), value)).toBe(expected);
  });
});

describe.each(BAND_TABLES.map((table) => [table.id, table] as const))('table %s', (_, table) => {
  it('starts at minus infinity and ends at plus infinity', () => {
    expect(table.bands[0]?.lower).toBeNull();
    expect(table.bands.at(-1)?.upper).toBeNull();
  });

  it('has bands that meet edge to edge, each edge in exactly one of its two bands', () => {
    table.bands.slice(1).forEach((band, index) => {
      const before = table.bands[index];
      expect(band.lower, `${before?.key} -> ${band.key}`).toBe(before?.upper);
      expect(band.lowerInclusive, `${before?.key} -> ${band.key}`).toBe(!before?.upperInclusive);
    });
  });

  it('puts every edge value, and the values beside it, in exactly one band', () => {
    const edges = table.bands.flatMap((band) => [band.lower, band.upper]);
    for (const edge of edges) {
      if (edge === null) continue;
      for (const value of [edge - 0.001, edge, edge + 0.001]) {
        expect(bandsContaining(table, value), `${value}`).toHaveLength(1);
      }
    }
  });

  it('names a document of SOURCES at the end of every advice', () => {
    for (const band of table.bands) {
      const cited = expectCitesDocuments(band.advice);
      const ids = typeof band.source === 'string' ? [band.source] : band.source;
      expect(cited).toEqual(ids.map((id) => SOURCES[id].citation));
    }
  });

  it('colours green only what is in range, and never grey', () => {
    for (const band of table.bands) {
      expect(['green', 'yellow', 'red']).toContain(band.colour);
    }
  });
});

describe('band lookup', () => {
  it('finds no band for NaN', () => {
    for (const table of BAND_TABLES) expect(bandFor(table, NaN)).toBeUndefined();
  });

  it('lists the tables of each one-number measure', () => {
    const counted = Object.fromEntries(MEASURE_IDS.map((id) => [id, bandTablesOf(id).length]));
    expect(counted).toEqual({
      oxygen: 1,
      sugar: 4,
      bmi: 1,
      mood: 0,
      pulse: 14,
      bloodPressure: 0,
      breathing: 1,
      temperature: 1,
      cholesterol: 1,
      respiratoryRate: 1,
    });
    expect(bandTableById('pulse/female/over 65')?.measure).toBe('pulse');
    expect(bandTableById('pulse/clinical')?.measure).toBe('pulse');
    expect(new Set(BAND_TABLES.map((table) => table.id)).size).toBe(BAND_TABLES.length);
  });
});
