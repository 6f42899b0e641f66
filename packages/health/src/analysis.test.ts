import { describe, expect, it } from 'vitest';
import {
  analyse,
  analyseReading,
  isOldReading,
  profileOk,
  type NewestReadings,
  type WireReading,
} from './analysis.ts';
import { expectCitesDocuments } from './edge-cases.fixture.ts';
import { MEASURE_COUNT, MEASURE_IDS, type MeasureId } from './measure.catalog.ts';
import { GENERAL_NOTE, UNDER_18_NOTE } from './reading.notes.ts';

const NOW = '2024-06-20T08:00:00Z';
const TAKEN = '2024-06-15T08:00:00Z';
const PROFILE = { dob: '1990-03-10', gender: 'Female', heightMM: 1650 };
const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment `days` days (and `extraMs` milliseconds) before NOW. */
function daysBefore(days: number, extraMs = 0): string {
  return new Date(new Date(NOW).getTime() - days * DAY_MS - extraMs).toISOString();
}

// Every measure in range for a woman aged 34 (a measure added to the catalogue must be added here).
const ALL_GREEN: Readonly<Record<MeasureId, WireReading>> = {
  oxygen: { tagValue: '98', takenAt: TAKEN },
  sugar: { tagValue: '90', narration: '', takenAt: TAKEN },
  bmi: { tagValue: '22.1', takenAt: TAKEN },
  mood: { tagValue: 'Happy', takenAt: TAKEN },
  pulse: { tagValue: '66', takenAt: TAKEN },
  bloodPressure: { tagValue: '118', minTagValue: '76', takenAt: TAKEN },
  breathing: { tagValue: '92', minTagValue: '88', takenAt: TAKEN },
  temperature: { tagValue: '36.8', takenAt: TAKEN },
  cholesterol: { tagValue: '180', takenAt: TAKEN },
  respiratoryRate: { tagValue: '16', takenAt: TAKEN },
};

/** ALL_GREEN with every reading taken at `takenAt`. */
function allGreenTakenAt(takenAt: string): NewestReadings {
  return Object.fromEntries(
    MEASURE_IDS.map((id) => [id, { ...ALL_GREEN[id], takenAt }]),
  ) as NewestReadings;
}

