import { describe, expect, it } from 'vitest';
import { formatNumber, givenText, parseReading, roundTo } from './reading.parse.ts';

describe('parseReading', () => {
  it.each([
    ['98', 98],
    ['  98 ', 98],
    ['94.5', 94.5],
    ['.5', 0.5],
    ['5.', 5],
    ['+7', 7],
    ['-5', -5],
    ['1e2', 100],
    ['1E-1', 0.1],
    ['098', 98],
    ['-0', 0],
    [120, 120],
    [-0, 0],
  ])('reads %j as %d', (input, expected) => {
    expect(parseReading(input)).toBe(expected);
  });

  it.each([
    [undefined],
    [null],
    [''],
    ['   '],
    ['abc'],
    ['12abc'],
    ['1,5'],
    ['1 200'],
    ['0x1f'],
    ['Infinity'],
    ['-Infinity'],
    ['NaN'],
    ['1e400'],
    ['-1e400'],
    [NaN],
    [Infinity],
    [-Infinity],
    ['9'.repeat(100_000)],
    [{}],
    [[]],
    [[5]],
    [{ valueOf: () => 5 }],
    [true],
    [10n],
    [Symbol('x')],
    [() => 5],
    [new Date(0)],
  ])('refuses %s', (input) => {
    expect(parseReading(input)).toBeNull();
  });
});

describe('roundTo', () => {
  it.each([
    [37.05, 1, 37.1],
    [37.04, 1, 37],
    [36.95, 1, 37],
    [34.95, 1, 35],
    [61.5, 0, 62],
    [61.49, 0, 61],
    [1.005, 2, 1.01],
    [-2.5, 0, -3],
    [-0.04, 1, 0],
    [99.088, 0, 99],
  ])('rounds %d to %d decimals as %d', (value, decimals, expected) => {
    expect(roundTo(value, decimals)).toBe(expected);
  });

  it('leaves numbers it cannot scale alone', () => {
    expect(roundTo(Infinity, 1)).toBe(Infinity);
    expect(roundTo(Number.MAX_VALUE, 1)).toBe(Number.MAX_VALUE);
    expect(roundTo(NaN, 1)).toBeNaN();
  });
});

describe('formatNumber and givenText', () => {
  it('shows numbers in their shortest form', () => {
    expect(formatNumber(98)).toBe('98');
    expect(formatNumber(94.5)).toBe('94.5');
    expect(formatNumber(-0)).toBe('0');
  });

  it('echoes typed text trimmed and shortened, and nothing for non-text', () => {
    expect(givenText('  abc ')).toBe('abc');
    expect(givenText('x'.repeat(100))).toBe(`${'x'.repeat(40)}…`);
    expect(givenText(NaN)).toBe('NaN');
    expect(givenText({})).toBeNull();
    expect(givenText(undefined)).toBeNull();
  });
});
