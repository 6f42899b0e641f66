import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { urgencyRank } from './analysis.model.ts';
import { analyse, analyseReading } from './analysis.ts';
import type { MeasureId } from './measure.catalog.ts';
import { beyondOwnRatings, news2Score, readTogether, type News2Measure } from './together.rules.ts';

const AT = Date.parse('2026-11-28T08:00:00Z');
const minutes = (n: number) => new Date(AT + n * 60_000).toISOString();

type Given = Partial<
  Record<MeasureId, { tagValue: string; minTagValue?: string; takenAt: string }>
>;

/** Readings as the wire carries them: a number for each measure, taken `at` minutes after 08:00. */
function readings(
  values: Partial<Record<MeasureId, string>>,
  at: Partial<Record<MeasureId, number>> = {},
): Given {
  const given: Given = {};
  for (const [measure, value] of Object.entries(values) as [MeasureId, string][]) {
    const [top, bottom] = value.split('/');
    given[measure] = {
      tagValue: top!,
      ...(bottom === undefined ? {} : { minTagValue: bottom }),
      takenAt: minutes(at[measure] ?? 0),
    };
  }
  return given;
}

describe('NEWS2 scores, at and either side of every edge of the RCP chart', () => {
  it.each<[News2Measure, number, number]>([
    ['respiratoryRate', 8, 3],
    ['respiratoryRate', 9, 1],
    ['respiratoryRate', 11, 1],
    ['respiratoryRate', 12, 0],
    ['respiratoryRate', 20, 0],
    ['respiratoryRate', 21, 2],
    ['respiratoryRate', 24, 2],
    ['respiratoryRate', 25, 3],
    ['oxygen', 91, 3],
    ['oxygen', 91.5, 3],
    ['oxygen', 92, 2],
    ['oxygen', 93, 2],
    ['oxygen', 93.5, 2],
    ['oxygen', 94, 1],
    ['oxygen', 95, 1],
    ['oxygen', 95.5, 1],
    ['oxygen', 96, 0],
    ['bloodPressure', 90, 3],
    ['bloodPressure', 90.5, 3],
    ['bloodPressure', 91, 2],
    ['bloodPressure', 100, 2],
    ['bloodPressure', 101, 1],
    ['bloodPressure', 110, 1],
    ['bloodPressure', 111, 0],
    ['bloodPressure', 219, 0],
    ['bloodPressure', 219.5, 3],
    ['bloodPressure', 220, 3],
    ['pulse', 40, 3],
    ['pulse', 40.5, 3],
    ['pulse', 41, 1],
    ['pulse', 50, 1],
    ['pulse', 51, 0],
    ['pulse', 90, 0],
    ['pulse', 90.5, 1],
    ['pulse', 91, 1],
    ['pulse', 110, 1],
    ['pulse', 111, 2],
    ['pulse', 130, 2],
    ['pulse', 131, 3],
    ['temperature', 35.0, 3],
    ['temperature', 35.05, 3],
    ['temperature', 35.1, 1],
    ['temperature', 36.0, 1],
    ['temperature', 36.1, 0],
    ['temperature', 38.0, 0],
    ['temperature', 38.1, 1],
    ['temperature', 39.0, 1],
    ['temperature', 39.1, 2],
  ])('%s %d scores %d', (measure, value, score) => {
    expect(news2Score(measure, value)).toBe(score);
  });
});

describe('the early-warning score of readings taken together', () => {
  it('is now at 5: the fever with a falling pressure of the review', () => {
    // 39.5 scores 2, 93 % 2, pulse 125 2, systolic 85 3: 9.
    const together = readTogether(
      readings({ temperature: '39.5', oxygen: '93', pulse: '125', bloodPressure: '85/55' }),
    );
    expect(together.urgency).toBe('now');
    expect(together.score).toBe(9);
    expect(together.reasons.map((reason) => reason.code)).toEqual(
      expect.arrayContaining(['EARLY_WARNING', 'POSSIBLE_SERIOUS_INFECTION', 'POSSIBLE_SHOCK']),
    );
    const warning = together.reasons.find((reason) => reason.code === 'EARLY_WARNING')!;
    expect(warning.measures).toEqual(['oxygen', 'pulse', 'bloodPressure', 'temperature']);
    expect(warning.message).toContain('score 9 on NEWS2');
    expect(warning.message).toContain('nearest hospital emergency unit');
    expect(warning.message).toContain('warning, not a diagnosis');
  });

  it('is nothing at 4 with no sign scoring 3', () => {
    // 38.5 scores 1, pulse 105 1, 95 % 1, breathing 22 2... without the breathing: 3.
    const together = readTogether(readings({ temperature: '38.5', pulse: '105', oxygen: '95' }));
    expect(together).toMatchObject({ urgency: null, score: 3, reasons: [] });
    const four = readTogether(
      readings({ temperature: '37', pulse: '105', respiratoryRate: '22', oxygen: '95' }),
    );
    expect(four).toMatchObject({ urgency: null, score: 4, reasons: [] });
  });

  it('is today when one sign alone scores 3', () => {
    const together = readTogether(readings({ bloodPressure: '88/60', pulse: '80' }));
    expect(together.urgency).toBe('today');
    expect(together.score).toBe(3);
    expect(together.reasons[0]).toMatchObject({ code: 'EARLY_WARNING', level: 'today' });
    expect(together.reasons[0]!.message).toContain('blood pressure alone scores 3');
  });

  it('needs two of its five signs: one reading is rated on its own', () => {
    const together = readTogether(readings({ oxygen: '90', mood: 'Happy' }));
    expect(together).toEqual({ urgency: null, score: null, reasons: [] });
  });
});

