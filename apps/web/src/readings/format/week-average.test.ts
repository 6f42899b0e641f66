import { describe, expect, it } from 'vitest';
import { bloodPressureWeekText } from './week-average';

describe('bloodPressureWeekText', () => {
  it('gives the figure and how many readings it averages', () => {
    expect(
      bloodPressureWeekText({ systolic: 126, diastolic: 83, count: 1, urgentLeftOut: 0 }),
    ).toEqual({ figure: '7-day average 126/83 mmHg', count: '(1 reading)' });
  });

  it('says how many urgent readings were left out of the average', () => {
    expect(
      bloodPressureWeekText({ systolic: 135, diastolic: 90, count: 2, urgentLeftOut: 1 }).count,
    ).toBe('(2 readings; 1 urgent reading left out)');
    expect(
      bloodPressureWeekText({ systolic: 135, diastolic: 90, count: 3, urgentLeftOut: 4 }).count,
    ).toBe('(3 readings; 4 urgent readings left out)');
  });
});
