// The code table answers both directions, and every band the interpreter can give has a deliberate
// HL7 interpretation (a new band added to packages/health fails here until it is mapped).
import { describe, expect, it } from 'vitest';
import { BAND_TABLES } from '@vitalia/health/band-tables.catalog';
import { BLOOD_PRESSURE_RULES } from '@vitalia/health/blood-pressure.measure';
import { BREATHING_OUTCOMES } from '@vitalia/health/breathing.measure';
import { MEASURE_IDS } from '@vitalia/health/measure.catalog';
import { MOOD_BANDS, MOOD_VALUES } from '@vitalia/health/mood.measure';
import {
  BAND_INTERPRETATION,
  interpretationOf,
  MEASURE_FHIR_CODES,
  measureOfCodings,
  MOOD_CODES,
  moodFromCoding,
  roleOfCode,
} from './fhir-codes.ts';

const everyBandKey = new Set<string>([
  ...BAND_TABLES.flatMap((table) => table.bands.map((band) => band.key)),
  ...BLOOD_PRESSURE_RULES.map((rule) => rule.key),
  ...Object.values(BREATHING_OUTCOMES).map((outcome) => outcome.key),
  ...MOOD_BANDS.map((band) => band.key),
]);

describe('the FHIR code table', () => {
  it('maps every band key of the interpreter to an interpretation code', () => {
    const unmapped = [...everyBandKey].filter(
      (key) => key !== 'invalid' && !(key in BAND_INTERPRETATION),
    );
    expect(unmapped).toEqual([]);
  });

  it('reads each measure back from its own Observation.code', () => {
    for (const measure of MEASURE_IDS) {
      expect(measureOfCodings(MEASURE_FHIR_CODES[measure].codings)).toBe(measure);
    }
    expect(roleOfCode('http://loinc.org', '15074-8')).toMatchObject({
      kind: 'reading',
      measure: 'sugar',
      molar: true,
    });
    expect(roleOfCode('http://loinc.org', '8462-4')).toEqual({
      kind: 'component',
      measure: 'bloodPressure',
      part: 'second',
    });
    expect(roleOfCode('http://loinc.org', '20152-5')).toEqual({
      kind: 'component',
      measure: 'breathing',
      part: 'second',
    });
    expect(roleOfCode('http://loinc.org', '29463-7')).toEqual({ kind: 'bmi-weight' });
    expect(roleOfCode('http://snomed.info/sct', '8867-4')).toBeUndefined();
  });

  it('writes and reads the four mood words', () => {
    for (const word of MOOD_VALUES) {
      const coding = MOOD_CODES[word];
      expect(moodFromCoding(coding.system, coding.code)).toBe(word);
    }
  });

  it('leaves unrated readings without an interpretation and falls back on the colour', () => {
    expect(interpretationOf({ band: 'invalid', colour: 'yellow' })).toBeUndefined();
    expect(interpretationOf({ band: 're-enter', colour: 'yellow' })).toBeUndefined();
    expect(interpretationOf({ band: 'crisis', colour: 'red' })?.code).toBe('HH');
    expect(interpretationOf({ band: 'something-new', colour: 'green' })?.code).toBe('N');
    expect(interpretationOf({ band: 'something-new', colour: 'red' })?.code).toBe('A');
  });
});
