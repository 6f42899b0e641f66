import { describe, expect, it } from 'vitest';
import { analyseReading } from '@vitalia/health/analysis';
import { MOOD_VALUES } from '@vitalia/health/mood.measure';
import { chartBands, chartValues, moodLevel, wordAtAxis } from './chart-bands';

const fasting = { hadDiabetics: false, hadMeal: false };

describe('chartBands', () => {
  it('shades a measure’s table, leaving out the invalid bands', () => {
    // docs/clinical-reference.md: 1-49 'Check the device' yellow, 90 or less very low red and 91-94
    // low red (one shade), 95-100 normal green; under 1 and over 100 are invalid.
    expect(chartBands('oxygen', { unit: null, sugarContext: fasting, profile: null })).toEqual([
      { from: 1, to: 50, colour: 'yellow' },
      { from: 50, to: 95, colour: 'red' },
      { from: 95, to: 100, colour: 'green' },
    ]);
  });

  it('shades a pulse by the clinical resting range, whatever the fitness chart of the person says', () => {
    const bands = chartBands('pulse', {
      unit: null,
      sugarContext: fasting,
      profile: { dob: '1950-05-17', gender: 'Female' },
    });
    // Under 40 red, 40-59 yellow, 60-100 green, 101-120 yellow, over 120 red.
    expect(bands.map((band) => band.colour)).toEqual(['red', 'yellow', 'green', 'yellow', 'red']);
    expect(bands.find((band) => band.colour === 'green')).toMatchObject({ from: 60, to: 101 });
  });

  it('draws neighbouring bands of one colour as one', () => {
    // Oxygen's 'very low' and 'low' bands are both red: one shade from 50 to 95.
    const bands = chartBands('oxygen', { unit: null, sugarContext: fasting, profile: null });
    expect(bands.filter((band) => band.colour === 'red')).toHaveLength(1);
  });

  it('gives the edges in the unit shown', () => {
    const bands = chartBands('temperature', { unit: '°F', sugarContext: fasting, profile: null });
    const normal = bands.find((band) => band.colour === 'green');
    expect(normal?.from).toBeCloseTo(96.8);
    expect(normal?.to).toBeCloseTo(98.6);
  });

  it('shades each blood pressure line against its own ranges, from the rules', () => {
    // Within the limits of a possible measurement; what one number says on its own.
    expect(
      chartBands('bloodPressure', { unit: null, sugarContext: fasting, profile: null }),
    ).toEqual([
      // Under 90 is 'Low', and urgent ('today'): red, as its chip is.
      { from: 40, to: 90, colour: 'red', line: 'systolic' },
      { from: 90, to: 121, colour: 'green', line: 'systolic' },
      { from: 121, to: 129, colour: 'yellow', line: 'systolic' },
      { from: 129, to: 300, colour: 'red', line: 'systolic' },
      { from: 20, to: 41, colour: 'red', line: 'diastolic' },
      { from: 41, to: 60, colour: 'yellow', line: 'diastolic' },
      { from: 60, to: 81, colour: 'green', line: 'diastolic' },
      { from: 81, to: 88, colour: 'yellow', line: 'diastolic' },
      { from: 88, to: 200, colour: 'red', line: 'diastolic' },
    ]);
  });

  it('never puts a diastolic of 95 inside green, nor a reading’s worse number anywhere milder', () => {
    const bands = chartBands('bloodPressure', { unit: null, sugarContext: fasting, profile: null });
    const colourOf = (line: 'systolic' | 'diastolic', value: number) =>
      bands.find(
        (band) =>
          band.line === line && (band.from ?? -Infinity) < value && value < (band.to ?? Infinity),
      )?.colour;
    expect(colourOf('diastolic', 95)).toBe('red');
    // The reading’s colour, its urgency counted, is the worse of its two lines’ colours, for every
    // pair checked (off the whole numbers, where the edges sit).
    const rank = { green: 0, yellow: 1, red: 2, grey: -1 } as const;
    for (let systolic = 45.25; systolic <= 250; systolic += 3.5) {
      for (let diastolic = 25.25; diastolic < Math.min(systolic, 190); diastolic += 3.5) {
        const reading = analyseReading(
          'bloodPressure',
          { tagValue: String(systolic), minTagValue: String(diastolic), takenAt: new Date() },
          null,
        );
        const worse = Math.max(
          rank[colourOf('systolic', systolic) ?? 'grey'],
          rank[colourOf('diastolic', diastolic) ?? 'grey'],
        );
        expect([systolic, diastolic, rank[reading.colour]]).toEqual([systolic, diastolic, worse]);
      }
    }
  });

  it('shades FEV1 and FEV2 each against 80 % of predicted', () => {
    const bands = chartBands('breathing', { unit: null, sugarContext: fasting, profile: null });
    expect(bands.filter((band) => band.line === 'fev1')).toEqual(
      bands.filter((band) => band.line === 'fev2').map((band) => ({ ...band, line: 'fev1' })),
    );
    expect(bands.filter((band) => band.line === 'fev1' && band.colour === 'green')).toEqual([
      { from: 80, to: null, colour: 'green', line: 'fev1' },
    ]);
    expect(bands.every((band) => band.line !== undefined)).toBe(true);
  });

  it('puts the four moods on four levels', () => {
    expect(['Very Sad', 'Sad', 'Neutral', 'Happy'].map(moodLevel)).toEqual([0, 1, 2, 3]);
    expect(wordAtAxis(MOOD_VALUES, 2)).toBe('Neutral');
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