describe('analyse', () => {
  it('answers every measure in range: forScaleOk and recorded count them all', () => {
    const report = analyse({ readings: ALL_GREEN, profile: PROFILE, now: NOW });
    for (const measure of MEASURE_IDS) {
      expect(report.measures[measure], measure).toMatchObject({
        measure,
        colour: 'green',
        ok: 1,
        urgency: null,
        old: false,
      });
      expectCitesDocuments(report.measures[measure].advice);
    }
    expect(report.forScaleOk).toBe(MEASURE_COUNT);
    expect(report.recorded).toBe(MEASURE_COUNT);
    expect(report.profileOk).toBe(1);
  });

  it('answers grey, OK 0 and "No reading yet" for every missing measure', () => {
    const report = analyse({ readings: {}, profile: null, now: NOW });
    expect(report.forScaleOk).toBe(0);
    expect(report.recorded).toBe(0);
    expect(report.profileOk).toBe(0);
    for (const measure of MEASURE_IDS) {
      expect(report.measures[measure]).toMatchObject({
        measure,
        value: null,
        colour: 'grey',
        band: 'missing',
        result: 'No reading yet',
        ok: 0,
        urgency: null,
        old: false,
      });
      expectCitesDocuments(report.measures[measure].advice);
    }
  });

  it('sums only the green flags, and counts every measure with a reading', () => {
    const report = analyse({
      readings: {
        ...ALL_GREEN,
        oxygen: { tagValue: '93', takenAt: TAKEN }, // red, today
        sugar: { tagValue: '110', narration: '', takenAt: TAKEN }, // yellow
        mood: { tagValue: 'Grumpy', takenAt: TAKEN }, // yellow re-enter
        temperature: null, // grey
        cholesterol: { tagValue: 'abc', takenAt: TAKEN }, // yellow invalid
      },
      profile: PROFILE,
      now: NOW,
    });
    expect(report.measures.oxygen).toMatchObject({ colour: 'red', urgency: 'today' });
    expect(report.measures.sugar.colour).toBe('yellow');
    expect(report.measures.mood.result).toBe('re-enter');
    expect(report.measures.temperature.colour).toBe('grey');
    expect(report.measures.cholesterol.result).toBe('invalid, please re-enter');
    // Five of them are not green; the others are, and only temperature has no reading.
    expect(report.forScaleOk).toBe(MEASURE_COUNT - 5);
    expect(report.recorded).toBe(MEASURE_COUNT - 1);
  });

  it('follows the measures with a recent reading and those chosen, in the catalogue order', () => {
    const report = analyse({
      readings: {
        pulse: { tagValue: '66', takenAt: TAKEN },
        oxygen: { tagValue: '98', takenAt: daysBefore(91) },
      },
      chosen: ['temperature', 'sugar', 'pulse', 'sugar', 'weight', 42],
      profile: PROFILE,
      now: NOW,
    } as Parameters<typeof analyse>[0]);
    // Unknown ids and repeats are dropped; an old reading alone does not make oxygen followed.
    expect(report.chosen).toEqual(['sugar', 'pulse', 'temperature']);
    expect(report.followed).toEqual(['sugar', 'pulse', 'temperature']);
    // A chosen measure without a reading counts in the whole and earns no point.
    expect(report.forScaleOk).toBe(1);
    expect(report.measures.sugar).toMatchObject({ colour: 'grey', ok: 0 });
  });

  it('keeps a chosen measure followed when its reading grows old', () => {
    const old = { oxygen: { tagValue: '98', takenAt: daysBefore(91) } };
    expect(analyse({ readings: old, now: NOW }).followed).toEqual([]);
    const report = analyse({ readings: old, chosen: ['oxygen'], now: NOW });
    expect(report.followed).toEqual(['oxygen']);
    expect(report.measures.oxygen).toMatchObject({ old: true, ok: 0 });
  });

  it('follows nothing chosen when the list is missing or not a list', () => {
    for (const chosen of [undefined, null, 'oxygen', { oxygen: true }]) {
      const report = analyse({ readings: {}, chosen, now: NOW } as Parameters<typeof analyse>[0]);
      expect(report.chosen, String(chosen)).toEqual([]);
      expect(report.followed, String(chosen)).toEqual([]);
    }
  });

  it('never counts an urgent reading in forScaleOk', () => {
    const report = analyse({
      readings: { ...ALL_GREEN, oxygen: { tagValue: '84', takenAt: TAKEN } },
      profile: PROFILE,
      now: NOW,
    });
    expect(report.measures.oxygen).toMatchObject({ urgency: 'now', colour: 'red', ok: 0 });
    expect(report.forScaleOk).toBe(MEASURE_COUNT - 1);
  });

  it('gives 0 points to SpO2 84 % beside green readings from 2015-2020', () => {
    const readings = {
      ...allGreenTakenAt('2018-03-01T08:00:00Z'),
      oxygen: { tagValue: '84', takenAt: TAKEN },
    };
    const report = analyse({ readings, profile: PROFILE, now: NOW });
    expect(report.forScaleOk).toBe(0);
    expect(report.recorded).toBe(MEASURE_COUNT);
    expect(report.measures.oxygen).toMatchObject({ urgency: 'now', old: false });
    for (const measure of MEASURE_IDS.filter((id) => id !== 'oxygen')) {
      expect(report.measures[measure], measure).toMatchObject({
        colour: 'green',
        old: true,
        ok: 0,
      });
    }
  });

  it('reads the sugar context from the narration', () => {
    const sugar = (narration: string | null) =>
      analyse({ readings: { sugar: { tagValue: '150', narration, takenAt: TAKEN } }, now: NOW })
        .measures.sugar;
    expect(sugar('HadDiabetics HadMeal')).toMatchObject({ result: 'Normal', colour: 'green' });
    expect(sugar('HadMeal')).toMatchObject({ result: 'High', colour: 'yellow' });
    expect(sugar('HadDiabetics')).toMatchObject({ result: 'High', colour: 'red' });
    expect(sugar(null)).toMatchObject({ result: 'Very high', colour: 'red' });
    expect(sugar('NotHadDiabetics HadMeal')).toMatchObject({ result: 'High', colour: 'yellow' });
    expect(sugar('HadDiabetics:false')).toMatchObject({ result: 'Very high', colour: 'red' });
  });

  it('rates a blood sugar typed in mmol/L from what was typed, and shows it back', () => {
    const report = analyse({
      readings: {
        sugar: {
          tagValue: '79',
          narration: 'HadDiabetics',
          enteredValue: '4.4',
          enteredUnit: 'mmol/L',
          takenAt: TAKEN,
        },
      },
      now: NOW,
    });
    expect(report.measures.sugar).toMatchObject({
      value: '4.4',
      unit: 'mmol/L',
      result: 'Normal',
      colour: 'green',
      ok: 1,
    });
  });

  it('reads systolic from tagValue and diastolic from minTagValue', () => {
    const report = analyse({
      readings: { bloodPressure: { tagValue: '135', minTagValue: '70', takenAt: TAKEN } },
      now: NOW,
    });
    expect(report.measures.bloodPressure).toMatchObject({ value: '135/70', result: 'High' });
    const swapped = analyse({
      readings: { bloodPressure: { tagValue: '70', minTagValue: '135', takenAt: TAKEN } },
      now: NOW,
    });
    expect(swapped.measures.bloodPressure.result).toBe('invalid, please re-enter');
  });

  it('reads FEV2 from tagValue and FEV1 from minTagValue', () => {
    const report = analyse({
      readings: { breathing: { tagValue: '92', minTagValue: '78', takenAt: TAKEN } },
      now: NOW,
    });
    expect(report.measures.breathing).toMatchObject({
      value: 'FEV1 78, FEV2 92',
      result: 'Borderline: repeat the test',
    });
    const severe = analyse({
      readings: { breathing: { tagValue: '92', minTagValue: '45', takenAt: TAKEN } },
      now: NOW,
    });
    expect(severe.measures.breathing).toMatchObject({ urgency: 'today', colour: 'red' });
  });

  it('rates the pulse by the age on the day of the reading, not today', () => {
    // Born 2000-06-15: 17 the day before the reading date below, 18 on it.
    const pulse = (takenAt: string | Date) =>
      analyse({
        readings: { pulse: { tagValue: '45', takenAt } },
        profile: { dob: '2000-06-15', gender: 'Male', heightMM: 1800 },
        now: '2018-06-20T10:00:00Z',
      }).measures.pulse;
    expect(pulse('2018-06-14T10:00:00Z')).toMatchObject({ result: 'Normal', colour: 'green' });
    expect(pulse('2018-06-15T10:00:00Z')).toMatchObject({
      result: 'Unusually low: re-check at rest; normal for some trained athletes',
      colour: 'yellow',
    });
    expect(pulse(new Date('2018-06-15T10:00:00Z')).colour).toBe('yellow');
    expect(pulse('not a date')).toMatchObject({ result: 'Normal', colour: 'green' });
  });

  it('answers invalid for a reading object without a value, and counts it as recorded', () => {
    const report = analyse({ readings: { oxygen: { takenAt: TAKEN } as never }, now: NOW });
    expect(report.measures.oxygen).toMatchObject({
      colour: 'yellow',
      band: 'invalid',
      urgency: null,
    });
    expect(report.recorded).toBe(1);
  });

  it.each([undefined, null, {}, { readings: null }, { readings: 'x' }, 'x', 42])(
    'answers all grey for input %j',
    (input) => {
      const report = analyse(input as never);
      expect(MEASURE_IDS.every((id) => report.measures[id].colour === 'grey')).toBe(true);
      expect(report.forScaleOk).toBe(0);
      expect(report.recorded).toBe(0);
      expect(report.notes.general).toBe(GENERAL_NOTE);
    },
  );

  it('analyses one reading on its own', () => {
    expect(
      analyseReading('temperature', { tagValue: '38.05', takenAt: TAKEN }, null, NOW),
    ).toMatchObject({ value: '38.1', result: 'Fever', urgency: 'today' });
    expect(analyseReading('mood', null).colour).toBe('grey');
  });
});

