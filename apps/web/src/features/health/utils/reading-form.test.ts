import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { limitMessage, READING_LIMITS } from '@vitalia/api/reading-limits.catalog';
import type { HealthReading } from '@vitalia/api/records.contract';
import type { MeasureId } from '@vitalia/health/measure.catalog';
import {
  convertTypedValue,
  draftReading,
  readingFormValues,
  type ReadingFormContext,
  type ReadingFormValues,
} from './reading-form';

const opened = dayjs('2026-01-15T08:30:00Z');

function context(measure: MeasureId, extra: Partial<ReadingFormContext> = {}): ReadingFormContext {
  return { measure, heightMM: 1650, original: null, initialTakenAt: opened, ...extra };
}

function values(measure: MeasureId, typed: Partial<ReadingFormValues>): ReadingFormValues {
  return {
    ...readingFormValues(measure, null, { unit: null, heightMM: 1650, now: opened }),
    ...typed,
  };
}

const stored: HealthReading = {
  id: '00000000-0000-4000-8000-000000000001',
  tag: 'Blood-sugar',
  tagValue: '100',
  minTag: null,
  minTagValue: null,
  narration: 'from the pump HadMeal',
  device: 'Meter 3000',
  report: null,
  directFromDevice: true,
  takenAt: '2026-01-10T07:00:00.000Z',
  createdAt: '2026-01-10T07:00:00.000Z',
  updatedAt: '2026-01-10T07:00:00.000Z',
};

describe('draftReading', () => {
  it('converts mmol/L to the mg/dL the server stores, and writes the switches in the narration', () => {
    const draft = draftReading(
      values('sugar', { value: '5,5', unit: 'mmol/L', hadDiabetics: true }),
      context('sugar'),
    );
    expect(draft.problems).toEqual([]);
    expect(draft.request).toMatchObject({ TagValue: 99, Narration: 'HadDiabetics' });
  });

  it('leaves TakenAt out while the time is the one the form opened with', () => {
    expect(
      draftReading(values('pulse', { value: '70' }), context('pulse')).request,
    ).not.toHaveProperty('TakenAt');
    const earlier = opened.subtract(2, 'hour');
    expect(
      draftReading(values('pulse', { value: '70', takenAt: earlier }), context('pulse')).request,
    ).toMatchObject({ TakenAt: earlier.toISOString() });
  });

  it('refuses a time in the future with the contract’s words', () => {
    const draft = draftReading(
      values('pulse', { value: '70', takenAt: dayjs().add(1, 'day') }),
      context('pulse'),
    );
    expect(draft.problems).toEqual([{ field: 'takenAt', message: 'must not be in the future' }]);
  });

  it('words a limit in the unit typed, and the server’s own words otherwise', () => {
    expect(
      draftReading(values('cholesterol', { value: '0.5', unit: 'mmol/L' }), context('cholesterol'))
        .problems,
    ).toEqual([
      { field: 'value', message: 'total cholesterol must be a number between 1.3 and 25.8 mmol/L' },
    ]);
    expect(
      draftReading(values('cholesterol', { value: '20' }), context('cholesterol')).problems,
    ).toEqual([{ field: 'value', message: limitMessage(READING_LIMITS.cholesterol) }]);
  });

  it('words a weight that gives an impossible BMI as weights for the person’s height', () => {
    const draft = draftReading(values('bmi', { weight: '5' }), context('bmi'));
    expect(draft.problems).toEqual([
      {
        field: 'weight',
        message:
          'weight must be a number between 19.1 and 544.5 kg at your height (a BMI of 7 to 200 kg/m²)',
      },
    ]);
  });

  it('is complete only once every number the measure needs is typed', () => {
    expect(
      draftReading(values('bloodPressure', { systolic: '120' }), context('bloodPressure')).complete,
    ).toBe(false);
    expect(
      draftReading(
        values('bloodPressure', { systolic: '120', diastolic: '80' }),
        context('bloodPressure'),
      ).complete,
    ).toBe(true);
  });

  it('keeps what the form does not show when correcting a reading', () => {
    const form = readingFormValues('sugar', stored, { unit: 'mmol/L', heightMM: null });
    // A correction opens in the stored unit, so saving it unchanged cannot move the value.
    expect(form).toMatchObject({ value: '100', unit: 'mg/dL', hadMeal: true, hadDiabetics: false });
    const draft = draftReading(
      { ...form, hadMeal: false, hadDiabetics: true },
      context('sugar', { original: stored, initialTakenAt: form.takenAt }),
    );
    expect(draft.request).toEqual({
      Tag: 'Blood-sugar',
      TagValue: 100,
      DirectFromDevice: true,
      MinTagValue: '',
      MinTag: '',
      Narration: 'from the pump HadDiabetics',
      Device: 'Meter 3000',
      Report: '',
    });
  });
});

describe('convertTypedValue', () => {
  it('converts between units, leaving text that is not a number as it is', () => {
    expect(convertTypedValue('temperature', '98.6', '°F', '°C')).toBe('37.0');
    expect(convertTypedValue('temperature', '37', '°C', '°F')).toBe('98.6');
    expect(convertTypedValue('cholesterol', '5.2', 'mmol/L', 'mg/dL')).toBe('201');
    expect(convertTypedValue('sugar', 'high', 'mg/dL', 'mmol/L')).toBe('high');
  });
});
