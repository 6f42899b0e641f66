import { describe, expect, it } from 'vitest';
import { isMeasureId, MEASURE_IDS, MEASURES, measureIdFromSlug } from './measure.catalog.ts';

describe('measure catalogue', () => {
  it.each([
    ['oxygen', 'oxygen', 'Oxygen saturation', '%'],
    ['sugar', 'blood-sugar', 'Blood sugar', 'mg/dL'],
    ['bmi', 'bmi', 'BMI', 'kg/m²'],
    ['mood', 'mood', 'Mood', null],
    ['pulse', 'pulse', 'Pulse', 'bpm'],
    ['bloodPressure', 'blood-pressure', 'Blood pressure', 'mmHg'],
    ['breathing', 'breathing', 'Breathing', '% of predicted'],
    ['temperature', 'temperature', 'Temperature', '°C'],
    ['cholesterol', 'cholesterol', 'Cholesterol', 'mg/dL'],
  ] as const)('%s: /healths/%s, %s, %s', (id, slug, displayName, unit) => {
    expect(MEASURES[id]).toEqual({ id, slug, displayName, unit });
    expect(measureIdFromSlug(slug)).toBe(id);
    expect(isMeasureId(id)).toBe(true);
  });

  it('lists the nine measures in the order of the analysis', () => {
    expect(MEASURE_IDS).toEqual([
      'oxygen',
      'sugar',
      'bmi',
      'mood',
      'pulse',
      'bloodPressure',
      'breathing',
      'temperature',
      'cholesterol',
    ]);
  });

  it.each(['unknown', 'bloodPressure', '', null, 7])('knows no slug %j', (slug) => {
    expect(measureIdFromSlug(slug)).toBeUndefined();
  });
});
