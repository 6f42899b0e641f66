import { describe, expect, it } from 'vitest';
import { chartBands, chartValues, moodLevel, moodWordAt } from './chart-bands';

const fasting = { hadDiabetics: false, hadMeal: false };

describe('chartBands', () => {
  it('shades a measure’s table, leaving out the invalid bands', () => {
    // decisions.md: 90 or less very low red and 91-94 low red (one shade), 95-100 normal green;
    // under 50 and over 100 are invalid.
    expect(chartBands('oxygen', { unit: null, sugarContext: fasting, profile: null })).toEqual([
      { from: 50, to: 95, colour: 'red' },
      { from: 95, to: 100, colour: 'green' },
    ]);
  });

  it('draws neighbouring bands of one colour as one', () => {
    const bands = chartBands('pulse', {
      unit: null,
      sugarContext: fasting,
      profile: { dob: '1990-05-17', gender: 'Male' },
    });
    expect(bands.map((band) => band.colour)).toEqual(['red', 'yellow', 'green', 'red']);
  });

  it('gives the edges in the unit shown', () => {
    const bands = chartBands('temperature', { unit: '°F', sugarContext: fasting, profile: null });
    const normal = bands.find((band) => band.colour === 'green');
    expect(normal?.from).toBeCloseTo(96.8);
    expect(normal?.to).toBeCloseTo(98.6);
  });

  it('shades the normal range of each blood pressure line from the rules', () => {
    expect(
      chartBands('bloodPressure', { unit: null, sugarContext: fasting, profile: null }),
    ).toEqual([
      { from: 90, to: 121, colour: 'green', line: 'systolic' },
      { from: 60, to: 81, colour: 'green', line: 'diastolic' },
    ]);
  });

  it('puts the four moods on four levels', () => {
    expect(['Very Sad', 'Sad', 'Neutral', 'Happy'].map(moodLevel)).toEqual([0, 1, 2, 3]);
    expect(moodWordAt(2)).toBe('Neutral');
    expect(chartBands('mood', { unit: null, sugarContext: fasting, profile: null })).toEqual([
      { from: -0.5, to: 1.5, colour: 'red' },
      { from: 1.5, to: 2.5, colour: 'yellow' },
      { from: 2.5, to: 3.5, colour: 'green' },
    ]);
    expect(chartValues('mood', { tagValue: 'Happy', minTagValue: null }, null)).toEqual({
      first: 3,
      second: null,
    });
  });
});
