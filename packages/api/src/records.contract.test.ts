import { describe, expect, expectTypeOf, it } from 'vitest';
import { analyseReading, type AnalysisReport } from '@vitalia/health/analysis';
import { MEASURE_IDS } from '@vitalia/health/measure.catalog';
import { READING_LIMITS } from '@vitalia/health/measurement-limits.catalog';
import {
  HEALTH_TAGS,
  MEASURE_TAGS,
  readingProblems,
  tagRuleOf,
  type AnalysisResponse,
  type TagRule,
} from './records.contract.ts';

describe('the records contract', () => {
  it('has one write tag per measure', () => {
    expect(HEALTH_TAGS.map((tag) => tagRuleOf(tag).measure).sort()).toEqual(
      [...MEASURE_IDS].sort(),
    );
    for (const measure of MEASURE_IDS)
      expect(tagRuleOf(MEASURE_TAGS[measure]).measure).toBe(measure);
  });

  it('answers the analysis as packages/health reports it', () => {
    expectTypeOf<AnalysisReport>().toExtend<
      Omit<
        AnalysisResponse,
        'readings' | 'emergency' | 'bloodPressureWeek' | 'sugarWeek' | 'recent'
      >
    >();
  });

  // The server must never store a reading that the interpreter then calls invalid: the limits lie
  // inside the range each measure rates. Checked at both edges of every limit.
  const oneValue = HEALTH_TAGS.filter(
    (tag): tag is (typeof HEALTH_TAGS)[number] => tagRuleOf(tag).second === null,
  );
  const numeric = (rule: TagRule) => (rule.value === 'word' ? null : rule.value);

  it.each(oneValue.filter((tag) => numeric(tagRuleOf(tag)) !== null))(
    'accepts only %s values the interpreter can rate',
    (tag) => {
      const rule = tagRuleOf(tag);
      const limit = numeric(rule)!;
      for (const value of [limit.min, limit.max]) {
        const rated = analyseReading(rule.measure, {
          tagValue: String(value),
          takenAt: new Date(),
        });
        expect(rated.band, `${tag} ${value}`).not.toBe('invalid');
      }
    },
  );

  it('accepts only blood pressures and FEV pairs the interpreter can rate', () => {
    const { systolic, diastolic, fev1, fev2 } = READING_LIMITS;
    for (const [top, bottom] of [
      [systolic.min, diastolic.min],
      [systolic.max, diastolic.max],
      [diastolic.max + 1, diastolic.max],
    ] as const) {
      const rated = analyseReading('bloodPressure', {
        tagValue: String(top),
        minTagValue: String(bottom),
        takenAt: new Date(),
      });
      expect(rated.band, `${top}/${bottom}`).not.toBe('invalid');
    }
    for (const [second, first] of [
      [fev2.min, fev1.min],
      [fev2.max, fev1.max],
    ] as const) {
      const rated = analyseReading('breathing', {
        tagValue: String(second),
        minTagValue: String(first),
        takenAt: new Date(),
      });
      expect(rated.band).not.toBe('invalid');
    }
  });
  it('refuses a respiratory rate unless it is a whole count from 1 to 80', () => {
    const problems = (TagValue: string | number) =>
      readingProblems({ Tag: 'Respiratory Rate', TagValue }).map((problem) => problem.message);
    expect(problems(16)).toEqual([]);
    expect(problems('16.0')).toEqual([]);
    for (const value of [16.5, '8.5', 0, 81]) {
      expect(problems(value)).toEqual([
        'respiratory rate must be a whole number between 1 and 80 breaths/min',
      ]);
    }
  });
});
