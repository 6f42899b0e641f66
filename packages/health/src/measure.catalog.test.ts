// What the rest of the code relies on in the measure catalogue, rather than a copy of it: the
// analysis rates exactly the catalogued measures; each has a /healths/{slug} route that finds it
// again and a name to show; and each unit is the one its bands and limits are written in, so the
// unit shown beside a rating is the unit it was rated in.
import { describe, expect, it } from 'vitest';
import { analyse } from './analysis.ts';
import { BAND_TABLES } from './band-tables.catalog.ts';
import { isMeasureId, MEASURE_IDS, MEASURES, measureIdFromSlug } from './measure.catalog.ts';
import { READING_LIMITS } from './measurement-limits.catalog.ts';

describe('measure catalogue', () => {
  it('has one entry, under its own id, for every measure the analysis rates', () => {
    const rated = Object.keys(analyse({ readings: {}, profile: null }).measures);
    expect(rated).toEqual([...MEASURE_IDS]);
    expect(Object.keys(MEASURES).sort()).toEqual([...MEASURE_IDS].sort());
    expect(new Set(MEASURE_IDS).size).toBe(MEASURE_IDS.length);
    for (const id of MEASURE_IDS) {
      expect(MEASURES[id].id).toBe(id);
      expect(isMeasureId(id)).toBe(true);
    }
  });

  it('gives every measure a route slug of its own that leads back to it', () => {
    const slugs = MEASURE_IDS.map((id) => MEASURES[id].slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const id of MEASURE_IDS) {
      // One path segment, as the web app's /healths/{slug} route takes it.
      expect(MEASURES[id].slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(measureIdFromSlug(MEASURES[id].slug)).toBe(id);
    }
  });

  it('gives every measure a distinct name to show, capitalised', () => {
    const names = MEASURE_IDS.map((id) => MEASURES[id].displayName.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    for (const id of MEASURE_IDS) {
      expect(MEASURES[id].displayName).toMatch(/^[A-Z]\S*( \S+)*$/);
    }
  });

  it('states each unit its bands and measurement limits are written in', () => {
    // Every one-number table, and the limit it rates within, is in its measure's unit.
    for (const table of BAND_TABLES) {
      expect(`${table.id}: ${table.unit}`).toBe(`${table.id}: ${MEASURES[table.measure].unit}`);
      if (table.limit) {
        expect(`${table.id}: ${table.limit.unit}`).toBe(
          `${table.id}: ${MEASURES[table.measure].unit}`,
        );
      }
    }
    // Blood pressure is rated by rules on its systolic and diastolic limits instead of a table.
    expect([READING_LIMITS.systolic.unit, READING_LIMITS.diastolic.unit]).toEqual([
      MEASURES.bloodPressure.unit,
      MEASURES.bloodPressure.unit,
    ]);
    // Mood is a word, so it alone has no unit, and no table.
    expect(MEASURE_IDS.filter((id) => MEASURES[id].unit === null)).toEqual(['mood']);
    // Between them, these cover every measure: none has a unit nothing checks.
    const checked = new Set([
      ...BAND_TABLES.map((table) => table.measure),
      'bloodPressure',
      'mood',
    ]);
    expect(MEASURE_IDS.filter((id) => !checked.has(id))).toEqual([]);
  });

  it.each(['unknown', 'bloodPressure', 'Blood-pressure', ' mood', '', null, 7, undefined])(
    'finds no measure for the slug %j',
    (slug) => {
      expect(measureIdFromSlug(slug)).toBeUndefined();
    },
  );

  it.each(['blood-pressure', 'Oxygen', '', null, 7])('knows %j is not a measure id', (value) => {
    expect(isMeasureId(value)).toBe(false);
  });
});
