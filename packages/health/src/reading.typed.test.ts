import { describe, expect, it } from 'vitest';
import { analyseParsed } from './analysis.ts';
import { MEASURE_IDS, MEASURES } from './measure.catalog.ts';
import { ageAtReading, parseProfile, parseWireReading } from './reading.typed.ts';

describe('parseWireReading', () => {
  it.each([null, undefined, 'SPO2Value', 97, []])('%j is no reading', (input) => {
    // An array is an object; it carries no fields, so every value reads as nothing typed.
    const parsed = parseWireReading(input);
    if (Array.isArray(input)) expect(parsed?.value).toEqual({ number: null, given: null });
    else expect(parsed).toBeNull();
  });

  it('reads each field once into numbers, what was typed, the unit, the context and the day', () => {
    const parsed = parseWireReading({
      tagValue: ' 126 ',
      minTagValue: '12abc',
      enteredValue: '7.0',
      enteredUnit: 'mmol/L',
      narration: 'HadMeal',
      takenAt: '2026-03-01T23:30:00-05:00',
    });
    expect(parsed).toEqual({
      value: { number: 126, given: '126' },
      second: { number: null, given: '12abc' },
      entered: { number: 7, given: '7.0', unit: 'mmol/L' },
      narration: 'HadMeal',
      takenAt: Date.parse('2026-03-02T04:30:00Z'),
      // The day as written where it was taken, not the day in UTC.
      takenOn: { year: 2026, month: 3, day: 1 },
    });
  });

  it('has no entered value without a unit, and no time for a time that is not one', () => {
    const parsed = parseWireReading({ tagValue: 98, enteredValue: '7', takenAt: 'yesterday' });
    expect(parsed).toMatchObject({ entered: null, narration: '', takenAt: null, takenOn: null });
  });
});

describe('parseProfile', () => {
  it('reads a date of birth, a trimmed gender and a height', () => {
    expect(parseProfile({ dob: '1990-05-17', gender: ' Female ', heightMM: '1650' })).toEqual({
      dob: { year: 1990, month: 5, day: 17 },
      gender: 'Female',
      heightMM: 1650,
      conditions: new Set(),
    });
  });

  it('keeps the conditions answered yes, and only those', () => {
    const profile = parseProfile({
      conditions: {
        sickleCell: true,
        pregnant: false,
        diabetes: 'yes',
        asthmaOrCopd: null,
        other: true,
      },
    });
    expect([...profile.conditions]).toEqual(['sickleCell']);
    expect(parseProfile({ conditions: 'diabetes' }).conditions.size).toBe(0);
  });

  it('keeps nothing it cannot read', () => {
    const nothing = { dob: null, gender: null, heightMM: null, conditions: new Set() };
    expect(parseProfile({ dob: '17/05/1990', gender: '  ', heightMM: 'tall' })).toEqual(nothing);
    expect(parseProfile('me')).toEqual(nothing);
  });

  it('counts an age on the day the reading was taken', () => {
    const profile = parseProfile({ dob: '2008-06-15' });
    const before = parseWireReading({ tagValue: 70, takenAt: '2026-06-14T12:00:00Z' })!;
    const on = parseWireReading({ tagValue: 70, takenAt: '2026-06-15T00:00:00Z' })!;
    expect(ageAtReading(profile, before)).toBe(17);
    expect(ageAtReading(profile, on)).toBe(18);
  });
});

describe('a definition rates the typed form', () => {
  it('a sugar typed in mmol/L is rated from what was typed, with its context', () => {
    const reading = parseWireReading({
      tagValue: '52',
      enteredValue: '2.9',
      enteredUnit: 'mmol/L',
      narration: 'HadDiabetics',
      takenAt: '2026-11-20T08:00:00Z',
    })!;
    const rated = MEASURES.sugar.rate(reading, parseProfile(null));
    expect(rated).toMatchObject({ value: '2.9', unit: 'mmol/L', colour: 'red' });
    expect(MEASURES.sugar.urgencyValue?.(reading)).toBeCloseTo(52.2, 1);
  });

  it('a pulse is rated with the chart for the age on the reading day', () => {
    // Men 18-25: Athlete 49-55; men 26-35: Athlete 49-54, Excellent 55-61.
    const person = parseProfile({ dob: '2000-06-15', gender: 'Male' });
    const onBirthday = parseWireReading({ tagValue: 55, takenAt: '2026-06-15T07:00:00Z' })!;
    const dayBefore = parseWireReading({ tagValue: 55, takenAt: '2026-06-14T07:00:00Z' })!;
    expect(MEASURES.pulse.rate(dayBefore, person).result).toBe('Athlete');
    expect(MEASURES.pulse.rate(onBirthday, person).result).toBe('Excellent');
  });

  it('analyseParsed answers missing for no reading, whatever the measure', () => {
    for (const measure of MEASURE_IDS) {
      expect(analyseParsed(measure, null, parseProfile(null), null).band).toBe('missing');
    }
  });
});
