import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { limitMessage, READING_LIMITS } from '@vitalia/health/measurement-limits.catalog';
import type { HealthReading } from '@vitalia/api/records.contract';
import { analyseReading } from '@vitalia/health/analysis';
import type { MeasureId } from '@vitalia/health/measure.catalog';
import {
  convertTypedValue,
  draftReading,
  previewReading,
  readingFormValues,
  sugarDoubtOf,
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
  note: null,
  weight: null,
  directFromDevice: true,
  takenAt: '2026-01-10T07:00:00.000Z',
  createdAt: '2026-01-10T07:00:00.000Z',
  updatedAt: '2026-01-10T07:00:00.000Z',
  enteredValue: null,
  enteredUnit: null,
};

describe('draftReading', () => {
  it('sends a blood sugar in mmol/L as typed, with its unit, and writes the switches in the narration', () => {
    const draft = draftReading(
      values('sugar', { value: '5,5', unit: 'mmol/L', hadDiabetics: true }),
      context('sugar'),
    );
    expect(draft.problems).toEqual([]);
    expect(draft.request).toMatchObject({
      TagValue: 5.5,
      Unit: 'mmol/L',
      Narration: 'HadDiabetics',
    });
    expect(draftReading(values('sugar', { value: '99' }), context('sugar')).request).toMatchObject({
      TagValue: 99,
      Unit: 'mg/dL',
    });
  });

  it('rates 4.4 mmol/L as ADA’s 80 mg/dL, normal for a diabetic fasting, not 79 and low', () => {
    const draft = draftReading(
      values('sugar', { value: '4.4', unit: 'mmol/L', hadDiabetics: true }),
      context('sugar'),
    );
    const reading = previewReading(draft.request, opened.toDate());
    expect(reading).toMatchObject({ tagValue: '80', enteredValue: '4.4', enteredUnit: 'mmol/L' });
    expect(analyseReading('sugar', reading, null)).toMatchObject({
      colour: 'green',
      value: '4.4',
      unit: 'mmol/L',
    });
  });

  it('gives a blood sugar’s limits in the unit typed, without the hint meant for programs', () => {
    expect(draftReading(values('sugar', { value: '5' }), context('sugar')).problems).toEqual([
      { field: 'value', message: 'blood sugar must be a number between 10 and 1000 mg/dL' },
    ]);
    expect(
      draftReading(values('sugar', { value: '60', unit: 'mmol/L' }), context('sugar')).problems,
    ).toEqual([
      { field: 'value', message: 'blood sugar must be a number between 0.6 and 55.5 mmol/L' },
    ]);
  });

  it('sends a BMI worked out from a weight with every digit, so 18.498 stays underweight', () => {
    // 50.36 kg at 1.65 m is a BMI of 18.4977..., which one decimal would make 18.5, normal.
    const draft = draftReading(values('bmi', { weight: '50.36' }), context('bmi'));
    expect(draft.problems).toEqual([]);
    const bmi = draft.request.TagValue as number;
    expect(bmi).toBeCloseTo(50.36 / (1.65 * 1.65), 10);
    expect(bmi).toBeLessThan(18.5);
    // The weight goes with it, so weight can be followed over time.
    expect(draft.request.Weight).toBe(50.36);
    expect(
      analyseReading('bmi', previewReading(draft.request, opened.toDate()), null),
    ).toMatchObject({ colour: 'yellow', result: 'Underweight', value: '18.4' });
  });

  it('refuses what the interpreter’s limits refuse, so FEV 500 % is never rated normal', () => {
    const draft = draftReading(
      values('breathing', { fev1: '500', fev2: '500' }),
      context('breathing'),
    );
    expect(draft.problems).toEqual([
      { field: 'fev2', message: limitMessage(READING_LIMITS.fev2) },
      { field: 'fev1', message: limitMessage(READING_LIMITS.fev1) },
    ]);
  });

  it('sends the pulse a monitor showed with a new pressure, checked against the pulse limits', () => {
    const typed = values('bloodPressure', { systolic: '128', diastolic: '84', pulse: '74' });
    expect(draftReading(typed, context('bloodPressure')).request).toMatchObject({ Pulse: 74 });
    const wrong = draftReading({ ...typed, pulse: '400' }, context('bloodPressure'));
    expect(wrong.problems).toEqual([
      { field: 'pulse', message: limitMessage(READING_LIMITS.pulse) },
    ]);
    // A correction changes one reading: a pulse typed somehow is not sent with it.
    const pressure = { ...stored, tag: 'Systolic' as const, tagValue: '128', minTagValue: '84' };
    const corrected = draftReading(typed, context('bloodPressure', { original: pressure }));
    expect(corrected.request).not.toHaveProperty('Pulse');
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

  it('opens a blood sugar typed in mmol/L as it was typed, and sends it back so', () => {
    const typed = { ...stored, tagValue: '80', enteredValue: '4.4', enteredUnit: 'mmol/L' };
    const form = readingFormValues('sugar', typed, { unit: 'mg/dL', heightMM: null });
    expect(form).toMatchObject({ value: '4.4', unit: 'mmol/L' });
    const draft = draftReading(
      form,
      context('sugar', { original: typed, initialTakenAt: form.takenAt }),
    );
    expect(draft.request).toMatchObject({ TagValue: 4.4, Unit: 'mmol/L' });
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
      Note: '',
      Unit: 'mg/dL',
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

  it('turns a blood sugar in mmol/L into the mg/dL it is rated as (ADA’s pairs)', () => {
    expect(convertTypedValue('sugar', '4.4', 'mmol/L', 'mg/dL')).toBe('80');
    expect(convertTypedValue('sugar', '7.0', 'mmol/L', 'mg/dL')).toBe('126');
    expect(convertTypedValue('sugar', '80', 'mg/dL', 'mmol/L')).toBe('4.4');
  });
});

describe('sugarDoubtOf', () => {
  it('asks about a number that reads as the other unit', () => {
    expect(sugarDoubtOf('sugar', { value: '15', unit: 'mg/dL' })).toMatchObject({
      unit: 'mmol/L',
      value: 15,
    });
    expect(sugarDoubtOf('sugar', { value: '126', unit: 'mmol/L' })).toMatchObject({
      unit: 'mg/dL',
      value: 126,
    });
  });

  it('is quiet for a number that fits its unit, for text and for other measures', () => {
    expect(sugarDoubtOf('sugar', { value: '45', unit: 'mg/dL' })).toBeNull();
    expect(sugarDoubtOf('sugar', { value: '15', unit: 'mmol/L' })).toBeNull();
    expect(sugarDoubtOf('sugar', { value: 'low', unit: 'mg/dL' })).toBeNull();
    expect(sugarDoubtOf('cholesterol', { value: '5', unit: 'mg/dL' })).toBeNull();
  });
});
