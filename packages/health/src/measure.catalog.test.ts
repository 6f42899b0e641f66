// What the rest of the code relies on in the measure catalogue, rather than a copy of it: the
// analysis rates exactly the catalogued measures; each has a /healths/{slug} route that finds it
// again and a name to show; and each unit is the one its bands and limits are written in, so the
// unit shown beside a rating is the unit it was rated in.
import { describe, expect, it } from 'vitest';
import { analyse, analyseReading } from './analysis.ts';
import { BAND_TABLES } from './band-tables.catalog.ts';
import {
  isMeasureId,
  MEASURE_COUNT,
  MEASURE_IDS,
  MEASURE_LIST,
  MEASURES,
  measureIdFromSlug,
} from './measure.catalog.ts';
import type { FormKind, Message } from './measure.definition.ts';
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

  // Everything the rest of the system derives from a definition must be there: a measure added
  // without a form field, chart bands, codes or import words fails here, not on a blank screen.
  const FORM_KINDS: readonly FormKind[] = [
    'number',
    'number-with-unit-choice',
    'sugar',
    'bmi',
    'mood',
    'pressure',
    'spirometry',
  ];
  describe.each(MEASURE_LIST.map((measure) => [measure.id, measure] as const))(
    'the definition of %s',
    (id, measure) => {
      it('has a form field the web draws, and words for the empty form and the first reading', () => {
        expect(FORM_KINDS).toContain(measure.form.kind);
        const words: Message[] = [measure.name, measure.prompt, measure.from];
        if ('label' in measure.form) words.push(measure.form.label);
        for (const message of words) {
          expect(message.key).toMatch(new RegExp(`^measure\\.${id}\\.[a-z]+$`));
          expect(message.en.trim()).not.toBe('');
        }
      });

      it('has bands a chart can shade, or a chart of its own (pressure rules, mood words)', () => {
        const ownChart = measure.form.kind === 'pressure' || measure.form.kind === 'mood';
        expect(measure.bandTables.length > 0 || ownChart).toBe(true);
        for (const table of measure.bandTables) expect(table.measure).toBe(id);
      });

      it('is plotted as what it stores: two lines for two values, its words for a word', () => {
        const plot = measure.plot;
        expect(plot.kind === 'pair').toBe(measure.wire.second !== null);
        expect(plot.kind === 'words').toBe(measure.wire.value === 'word');
        if (plot.kind === 'pair') {
          expect(plot.lines.map((line) => line.part).sort()).toEqual(['second', 'value']);
          expect(new Set(plot.lines.map((line) => line.line)).size).toBe(2);
        }
        if (plot.kind === 'words') {
          // Each word on the chart's scale is one the measure rates, and is there once.
          expect(new Set(plot.words.map((word) => word.toLowerCase())).size).toBe(
            plot.words.length,
          );
          for (const word of plot.words) {
            const rated = analyseReading(id, { tagValue: word, takenAt: '2026-01-01T08:00:00Z' });
            expect(rated.value, word).toBe(word);
            expect(rated.band, word).not.toBe('re-enter');
          }
        }
      });

      it('has FHIR codes: a coding and a UCUM unit, or components, or a word', () => {
        expect(measure.codes.codings.length).toBeGreaterThan(0);
        const valued =
          measure.codes.unit !== null ||
          measure.codes.components !== null ||
          measure.wire.value === 'word';
        expect(valued).toBe(true);
      });

      it("has the words that find its column in someone else's CSV", () => {
        const parts = measure.importColumns.map((column) => column.part);
        expect(parts).toContain('value');
        expect(parts.includes('second')).toBe(measure.wire.second !== null);
        for (const column of measure.importColumns) {
          expect(column.label.en.trim()).not.toBe('');
          // The column's own label, as a header, is recognised as that column.
          expect(column.header.test(column.label.en), column.role).toBe(true);
        }
      });

      it('keeps its urgency rules and freshness to itself', () => {
        for (const rule of measure.urgency) expect(rule.measure).toBe(id);
        expect(measure.freshForDays).toBeGreaterThan(0);
      });

      // Where an ambulance may not come, being taken to a hospital is the other way to care now.
      it('names the nearest hospital emergency unit in every `now` advice', () => {
        for (const rule of measure.urgency.filter((each) => each.level === 'now')) {
          expect(`${rule.firstAction} ${rule.emergencySigns}`, rule.written).toMatch(
            /nearest hospital emergency unit/,
          );
        }
      });

      it('never names ibuprofen or aspirin as something to take', () => {
        for (const rule of measure.urgency) {
          expect(`${rule.firstAction} ${rule.why}`).not.toMatch(
            /(paracetamol or|take) (ibuprofen|aspirin)/i,
          );
        }
      });
    },
  );

  it('gives each measure its own wire tag, article, code and import roles', () => {
    const distinct = (values: readonly string[]) => new Set(values).size === values.length;
    expect(distinct(MEASURE_LIST.map((measure) => measure.wire.tag))).toBe(true);
    expect(distinct(MEASURE_LIST.map((measure) => measure.articleSlug))).toBe(true);
    expect(distinct(MEASURE_LIST.map((measure) => measure.codes.codings[0]?.code ?? ''))).toBe(
      true,
    );
    const roles = MEASURE_LIST.flatMap((measure) => measure.importColumns.map((c) => c.role));
    expect(distinct(roles)).toBe(true);
    expect(MEASURE_LIST).toHaveLength(MEASURE_COUNT);
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
