import { describe, expect, it } from 'vitest';
import { measuresText } from './measure-choice';
import { fromText, untilText } from './share-text';

describe('a share’s window in words', () => {
  it('names the last day shared for a share ending as the next day starts', () => {
    expect(untilText(new Date(2027, 0, 1).toISOString())).toBe('until 31 Dec 2026');
    expect(fromText(new Date(2026, 8, 1).toISOString())).toMatch(/^from 1 Sept? 2026$/);
  });

  it('gives the time of an end that is not the start of a day, as another app may send', () => {
    expect(untilText(new Date(2027, 0, 1, 14, 30).toISOString())).toBe('until 1 Jan 2027, 14:30');
  });

  it('says when there is no limit', () => {
    expect(fromText(null)).toBe('all your history');
    expect(untilText(null)).toBe('no end date');
  });
});

describe('measuresText', () => {
  it('lists the measures as a sentence, names in capitals kept', () => {
    expect(measuresText(true, [])).toBe('All measures');
    expect(measuresText(false, ['bloodPressure'])).toBe('Blood pressure');
    expect(measuresText(false, ['bloodPressure', 'bmi', 'oxygen'])).toBe(
      'Blood pressure, BMI and oxygen saturation',
    );
  });
});
