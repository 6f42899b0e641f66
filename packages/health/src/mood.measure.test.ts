import { describe, expect, it } from 'vitest';
import { expectCitesDocuments } from './edge-cases.fixture.ts';
import { interpretMood, moodBandsMatching } from './mood.measure.ts';

describe('interpretMood', () => {
  // Decision 4.2: Happy green 'Good'; Neutral yellow 'Inconclusive'; Sad red 'Unhappy'; Very Sad
  // red 'Bad mood'; anything else yellow 're-enter'.
  it.each([
    ['Happy', 'Good', 'green', 1],
    ['Neutral', 'Inconclusive', 'yellow', 0],
    ['Sad', 'Unhappy', 'red', 0],
    ['Very Sad', 'Bad mood', 'red', 0],
  ])('%s is %s (%s)', (word, result, colour, ok) => {
    expect(interpretMood(word)).toMatchObject({ measure: 'mood', value: word, result, colour, ok });
  });

  it('advises Very Sad to talk to a therapist, with the crisis line and the emergency number', () => {
    const { advice } = interpretMood('Very Sad');
    expect(advice).toMatch(/talk to a therapist/);
    expect(advice).toMatch(/crisis line/);
    expect(advice).toMatch(/emergency number/);
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

  it('names the NHS documents', () => {
    expect(interpretMood('Sad')).toMatchObject({
      source: 'NHS, Depression in adults, nhs.uk (read 2026)',
      unit: null,
    });
    expect(expectCitesDocuments(interpretMood('Very Sad').advice)).toContain(
      'NHS, Where to get urgent help for mental health, nhs.uk (read 2026)',
    );
  });
});
