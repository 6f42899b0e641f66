import { describe, expect, it } from 'vitest';
import { interpretBreathing } from './breathing.measure.ts';

// decisions.md section 4: both over 80 normal green; both under 80 abnormal red; anything else
// (mixed, or exactly 80) borderline yellow, 'repeat the test'.
const NORMAL = ['Normal', 'green'] as const;
const ABNORMAL = ['Abnormal', 'red'] as const;
const BORDERLINE = ['Borderline: repeat the test', 'yellow'] as const;

describe('interpretBreathing', () => {
  it.each([
    [81, 81, NORMAL],
    [80.01, 80.01, NORMAL],
    [80.01, 120, NORMAL],
    [79, 79, ABNORMAL],
    [79.99, 79.99, ABNORMAL],
    [0, 79.99, ABNORMAL],
    [80, 80, BORDERLINE],
    [80, 81, BORDERLINE],
    [81, 80, BORDERLINE],
    [80, 79, BORDERLINE],
    [79, 80, BORDERLINE],
    [79.99, 80.01, BORDERLINE],
    [80.01, 79.99, BORDERLINE],
    [60, 95, BORDERLINE],
  ])('FEV1 %d, FEV2 %d is %j', (fev1, fev2, [result, colour]) => {
    for (const [first, second] of [
      [fev1, fev2],
      [String(fev1), String(fev2)],
    ]) {
      expect(interpretBreathing(first, second)).toMatchObject({
        measure: 'breathing',
        result,
        colour,
        ok: colour === 'green' ? 1 : 0,
      });
    }
  });

  it('says to repeat the test when borderline, and cites the American Lung Association', () => {
    const analysis = interpretBreathing('80', '85');
    expect(analysis.advice).toMatch(/^Repeat the test/);
    expect(analysis.advice).toMatch(/\(Source: American Lung Association\)$/);
    expect(analysis).toMatchObject({ value: 'FEV1 80, FEV2 85', unit: '% of predicted' });
  });

  it.each([
    ['abc', '85'],
    ['85', ''],
    [null, '85'],
    ['85', undefined],
    ['-5', '85'],
    [NaN, 90],
  ])('FEV1 %j, FEV2 %j asks to re-enter', (fev1, fev2) => {
    expect(interpretBreathing(fev1, fev2)).toMatchObject({
      colour: 'yellow',
      result: 'invalid, please re-enter',
      ok: 0,
    });
  });

  it('echoes what was typed', () => {
    expect(interpretBreathing('abc', '85').value).toBe('FEV1 abc, FEV2 85');
  });
});