describe('old readings', () => {
  // Decision 4.4: older than 90 days (BMI 365) is old: marked, no point, asked to be taken again.
  const limits: [MeasureId, number][] = [
    ...MEASURE_IDS.filter((id) => id !== 'bmi').map((id): [MeasureId, number] => [id, 90]),
    ['bmi', 365],
  ];

  it.each(limits)('%s is old after %d days', (measure, days) => {
    const rate = (takenAt: string) =>
      analyseReading(measure, { ...ALL_GREEN[measure], takenAt } as never, PROFILE, NOW);
    expect(rate(daysBefore(days - 1))).toMatchObject({ old: false, ok: 1 });
    expect(rate(daysBefore(days))).toMatchObject({ old: false, ok: 1 });
    expect(rate(daysBefore(days, 1))).toMatchObject({ old: true, ok: 0, colour: 'green' });
    expect(rate(daysBefore(days + 1))).toMatchObject({ old: true, ok: 0, colour: 'green' });
  });

  it('marks a 91-day-old reading and a 366-day-old BMI old, and leaves them out of forScaleOk', () => {
    const readings = {
      ...ALL_GREEN,
      oxygen: { ...ALL_GREEN.oxygen, takenAt: daysBefore(91) },
      bmi: { ...ALL_GREEN.bmi, takenAt: daysBefore(366) },
    } as NewestReadings;
    const report = analyse({ readings, profile: PROFILE, now: NOW });
    expect(report.measures.oxygen).toMatchObject({ old: true, ok: 0 });
    expect(report.measures.bmi).toMatchObject({ old: true, ok: 0 });
    expect(report.forScaleOk).toBe(MEASURE_COUNT - 2);
    expect(report.recorded).toBe(MEASURE_COUNT);
  });

  it('keeps a BMI of 300 days fresh while an oxygen reading of 300 days is old', () => {
    expect(isOldReading('bmi', daysBefore(300), NOW)).toBe(false);
    expect(isOldReading('oxygen', daysBefore(300), NOW)).toBe(true);
  });

  it('keeps the urgency of an old urgent reading', () => {
    const analysis = analyseReading(
      'oxygen',
      { tagValue: '88', takenAt: daysBefore(200) },
      PROFILE,
      NOW,
    );
    expect(analysis).toMatchObject({ old: true, ok: 0, colour: 'red', urgency: 'now' });
  });

  it.each(['not a date', '', null])('does not call a reading taken at %j old', (takenAt) => {
    expect(isOldReading('oxygen', takenAt, NOW)).toBe(false);
  });
});

