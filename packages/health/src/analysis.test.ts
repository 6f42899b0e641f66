import { describe, expect, it } from 'vitest';
import { analyse, analyseReading, profileOk, type NewestReadings } from './analysis.ts';
import { MEASURE_IDS } from './measure.catalog.ts';

const TAKEN = '2024-06-15T08:00:00Z';
const PROFILE = { dob: '1990-03-10', gender: 'Female', heightMM: 1650 };

// Every measure in range for a woman aged 34.
const ALL_GREEN: NewestReadings = {
  oxygen: { tagValue: '98', takenAt: TAKEN },
  sugar: { tagValue: '90', narration: '', takenAt: TAKEN },
  bmi: { tagValue: '22.1', takenAt: TAKEN },
  mood: { tagValue: 'Happy', takenAt: TAKEN },
  pulse: { tagValue: '66', takenAt: TAKEN },
  bloodPressure: { tagValue: '118', minTagValue: '76', takenAt: TAKEN },
  breathing: { tagValue: '92', minTagValue: '88', takenAt: TAKEN },
  temperature: { tagValue: '36.8', takenAt: TAKEN },
  cholesterol: { tagValue: '180', takenAt: TAKEN },
};

describe('analyse', () => {
  it('answers all nine measures in range: forScaleOk 9', () => {
    const report = analyse({ readings: ALL_GREEN, profile: PROFILE });
    for (const measure of MEASURE_IDS) {
      expect(report.measures[measure], measure).toMatchObject({ measure, colour: 'green', ok: 1 });
    }
    expect(report.forScaleOk).toBe(9);
    expect(report.profileOk).toBe(1);
  });

  it('answers grey, OK 0 and "No reading yet" for every missing measure', () => {
    const report = analyse({ readings: {}, profile: null });
    expect(report.forScaleOk).toBe(0);
    expect(report.profileOk).toBe(0);
    for (const measure of MEASURE_IDS) {
      expect(report.measures[measure]).toMatchObject({
        measure,
        value: null,
        colour: 'grey',
        band: 'missing',
        result: 'No reading yet',
        ok: 0,
      });
      expect(report.measures[measure].advice).toMatch(/\(Source: [^)]+\)$/);
    }
  });

  it('sums only the green flags', () => {
    const report = analyse({
      readings: {
        ...ALL_GREEN,
        oxygen: { tagValue: '93', takenAt: TAKEN }, // red
        sugar: { tagValue: '110', narration: '', takenAt: TAKEN }, // yellow
        mood: { tagValue: 'Grumpy', takenAt: TAKEN }, // yellow re-enter
        temperature: null, // grey
        cholesterol: { tagValue: 'abc', takenAt: TAKEN }, // yellow invalid
      },
      profile: PROFILE,
    });
    expect(report.measures.oxygen.colour).toBe('red');
    expect(report.measures.sugar.colour).toBe('yellow');
    expect(report.measures.mood.result).toBe('re-enter');
    expect(report.measures.temperature.colour).toBe('grey');
    expect(report.measures.cholesterol.result).toBe('invalid, please re-enter');
    expect(report.forScaleOk).toBe(4);
  });

  it('reads the sugar context from the narration', () => {
    const sugar = (narration: string | null) =>
      analyse({ readings: { sugar: { tagValue: '150', narration, takenAt: TAKEN } } }).measures
        .sugar;
    expect(sugar('HadDiabetics HadMeal')).toMatchObject({ result: 'Normal', colour: 'green' });
    expect(sugar('HadMeal')).toMatchObject({ result: 'High', colour: 'yellow' });
    expect(sugar('HadDiabetics')).toMatchObject({ result: 'High', colour: 'red' });
    expect(sugar(null)).toMatchObject({ result: 'Very high', colour: 'red' });
  });

  it('reads systolic from tagValue and diastolic from minTagValue', () => {
    const report = analyse({
      readings: { bloodPressure: { tagValue: '135', minTagValue: '70', takenAt: TAKEN } },
    });
    expect(report.measures.bloodPressure).toMatchObject({ value: '135/70', result: 'High' });
    const swapped = analyse({
      readings: { bloodPressure: { tagValue: '70', minTagValue: '135', takenAt: TAKEN } },
    });
    expect(swapped.measures.bloodPressure.result).toBe('invalid, please re-enter');
  });

  it('reads FEV2 from tagValue and FEV1 from minTagValue', () => {
    const report = analyse({
      readings: { breathing: { tagValue: '92', minTagValue: '78', takenAt: TAKEN } },
    });
    expect(report.measures.breathing).toMatchObject({
      value: 'FEV1 78, FEV2 92',
      result: 'Borderline: repeat the test',
    });
  });

  it('rates the pulse by the age on the day of the reading, not today', () => {
    // Born 2000-06-15: 17 the day before the reading date below, 18 on it.
    const pulse = (takenAt: string | Date) =>
      analyse({
        readings: { pulse: { tagValue: '45', takenAt } },
        profile: { dob: '2000-06-15', gender: 'Male', heightMM: 1800 },
      }).measures.pulse;
    expect(pulse('2018-06-14T10:00:00Z')).toMatchObject({ result: 'Normal', colour: 'green' });
    expect(pulse('2018-06-15T10:00:00Z')).toMatchObject({
      result: 'Unusually low: re-check at rest; normal for some trained athletes',
      colour: 'yellow',
    });
    expect(pulse(new Date('2018-06-15T10:00:00Z')).colour).toBe('yellow');
    expect(pulse('not a date')).toMatchObject({ result: 'Normal', colour: 'green' });
  });

  it('answers invalid for a reading object without a value', () => {
    const report = analyse({ readings: { oxygen: { takenAt: TAKEN } as never } });
    expect(report.measures.oxygen).toMatchObject({ colour: 'yellow', band: 'invalid' });
  });

  it.each([undefined, null, {}, { readings: null }, { readings: 'x' }, 'x', 42])(
    'answers all grey for input %j',
    (input) => {
      const report = analyse(input as never);
      expect(MEASURE_IDS.every((id) => report.measures[id].colour === 'grey')).toBe(true);
      expect(report.forScaleOk).toBe(0);
    },
  );

  it('analyses one reading on its own', () => {
    expect(analyseReading('temperature', { tagValue: '38.05', takenAt: TAKEN })).toMatchObject({
      value: '38.1',
      result: 'Fever',
    });
    expect(analyseReading('mood', null).colour).toBe('grey');
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
