import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageInYears, calendarDate } from './age.calendar.ts';

describe('calendarDate', () => {
  it.each([
    ['1990-05-17', { year: 1990, month: 5, day: 17 }],
    [' 1990-05-17 ', { year: 1990, month: 5, day: 17 }],
    ['2024-02-29', { year: 2024, month: 2, day: 29 }],
    ['2000-02-29', { year: 2000, month: 2, day: 29 }],
    ['2024-03-01T00:30:00+02:00', { year: 2024, month: 3, day: 1 }],
    ['2024-03-01T23:59:59.999Z', { year: 2024, month: 3, day: 1 }],
    ['2024-03-01 08:30', { year: 2024, month: 3, day: 1 }],
    [new Date('1990-05-17'), { year: 1990, month: 5, day: 17 }],
    [new Date('2024-03-01T23:30:00Z'), { year: 2024, month: 3, day: 1 }],
  ])('reads %j', (input, expected) => {
    expect(calendarDate(input)).toEqual(expected);
  });

  it.each([
    ['2023-02-29'],
    ['1900-02-29'],
    ['2024-04-31'],
    ['2024-13-01'],
    ['2024-00-10'],
    ['0000-01-01'],
    ['17/05/1990'],
    ['1990-5-17'],
    ['2024-03-01Tnonsense'],
    [''],
    [null],
    [undefined],
    [19900517],
    [{}],
    [new Date(NaN)],
    ['1990-05-17'.repeat(1000)],
  ])('refuses %j', (input) => {
    expect(calendarDate(input)).toBeNull();
  });
});

describe('ageInYears', () => {
  it.each([
    ['1990-06-15', '2024-06-14', 33],
    ['1990-06-15', '2024-06-15', 34],
    ['1990-06-15', '2024-06-16', 34],
    ['1990-12-31', '2024-01-01', 33],
    ['1990-01-01', '2024-12-31', 34],
    ['2024-06-15', '2024-06-15', 0],
    // Born on 29 February: a year older on 29 February in leap years and on 1 March in others.
    ['2000-02-29', '2018-02-28', 17],
    ['2000-02-29', '2018-03-01', 18],
    ['2000-02-29', '2020-02-28', 19],
    ['2000-02-29', '2020-02-29', 20],
    // Measured on 29 February by someone born on 28 February or 1 March.
    ['2001-02-28', '2024-02-29', 23],
    ['2001-03-01', '2024-02-29', 22],
  ])('born %s, on %s: %d', (dob, on, age) => {
    expect(ageInYears(dob, on)).toBe(age);
  });

  it('has no age before the birth or without dates', () => {
    expect(ageInYears('2024-06-16', '2024-06-15')).toBeNull();
    expect(ageInYears(null, '2024-06-15')).toBeNull();
    expect(ageInYears('1990-01-01', undefined)).toBeNull();
  });

  const days = fc
    .date({
      min: new Date('1900-01-01T00:00:00Z'),
      max: new Date('2100-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString().slice(0, 10));

  it('is n on the n-th birthday and n - 1 the day before, for anyone not born on 29 February', () => {
    fc.assert(
      fc.property(
        days.filter((dob) => !dob.endsWith('-02-29')),
        fc.integer({ min: 1, max: 120 }),
        (dob, n) => {
          const birthday = `${String(Number(dob.slice(0, 4)) + n).padStart(4, '0')}${dob.slice(4)}`;
          const dayBefore = new Date(`${birthday}T00:00:00Z`);
          dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
          expect(ageInYears(dob, birthday)).toBe(n);
          expect(ageInYears(dob, dayBefore)).toBe(n - 1);
        },
      ),
    );
  });

  it('never decreases as the reading day moves later', () => {
    fc.assert(
      fc.property(days, days, days, (dob, a, b) => {
        const [earlier, later] = a <= b ? [a, b] : [b, a];
        const first = ageInYears(dob, earlier);
        const second = ageInYears(dob, later);
        if (first !== null) expect(second).toBeGreaterThanOrEqual(first);
      }),
    );
  });
});