describe('notes', () => {
  it('says under every set of results that Vitalia does not diagnose, and names pregnancy', () => {
    const { notes } = analyse({ readings: ALL_GREEN, profile: PROFILE, now: NOW });
    expect(notes.general).toMatch(/Vitalia helps you follow your readings; it does not diagnose/);
    expect(notes.general).toMatch(/pregnan/);
    expect(notes.age).toBeNull();
  });

  it.each([
    ['2006-06-21', true], // 17, a day before the 18th birthday
    ['2006-06-20', false], // 18 on the day
    ['2000-01-01', false],
    ['2015-01-01', true],
  ])('born %s: the under-18 note is set: %s', (dob, under18) => {
    const { notes } = analyse({ readings: {}, profile: { ...PROFILE, dob }, now: NOW });
    if (under18) {
      expect(notes.age).toBe(UNDER_18_NOTE);
      expect(notes.age).toMatch(/adult/);
      expect(notes.age).toMatch(/under 18/);
    } else {
      expect(notes.age).toBeNull();
    }
  });

  it.each([null, '', 'not a date'])('leaves the age note out for a date of birth %j', (dob) => {
    expect(analyse({ readings: {}, profile: { ...PROFILE, dob }, now: NOW }).notes.age).toBeNull();
  });
});

describe('profileOk', () => {
  it.each([
    [PROFILE, 1],
    [{ ...PROFILE, dob: new Date('1990-03-10') }, 1],
    [{ ...PROFILE, gender: 'Other' }, 1],
    [{ ...PROFILE, heightMM: '1650' }, 1],
    [{ ...PROFILE, dob: null }, 0],
    [{ ...PROFILE, dob: '' }, 0],
    [{ ...PROFILE, dob: '1990-02-30' }, 0],
    [{ ...PROFILE, gender: null }, 0],
    [{ ...PROFILE, gender: '  ' }, 0],
    [{ ...PROFILE, heightMM: null }, 0],
    [{ ...PROFILE, heightMM: 0 }, 0],
    [{ ...PROFILE, heightMM: -1650 }, 0],
    [{ ...PROFILE, heightMM: 'tall' }, 0],
    [{}, 0],
    [null, 0],
    [undefined, 0],
  ])('%j gives %d', (profile, expected) => {
    expect(profileOk(profile as never)).toBe(expected);
    expect(analyse({ readings: {}, profile: profile as never }).profileOk).toBe(expected);
  });
});
