import { describe, expect, it } from 'vitest';
import { interpretMood, moodBandsMatching } from './mood.measure.ts';

describe('interpretMood', () => {
  // decisions.md section 4.
  it.each([
    ['Happy', 'Good', 'green', 1],
    ['Neutral', 'Inconclusive', 'yellow', 0],
    ['Sad', 'Unhappy', 'red', 0],
    ['Very Sad', 'Bad mood', 'red', 0],
  ])('%s is %s (%s)', (word, result, colour, ok) => {
    expect(interpretMood(word)).toMatchObject({ measure: 'mood', value: word, result, colour, ok });
  });

  it('advises Very Sad to talk to a therapist', () => {
    expect(interpretMood('Very Sad').advice).toMatch(/talk to a therapist/);
  });

  it.each([
    ['happy', 'Happy'],
    ['  NEUTRAL ', 'Neutral'],
    ['very  sad', 'Very Sad'],
  ])('forgives letter case and spacing: %j is %s', (typed, value) => {
    expect(interpretMood(typed).value).toBe(value);
  });

  it.each(['', '   ', 'Angry', 'Sadness', 'Very', '1', null, undefined, 5, {}, 'x'.repeat(1000)])(
    'asks to re-enter %j',
    (input) => {
      expect(interpretMood(input)).toMatchObject({
        colour: 'yellow',
        result: 're-enter',
        band: 're-enter',
        ok: 0,
      });
      expect(moodBandsMatching(input)).toEqual([]);
    },
  );

  it('cites the NHS', () => {
    expect(interpretMood('Sad')).toMatchObject({ source: 'NHS', unit: null });
    expect(interpretMood('Sad').advice).toMatch(/\(Source: NHS\)$/);
  });
});
