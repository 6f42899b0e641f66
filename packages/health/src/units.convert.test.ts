import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bmiFromWeight,
  celsiusToFahrenheit,
  cholesterolMgdlToMmol,
  cholesterolMmolToMgdl,
  fahrenheitToCelsius,
  glucoseMgdlToMmol,
  glucoseMmolToMgdl,
} from './units.convert.ts';

describe('known values', () => {
  it.each([
    ['glucose 5.5 mmol/L', () => glucoseMmolToMgdl(5.5), 99],
    ['glucose 99 mg/dL', () => glucoseMgdlToMmol(99), 5.5],
    ['glucose 7 mmol/L', () => glucoseMmolToMgdl('7'), 126],
    ['glucose 3.9 mmol/L', () => glucoseMmolToMgdl(3.9), 70],
    ['glucose 5.5 mmol/L unrounded', () => glucoseMmolToMgdl(5.5, null), 99.088],
    ['cholesterol 5.2 mmol/L', () => cholesterolMmolToMgdl(5.2), 201],
    ['cholesterol 201 mg/dL', () => cholesterolMgdlToMmol(201), 5.2],
    ['cholesterol 6.2 mmol/L', () => cholesterolMmolToMgdl(6.2), 240],
    ['cholesterol 200 mg/dL to two decimals', () => cholesterolMgdlToMmol(200, 2), 5.17],
    ['98.6 °F', () => fahrenheitToCelsius(98.6), 37],
    ['100.4 °F', () => fahrenheitToCelsius('100.4'), 38],
    ['32 °F', () => fahrenheitToCelsius(32), 0],
    ['37 °C', () => celsiusToFahrenheit(37), 98.6],
    ['38 °C', () => celsiusToFahrenheit(38), 100.4],
    ['70 kg at 1750 mm', () => bmiFromWeight(70, 1750), 22.9],
    ['70 kg at 1750 mm unrounded', () => bmiFromWeight(70, 1750, null), 70 / 1.75 ** 2],
    ['95.5 kg at 1800 mm to two decimals', () => bmiFromWeight('95.5', '1800', 2), 29.48],
  ])('%s', (_, convert, expected) => {
    expect(convert()).toBeCloseTo(expected, 10);
  });

  it.each([
    () => glucoseMmolToMgdl('abc'),
    () => cholesterolMgdlToMmol(''),
    () => fahrenheitToCelsius(null),
    () => celsiusToFahrenheit('1e400'),
    () => glucoseMmolToMgdl(Number.MAX_VALUE),
    () => bmiFromWeight(70, 0),
    () => bmiFromWeight(0, 1750),
    () => bmiFromWeight(-70, 1750),
    () => bmiFromWeight(70, 'tall'),
    () => bmiFromWeight(70, 1e-200),
  ])('cannot convert: %s', (convert) => {
    expect(convert()).toBeNull();
  });
});

describe('round trips', () => {
  // Values as people type them: one decimal for mmol/L and degrees.
  const oneDecimal = (min: number, max: number) =>
    fc.integer({ min: min * 10, max: max * 10 }).map((tenths) => tenths / 10);

  it('mmol/L -> mg/dL (whole) -> mmol/L gives back the glucose typed', () => {
    fc.assert(
      fc.property(oneDecimal(1, 40), (mmol) => {
        expect(glucoseMgdlToMmol(glucoseMmolToMgdl(mmol))).toBe(mmol);
      }),
    );
  });

  it('mmol/L -> mg/dL (whole) -> mmol/L gives back the cholesterol typed', () => {
    fc.assert(
      fc.property(oneDecimal(1, 20), (mmol) => {
        expect(cholesterolMgdlToMmol(cholesterolMmolToMgdl(mmol))).toBe(mmol);
      }),
    );
  });

  it('°C -> °F -> °C gives back the temperature typed', () => {
    fc.assert(
      fc.property(oneDecimal(25, 45), (celsius) => {
        expect(fahrenheitToCelsius(celsiusToFahrenheit(celsius))).toBe(celsius);
      }),
    );
  });

  it('unrounded conversions are inverse to within floating point', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (value) => {
        const back = [
          glucoseMgdlToMmol(glucoseMmolToMgdl(value, null), null),
          cholesterolMgdlToMmol(cholesterolMmolToMgdl(value, null), null),
          fahrenheitToCelsius(celsiusToFahrenheit(value, null), null),
        ];
        for (const result of back) {
          expect(Math.abs((result ?? NaN) - value)).toBeLessThanOrEqual(
            1e-9 * Math.max(1, Math.abs(value)),
          );
        }
      }),
    );
  });

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (a, b) => {
        for (const result of [
          glucoseMmolToMgdl(a),
          glucoseMgdlToMmol(a),
          cholesterolMmolToMgdl(a),
          cholesterolMgdlToMmol(a),
          fahrenheitToCelsius(a),
          celsiusToFahrenheit(a),
          bmiFromWeight(a, b),
        ]) {
          expect(result === null || Number.isFinite(result)).toBe(true);
        }
      }),
    );
  });
});