describe('possible serious infection', () => {
  it.each([
    ['fever with a systolic of 100', { temperature: '38.0', bloodPressure: '100/70' }, true],
    ['fever with a systolic of 101', { temperature: '38.0', bloodPressure: '101/70' }, false],
    ['37.9 with a systolic of 88', { temperature: '37.9', bloodPressure: '130/70' }, false],
    ['fever with breathing 22', { temperature: '38.4', respiratoryRate: '22' }, true],
    ['fever with breathing 21', { temperature: '38.4', respiratoryRate: '21' }, false],
    ['fever with 93 %', { temperature: '39', oxygen: '93' }, true],
    ['fever with 94 %', { temperature: '39', oxygen: '94' }, false],
    ['fever with a pulse of 111', { temperature: '38.2', pulse: '111' }, true],
    ['fever with a pulse of 110', { temperature: '38.2', pulse: '110' }, false],
    ['35.9 with a pulse of 118', { temperature: '35.9', pulse: '118' }, true],
    ['36.0 with a pulse of 118', { temperature: '36.0', pulse: '118' }, false],
  ] as const)('%s: %s', (_, values, infection) => {
    const together = readTogether(readings(values));
    const reason = together.reasons.find((each) => each.code === 'POSSIBLE_SERIOUS_INFECTION');
    expect(reason !== undefined).toBe(infection);
    if (reason) {
      expect(reason.level).toBe('now');
      expect(reason.measures).toContain('temperature');
      expect(reason.message).toContain('sepsis or severe malaria');
      expect(together.urgency).toBe('now');
    }
  });

  it('gets urgency for the fever of 39.0 with 88/58 and a pulse of 118 that had none', () => {
    const together = readTogether(
      readings({ temperature: '39.0', bloodPressure: '88/58', pulse: '118' }),
    );
    expect(together.urgency).toBe('now');
    const reason = together.reasons.find((each) => each.code === 'POSSIBLE_SERIOUS_INFECTION')!;
    expect(reason.measures).toEqual(['pulse', 'bloodPressure', 'temperature']);
    expect(reason.message).toContain(
      'together with a pulse over 110 and a top blood pressure number (systolic) of 100 or less',
    );
  });
});

describe('possible shock', () => {
  it.each([
    ['120', '120/80', true],
    ['121', '120/80', true],
    ['119', '120/80', false],
  ])('pulse %s with %s', (pulse, pressure, shock) => {
    const together = readTogether(readings({ pulse, bloodPressure: pressure }));
    const reason = together.reasons.find((each) => each.code === 'POSSIBLE_SHOCK');
    expect(reason !== undefined).toBe(shock);
    if (shock) expect(together.urgency).toBe('now');
  });
});

describe('the 60-minute window', () => {
  const shock = { pulse: '130', bloodPressure: '95/60' };

  it.each([
    [59, 'now'],
    [60, 'now'],
    [61, null],
    [-61, null],
  ] as const)('readings %d minutes apart: %s', (apart, urgency) => {
    const together = readTogether(readings(shock, { bloodPressure: apart }));
    expect(together.urgency).toBe(urgency);
  });

  it('reads every set within 60 minutes: a reading between two others joins either', () => {
    // 08:00 temperature 39.2, 08:50 pulse 120, 09:40 systolic 95: the pulse is within an hour of
    // each, the temperature and the pressure are not of each other.
    const together = readTogether(
      readings(
        { temperature: '39.2', pulse: '120', bloodPressure: '95/60' },
        { pulse: 50, bloodPressure: 100 },
      ),
    );
    const codes = together.reasons.map((reason) => reason.code);
    expect(together.urgency).toBe('now');
    // Either pair alone is urgent: fever with a fast pulse, or a pulse over the systolic.
    expect(codes.length).toBeGreaterThan(0);
    for (const reason of together.reasons) {
      expect(reason.measures).not.toEqual(expect.arrayContaining(['temperature', 'bloodPressure']));
    }
  });

  it('leaves out a reading that cannot be rated and one without a time', () => {
    const invalid = readTogether(readings({ pulse: '130', bloodPressure: '95/120' }));
    expect(invalid.urgency).toBeNull();
    const timeless = readTogether({
      pulse: { tagValue: '130', takenAt: 'not a time' },
      bloodPressure: { tagValue: '95', minTagValue: '60', takenAt: minutes(0) },
    });
    expect(timeless.urgency).toBeNull();
  });
});

