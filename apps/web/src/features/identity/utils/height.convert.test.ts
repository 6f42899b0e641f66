import { describe, expect, it } from 'vitest';
import {
  cmToMm,
  feetInchesToMm,
  formatHeight,
  mmToCm,
  mmToFeetInches,
  parseDecimal,
} from './height.convert';

describe('height conversion', () => {
  it('turns centimetres into whole millimetres and back', () => {
    expect(cmToMm(180)).toBe(1800);
    expect(cmToMm(175.55)).toBe(1756);
    expect(mmToCm(1755)).toBe(175.5);
  });

  it('turns feet and inches into whole millimetres', () => {
    expect(feetInchesToMm({ feet: 5, inches: 11 })).toBe(1803);
    expect(feetInchesToMm({ feet: 6, inches: 0 })).toBe(1829);
    expect(feetInchesToMm({ feet: 5, inches: 10.5 })).toBe(1791);
  });

  it('rounds millimetres to the nearest inch, carrying 12 inches into a foot', () => {
    expect(mmToFeetInches(1800)).toEqual({ feet: 5, inches: 11 });
    // 1827 mm is 71.93 inches: rounds up to 72, which is 6 ft exactly, not 5 ft 12 in.
    expect(mmToFeetInches(1827)).toEqual({ feet: 6, inches: 0 });
    expect(mmToFeetInches(feetInchesToMm({ feet: 4, inches: 7 }))).toEqual({ feet: 4, inches: 7 });
  });

  it('reads typed numbers, with a decimal point or comma, and nothing else', () => {
    expect(parseDecimal(' 175 ')).toBe(175);
    expect(parseDecimal('175.5')).toBe(175.5);
    expect(parseDecimal('175,5')).toBe(175.5);
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('-5')).toBeNull();
    expect(parseDecimal('1e3')).toBeNull();
    expect(parseDecimal('tall')).toBeNull();
  });

  it('shows a stored height in both units', () => {
    expect(formatHeight(1800)).toBe('180 cm (5 ft 11 in)');
    expect(formatHeight(1755)).toBe('175.5 cm (5 ft 9 in)');
  });
});
