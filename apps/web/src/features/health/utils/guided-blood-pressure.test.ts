import { describe, expect, it } from 'vitest';
import {
  averageNarration,
  averagePair,
  averageRequest,
  checkPair,
  halfUp,
} from './guided-blood-pressure';

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 15, 8, 30, seconds));

describe('the average of two readings', () => {
  it('rounds half up to a whole mmHg', () => {
    expect(halfUp(82.5)).toBe(83);
    expect(halfUp(82.49)).toBe(82);
    expect(halfUp((120.1 + 120.4) / 2)).toBe(120);
    expect(
      averagePair(
        { systolic: 128, diastolic: 84, at: at(0) },
        { systolic: 125, diastolic: 81, at: at(70) },
      ),
    ).toEqual({ systolic: 127, diastolic: 83 });
  });

  it('says how the two were taken, as it happened', () => {
    const first = { systolic: 128, diastolic: 84, at: at(0) };
    expect(averageNarration(first, { systolic: 124, diastolic: 80, at: at(75) }, true)).toBe(
      'Average of 2 readings 1 minute apart: 128/84 and 124/80. Rested 5 minutes first.',
    );
    expect(averageNarration(first, { systolic: 124, diastolic: 80, at: at(20) }, false)).toBe(
      'Average of 2 readings less than a minute apart: 128/84 and 124/80. The 5-minute rest was skipped.',
    );
  });

  it('is sent as one blood pressure reading', () => {
    const { request, problems } = averageRequest(
      { systolic: 128, diastolic: 84, at: at(0) },
      { systolic: 124, diastolic: 81, at: at(65) },
      true,
    );
    expect(problems).toEqual([]);
    expect(request).toMatchObject({
      Tag: 'Systolic',
      TagValue: 126,
      MinTag: 'Diastolic',
      MinTagValue: 83,
      Narration: 'Average of 2 readings 1 minute apart: 128/84 and 124/81. Rested 5 minutes first.',
    });
  });
});

describe('checkPair', () => {
  it('takes a pair the server would take', () => {
    expect(checkPair({ systolic: '128', diastolic: '84' })).toEqual({
      ok: true,
      pair: { systolic: 128, diastolic: 84 },
    });
  });

  it('refuses, by field, what the server would refuse', () => {
    expect(checkPair({ systolic: '80', diastolic: '90' })).toEqual({
      ok: false,
      problems: [
        { field: 'diastolic', message: 'diastolic pressure must be below systolic pressure' },
      ],
    });
    const empty = checkPair({ systolic: '', diastolic: '' });
    expect(empty.ok).toBe(false);
    expect(!empty.ok && empty.problems.map((problem) => problem.field)).toEqual([
      'systolic',
      'diastolic',
    ]);
  });
});