describe('the analysis answers it', () => {
  it('beside each measure’s own rating, which it does not change', () => {
    const given = readings({ temperature: '39.0', bloodPressure: '88/58', pulse: '118' });
    const report = analyse({ readings: given, now: minutes(10) });
    expect(report.together.urgency).toBe('now');
    for (const measure of ['temperature', 'bloodPressure', 'pulse'] as const) {
      expect(report.measures[measure]).toEqual(
        analyseReading(measure, given[measure], null, minutes(10)),
      );
    }
  });
});

describe('what the readings together add to their own ratings', () => {
  it('leaves out a reason no more urgent than a reading it combined', () => {
    const given = readings({ oxygen: '90', temperature: '36.8' }, { temperature: 50 });
    const report = analyse({ readings: given, now: minutes(60) });
    expect(report.measures.oxygen.urgency).toBe('now');
    expect(report.together).toMatchObject({ urgency: 'today', score: 3 });
    expect(beyondOwnRatings(report.together, report.measures)).toEqual({
      urgency: null,
      score: 3,
      reasons: [],
    });
  });

  it('keeps a reason more urgent than each of its readings alone', () => {
    const given = readings({ temperature: '39.0', bloodPressure: '88/58', pulse: '118' });
    const report = analyse({ readings: given, now: minutes(10) });
    const shown = beyondOwnRatings(report.together, report.measures);
    expect(shown.urgency).toBe('now');
    expect(shown.reasons.map((reason) => reason.code)).toContain('POSSIBLE_SERIOUS_INFECTION');
  });
});

// The property of the issue: adding any reading to a person's set never lowers any result's
// urgency. A set here is the newest reading of some measures, each within two hours.
const NUMERIC: Record<
  Exclude<MeasureId, 'mood' | 'bloodPressure' | 'breathing'>,
  [number, number]
> = {
  oxygen: [50, 100],
  sugar: [10, 1000],
  bmi: [10, 80],
  pulse: [20, 250],
  temperature: [25, 45],
  cholesterol: [50, 1000],
  respiratoryRate: [1, 80],
};

const aReading = fc.oneof(
  ...Object.entries(NUMERIC).map(([measure, [min, max]]) =>
    fc
      .record({ value: fc.integer({ min, max }), at: fc.integer({ min: 0, max: 120 }) })
      .map(({ value, at }) => ({
        measure: measure as MeasureId,
        reading: { tagValue: String(value), takenAt: minutes(at) },
      })),
  ),
  fc
    .record({
      systolic: fc.integer({ min: 60, max: 260 }),
      gap: fc.integer({ min: 10, max: 120 }),
      at: fc.integer({ min: 0, max: 120 }),
    })
    .map(({ systolic, gap, at }) => ({
      measure: 'bloodPressure' as MeasureId,
      reading: {
        tagValue: String(systolic),
        minTagValue: String(Math.max(30, systolic - gap)),
        takenAt: minutes(at),
      },
    })),
);

describe('adding a reading never lowers urgency', () => {
  it('holds for any set of newest readings and any measure added to it', () => {
    fc.assert(
      fc.property(fc.array(aReading, { maxLength: 6 }), aReading, (set, added) => {
        const before = Object.fromEntries(set.map((each) => [each.measure, each.reading]));
        if (added.measure in before) return;
        const after = { ...before, [added.measure]: added.reading };
        const was = analyse({ readings: before, now: minutes(180) });
        const is = analyse({ readings: after, now: minutes(180) });
        expect(urgencyRank(is.together.urgency)).toBeGreaterThanOrEqual(
          urgencyRank(was.together.urgency),
        );
        for (const measure of Object.keys(before) as MeasureId[]) {
          expect(urgencyRank(is.measures[measure].urgency)).toBeGreaterThanOrEqual(
            urgencyRank(was.measures[measure].urgency),
          );
        }
      }),
      { numRuns: 400 },
    );
  });
});
