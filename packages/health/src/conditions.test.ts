import { describe, expect, it } from 'vitest';
import { analyseReading, type HealthProfile, type WireReading } from './analysis.ts';
import type { Analysis } from './analysis.model.ts';
import { CONDITION_USES, CONDITIONS, type Condition } from './conditions.ts';
import type { MeasureId } from './measure.catalog.ts';
import { MEASURES } from './measure.catalog.ts';
import { narrationFromSugarContext, sugarContextFromNarration } from './sugar.measure.ts';

// What the person told us changes a reading only where a rule names it (conditions.ts).
const TAKEN = '2026-11-20T08:00:00Z';
const NOW = '2026-11-21T08:00:00Z';

function rate(
  measure: MeasureId,
  reading: Omit<WireReading, 'takenAt'>,
  ...conditions: Condition[]
): Analysis {
  const profile: HealthProfile = {
    conditions: Object.fromEntries(conditions.map((condition) => [condition, true])),
  };
  return analyseReading(measure, { ...reading, takenAt: TAKEN }, profile, NOW);
}

describe('sickle cell disease', () => {
  it.each([
    ['37.9', null, null],
    ['37.95', 'today', 'now'],
    ['38.0', 'today', 'now'],
    ['39.5', 'today', 'now'],
  ] as const)('%s °C is %s without it and %s with it', (value, without, withIt) => {
    expect(rate('temperature', { tagValue: value }).urgency).toBe(without);
    const analysis = rate('temperature', { tagValue: value }, 'sickleCell');
    expect(analysis.urgency).toBe(withIt);
    if (withIt === 'now') {
      expect(analysis.firstAction).toMatch(/sickle cell/);
      expect(analysis.advice).toMatch(/nearest hospital emergency unit/);
    }
  });
});

describe('pregnancy', () => {
  it.each([
    ['139', '89', null, null],
    ['140', '80', null, 'today'],
    ['130', '90', 'null', 'today'],
    ['159', '109', null, 'today'],
    ['160', '100', null, 'now'],
    ['150', '110', null, 'now'],
    ['185', '125', 'today', 'now'],
  ] as const)('%s/%s is %s without it and %s in pregnancy', (top, bottom, without, pregnant) => {
    const reading = { tagValue: top, minTagValue: bottom };
    expect(rate('bloodPressure', reading).urgency).toBe(without === 'null' ? null : without);
    const analysis = rate('bloodPressure', reading, 'pregnant');
    expect(analysis.urgency).toBe(pregnant);
    if (pregnant !== null) expect(analysis.emergencySigns).toMatch(/headache.*sight/);
  });

  it('says that pregnancy targets differ for sugar and weight', () => {
    expect(rate('sugar', { tagValue: '92' }, 'pregnant').advice).toMatch(
      /In pregnancy the targets/,
    );
    expect(rate('sugar', { tagValue: '92' }).advice).not.toMatch(/pregnan/);
    expect(rate('bmi', { tagValue: '24' }, 'pregnant').advice).toMatch(/pregnan/);
    expect(rate('bmi', { tagValue: '24' }).advice).not.toMatch(/pregnan/);
  });
});

describe('asthma or COPD', () => {
  it.each([
    ['50', null, 'now'],
    ['50.5', null, 'now'],
    ['51', null, null],
    ['49', 'today', 'now'],
    ['29', 'now', 'now'],
  ] as const)('FEV1 %s is %s without it and %s with it', (fev1, without, withIt) => {
    const reading = { tagValue: '60', minTagValue: fev1 };
    expect(rate('breathing', reading).urgency).toBe(without);
    expect(rate('breathing', reading, 'asthmaOrCopd').urgency).toBe(withIt);
  });
});

describe('diabetes', () => {
  it('rates a sugar without its own switch against the ranges for diabetes', () => {
    // 140 fasting: high for someone with diabetes (over 130), not yet 'very high' without.
    expect(rate('sugar', { tagValue: '140', narration: '' }).band).toBe('very-high');
    expect(rate('sugar', { tagValue: '140', narration: '' }, 'diabetes').band).toBe('high');
    expect(rate('sugar', { tagValue: '140', narration: '' }, 'diabetes').result).toBe('High');
  });

  it('lets a reading say it is not a diabetic one', () => {
    for (const narration of ['NotHadDiabetics', 'HadDiabetics:false', 'hadDiabetics=no HadMeal']) {
      expect(sugarContextFromNarration(narration, true).hadDiabetics).toBe(false);
    }
    expect(sugarContextFromNarration('HadMeal', true)).toEqual({
      hadDiabetics: true,
      hadMeal: true,
    });
    expect(narrationFromSugarContext({ hadDiabetics: false, hadMeal: true }, true)).toBe(
      'NotHadDiabetics HadMeal',
    );
    expect(narrationFromSugarContext({ hadDiabetics: false, hadMeal: true })).toBe('HadMeal');
  });
});

describe('answers no rule reads', () => {
  it('change nothing, and say so', () => {
    const readings: [MeasureId, Omit<WireReading, 'takenAt'>][] = [
      ['bloodPressure', { tagValue: '150', minTagValue: '95' }],
      ['pulse', { tagValue: '88' }],
      ['temperature', { tagValue: '38.5' }],
      ['sugar', { tagValue: '150' }],
    ];
    for (const condition of ['highBloodPressure', 'heartDisease'] as const) {
      for (const [measure, reading] of readings) {
        expect(rate(measure, reading, condition)).toEqual(rate(measure, reading));
      }
      expect(CONDITION_USES[condition]).toMatch(/does not change how Vitalia rates a reading/);
    }
  });

  it('every condition says what it changes', () => {
    for (const condition of CONDITIONS) expect(CONDITION_USES[condition]).toMatch(/\w{3}/);
  });

  it('every rule that reads a condition names one of them', () => {
    for (const measure of Object.values(MEASURES)) {
      for (const rule of measure.urgency) {
        if (rule.onlyWith) expect(CONDITIONS).toContain(rule.onlyWith);
      }
    }
  });
});
