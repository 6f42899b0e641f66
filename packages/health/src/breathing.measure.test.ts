import { describe, expect, it } from 'vitest';
import { interpretBreathing } from './breathing.measure.ts';
import { expectCitesDocuments } from './edge-cases.fixture.ts';

// Decision 4.2: both over 80 normal green; both under 80 abnormal red; anything else (mixed, or
// exactly 80) borderline yellow, 'repeat the test'. FEV1 under 50 says 'see a doctor'. Outside
// the limits of a possible measurement (1 to 150 %) a value is invalid.
const NORMAL = ['Normal', 'green'] as const;
const ABNORMAL = ['Abnormal', 'red'] as const;
const BORDERLINE = ['Borderline: repeat the test', 'yellow'] as const;
const INVALID = ['invalid, please re-enter', 'yellow'] as const;

describe('interpretBreathing', () => {
  it.each([
    [81, 81, NORMAL],
    [80.01, 80.01, NORMAL],
    [80.01, 120, NORMAL],
    [150, 150, NORMAL],
    [79, 79, ABNORMAL],
    [79.99, 79.99, ABNORMAL],
    [1, 79.99, ABNORMAL],
    [80, 80, BORDERLINE],
    [80, 81, BORDERLINE],
    [81, 80, BORDERLINE],
    [80, 79, BORDERLINE],
    [79, 80, BORDERLINE],
    [79.99, 80.01, BORDERLINE],
    [80.01, 79.99, BORDERLINE],
    [60, 95, BORDERLINE],
    [0.99, 90, INVALID],
    [90, 0.99, INVALID],
    [150.01, 90, INVALID],
    [90, 150.01, INVALID],
    [500, 500, INVALID],
    [90, 500, INVALID],
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

  it('says to repeat the test when borderline, naming the GOLD report', () => {
    const analysis = interpretBreathing('80', '85');
    expect(analysis.advice).toMatch(/^Repeat the test/);
    expect(expectCitesDocuments(analysis.advice)).toEqual([
      'GOLD, Global Strategy for the Prevention, Diagnosis and Management of COPD, 2025 report',
    ]);
    expect(analysis).toMatchObject({ value: 'FEV1 80, FEV2 85', unit: '% of predicted' });
  });

  it('says "see a doctor" when FEV1 is under 50, and not at 50', () => {
    expect(interpretBreathing('49.99', '90').advice).toMatch(/see a doctor/);
    expect(interpretBreathing('30', '40').advice).toMatch(/see a doctor/);
    expect(interpretBreathing('50', '90').advice).not.toMatch(/under 50%/);
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
