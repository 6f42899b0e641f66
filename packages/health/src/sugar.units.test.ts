import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { glucoseMmolForRating, isSugarUnit, sugarUnitDoubt } from './sugar.units.ts';

// Decision 4.2: a value typed in mmol/L is rated as ADA's published mg/dL equivalent is, never
// after a rounding that moves it across an edge.
describe('glucoseMmolForRating', () => {
  it.each([
    [3.0, 54],
    [3.9, 70],
    [4.4, 80],
    [5.6, 100],
    [7.0, 126],
    [7.2, 130],
    [7.8, 140],
    [10.0, 180],
    [11.1, 200],
    [13.9, 250],
    [16.7, 300],
  ])('rates %d mmol/L as exactly %d mg/dL', (mmol, mgdl) => {
    expect(glucoseMmolForRating(mmol)).toBe(mgdl);
    expect(glucoseMmolForRating(String(mmol))).toBe(mgdl);
  });

  it.each([
    [3.8, 54, 70],
    [4.3, 70, 80],
    [5.5, 80, 100],
    [6.9, 100, 126],
    [7.1, 126, 130],
    [9.9, 140, 180],
    [13.8, 200, 250],
  ])('rates %d mmol/L strictly between %d and %d mg/dL', (mmol, above, below) => {
    const rated = glucoseMmolForRating(mmol) ?? NaN;
    expect(rated).toBeGreaterThan(above);
    expect(rated).toBeLessThan(below);
  });

  // Readings as people type them: up to two decimals (a double as small as 4e-323 is no reading,
  // and its arithmetic cannot keep two such numbers apart).
  const typed = fc.integer({ min: 0, max: 6000 }).map((hundredths) => hundredths / 100);

  it('rises with the value, so two readings keep their order', () => {
    fc.assert(
      fc.property(typed, typed, (a, b) => {
        fc.pre(a < b);
        expect(glucoseMmolForRating(a) ?? NaN).toBeLessThan(glucoseMmolForRating(b) ?? NaN);
      }),
    );
  });

  it('stays near the molar factor (18) everywhere', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.6, max: 55.5, noNaN: true }), (mmol) => {
        const rated = glucoseMmolForRating(mmol) ?? NaN;
        expect(Math.abs(rated - mmol * 18)).toBeLessThan(Math.max(2, mmol * 0.05));
      }),
    );
  });

  it.each(['', 'abc', null, undefined, {}, NaN, Infinity])('answers null for %j', (input) => {
    expect(glucoseMmolForRating(input)).toBeNull();
  });
});

describe('sugarUnitDoubt', () => {
  it('asks about mmol/L for 15 typed as mg/dL', () => {
    expect(sugarUnitDoubt(15, 'mg/dL')).toMatchObject({ unit: 'mmol/L', value: 15 });
    expect(sugarUnitDoubt(15, 'mg/dL')?.question).toMatch(/^Did you mean 15 mmol\/L\b/);
  });

  it('asks about mg/dL for 150 typed as mmol/L', () => {
    expect(sugarUnitDoubt(150, 'mmol/L')).toMatchObject({ unit: 'mg/dL', value: 150 });
    expect(sugarUnitDoubt(150, 'mmol/L')?.question).toMatch(/^Did you mean 150 mg\/dL\b/);
  });

  it.each([
    [39.9, 'mg/dL', 'mmol/L'],
    [40, 'mg/dL', null],
    [95, 'mg/dL', null],
    [400, 'mg/dL', null],
    [5.5, 'mmol/L', null],
    [40, 'mmol/L', null],
    [40.1, 'mmol/L', 'mg/dL'],
    [0, 'mg/dL', null],
    [-5, 'mmol/L', null],
    [NaN, 'mg/dL', null],
  ] as const)('%d %s: doubt %s', (value, unit, doubt) => {
    expect(sugarUnitDoubt(value, unit)?.unit ?? null).toBe(doubt);
  });

  it('knows the two units', () => {
    expect(isSugarUnit('mg/dL')).toBe(true);
    expect(isSugarUnit('mmol/L')).toBe(true);
    expect(isSugarUnit('mmol')).toBe(false);
    expect(isSugarUnit(null)).toBe(false);
  });
});
