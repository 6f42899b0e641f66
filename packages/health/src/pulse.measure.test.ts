import { describe, expect, it } from 'vitest';
import { expectCitesDocuments } from './edge-cases.fixture.ts';
import {
  interpretPulse,
  PULSE_AGE_BANDS,
  PULSE_GENDERS,
  PULSE_LABELS,
  pulseChartCell,
  pulseTableFor,
  type PulseAgeBand,
  type PulseGender,
  type PulseLabel,
} from './pulse.measure.ts';

// The two pulse tables of docs/clinical-reference.md, copied as they are, so that a slip in the
// chart data of pulse.measure.ts is caught here.
const PULSE_BANDS_MD = `
## Men

| Label | 18-25 | 26-35 | 36-45 | 46-55 | 56-65 | over 65 |
|---|---|---|---|---|---|---|
| Athlete | 49-55 | 49-54 | 50-56 | 50-57 | 51-56 | 50-55 |
| Excellent | 56-61 | 55-61 | 57-62 | 58-63 | 57-61 | 56-61 |
| Great | 62-65 | 62-65 | 63-66 | 64-67 | 62-67 | 62-65 |
| Good | 66-69 | 66-70 | 67-70 | 68-71 | 68-71 | 66-69 |
| Average | 70-73 | 71-74 | 71-75 | 72-76 | 72-75 | 70-73 |
| Below Average | 74-81 | 75-81 | 76-82 | 77-83 | 76-81 | 74-79 |
| Poor | 82+ | 82+ | 83+ | 84+ | 82+ | 80+ |

## Women

| Label | 18-25 | 26-35 | 36-45 | 46-55 | 56-65 | over 65 |
|---|---|---|---|---|---|---|
| Athlete | 54-60 | 54-59 | 54-59 | 54-60 | 54-59 | 54-59 |
| Excellent | 61-65 | 60-64 | 60-64 | 61-65 | 60-64 | 60-64 |
| Great | 66-69 | 65-68 | 65-69 | 66-69 | 65-68 | 65-68 |
| Good | 70-73 | 69-72 | 70-73 | 70-73 | 69-73 | 69-72 |
| Average | 74-78 | 73-76 | 74-78 | 74-77 | 74-77 | 73-76 |
| Below Average | 79-84 | 77-82 | 79-84 | 78-83 | 78-83 | 77-84 |
| Poor | 85+ | 83+ | 85+ | 84+ | 84+ | 85+ |

`;

const UNUSUALLY_LOW = 'Unusually low: re-check at rest; normal for some trained athletes';
const GREEN_LABELS: readonly string[] = ['Athlete', 'Excellent', 'Great', 'Good', 'Average'];

/** The document's cells by sex, row label and column. */
function documentCells(): Map<string, string> {
  const cells = new Map<string, string>();
  let gender: PulseGender | null = null;
  for (const line of PULSE_BANDS_MD.split('\n')) {
    if (line.startsWith('## Men')) gender = 'Male';
    if (line.startsWith('## Women')) gender = 'Female';
    const columns = line.split('|').map((cell) => cell.trim());
    const label = columns[1];
    if (
      gender === null ||
      label === undefined ||
      !(PULSE_LABELS as readonly string[]).includes(label)
    ) {
      continue;
    }
    PULSE_AGE_BANDS.forEach((ageBand, index) => {
      cells.set(`${gender}/${label}/${ageBand.key}`, columns[index + 2] ?? '');
    });
  }
  return cells;
}

/** A date of birth giving this age on 2024-06-15, either a birthday or the day before the next. */
function dobForAge(age: number, onBirthday: boolean): string {
  return onBirthday ? `${2024 - age}-06-15` : `${2023 - age}-06-16`;
}
const ON = '2024-06-15';

describe('the chart matches the pulse tables', () => {
  const cells = documentCells();

  it('has every cell of both tables, in the same age columns', () => {
    expect(cells.size).toBe(2 * 7 * 6);
    const headers = PULSE_BANDS_MD.split('\n').filter((line) => line.startsWith('| Label'));
    for (const header of headers) {
      const columns = header
        .split('|')
        .map((cell) => cell.trim())
        .slice(2, -1);
      expect(columns).toEqual(PULSE_AGE_BANDS.map(({ key }) => key));
    }
  });

  it.each([...cells.entries()])('%s is %s', (key, written) => {
    const [gender, label, ageBand] = key.split('/') as [PulseGender, PulseLabel, PulseAgeBand];
    const cell = pulseChartCell(gender, label, ageBand);
    expect(cell.to === null ? `${cell.from}+` : `${cell.from}-${cell.to}`).toBe(written);
  });

  it.each(PULSE_GENDERS.flatMap((gender) => PULSE_AGE_BANDS.map(({ key }) => [gender, key])))(
    '%s %s: each row starts one beat after the row above ends',
    (gender, ageBand) => {
      const rows = PULSE_LABELS.map((label) =>
        pulseChartCell(gender as PulseGender, label, ageBand as PulseAgeBand),
      );
      rows.slice(1).forEach((cell, index) => {
        expect(cell.from).toBe((rows[index]?.to ?? NaN) + 1);
      });
      expect(rows.at(-1)?.to).toBeNull();
    },
  );
});

// Generated from the chart: for every sex, age band (at its youngest and oldest age) and row,
// the row's first and last beat, the beats just outside it, and the half beats where rounding
// decides.
interface PulseCase {
  name: string;
  value: number;
  dob: string;
  gender: string;
  label: string;
  colour: string;
  detail: string | null;
}

// From 60 bpm the colour is the clinical range's, and up to 100 the chart's row is the second line.
function clinicalAt(beats: number): [string, string] {
  if (beats <= 100) return ['Normal', 'green'];
  return beats <= 120 ? ['Fast', 'yellow'] : ['Very fast', 'red'];
}

function fitnessLine(label: string): string {
  return `Fitness: ${label.charAt(0)}${label.slice(1).toLowerCase()}`;
}

function chartCases(): PulseCase[] {
  const cases: PulseCase[] = [];
  for (const gender of PULSE_GENDERS) {
    for (const ageBand of PULSE_AGE_BANDS) {
      const ages = [ageBand.from, ageBand.to ?? 90];
      for (const [ageIndex, age] of ages.entries()) {
        const dob = dobForAge(age, ageIndex === 0);
        const labelAt = (beats: number): [string, string, string | null] => {
          if (beats < 40) return ['Very low', 'red', null];
          if (age >= 65 && beats < 50) return ['Slow', 'yellow', null];
          const found = [...PULSE_LABELS]
            .reverse()
            .find((label) => pulseChartCell(gender, label, ageBand.key).from <= beats);
          // The fitness line goes with a pulse in the usual range only, never beside 'Fast'.
          if (beats > 100) return [...clinicalAt(beats), null];
          if (beats >= 60) return [...clinicalAt(beats), fitnessLine(found ?? '')];
          if (found === undefined) return [UNUSUALLY_LOW, 'yellow', null];
          return [found, GREEN_LABELS.includes(found) ? 'green' : 'red', null];
        };
        for (const label of PULSE_LABELS) {
          const { from, to } = pulseChartCell(gender, label, ageBand.key);
          const values = [from - 1, from - 0.51, from - 0.5, from];
          if (to !== null) values.push(to, to + 0.49, to + 0.5, to + 1);
          else values.push(from + 60);
          for (const value of values) {
            const expectedBeats = Math.round(value);
            const [expectedLabel, colour, detail] = labelAt(expectedBeats);
            cases.push({
              name: `${gender} aged ${age}, ${label} ${from}-${to ?? ''}: ${value} bpm`,
              value,
              dob,
              gender,
              label: expectedLabel,
              colour,
              detail,
            });
          }
        }
      }
    }
  }
  return cases;
}

describe('interpretPulse by sex and age, every chart cell', () => {
  it.each(chartCases())(
    '$name is $label ($detail)',
    ({ value, dob, gender, label, colour, detail }) => {
      expect(interpretPulse(value, { dob, gender, on: ON })).toMatchObject({
        result: label,
        colour,
        detail,
        ok: colour === 'green' ? 1 : 0,
      });
    },
  );
});

describe('interpretPulse, spot checks typed from the pulse tables', () => {
  // The colour follows the clinical range from 60 bpm, with the chart's row as the second line;
  // under 60 the chart decides, and from 65 under 50 is slow.
  it.each([
    ['Male', 30, 54, 'Athlete', 'green', null],
    ['Male', 30, 55, 'Excellent', 'green', null],
    ['Male', 20, 73, 'Normal', 'green', 'Fitness: Average'],
    ['Male', 20, 74, 'Normal', 'green', 'Fitness: Below average'],
    ['Male', 50, 84, 'Normal', 'green', 'Fitness: Poor'],
    ['Male', 60, 68, 'Normal', 'green', 'Fitness: Good'],
    ['Male', 70, 80, 'Normal', 'green', 'Fitness: Poor'],
    ['Male', 40, 49, UNUSUALLY_LOW, 'yellow', null],
    ['Male', 40, 50, 'Athlete', 'green', null],
    ['Female', 30, 88, 'Normal', 'green', 'Fitness: Poor'],
    ['Female', 40, 59, 'Athlete', 'green', null],
    ['Female', 40, 60, 'Normal', 'green', 'Fitness: Excellent'],
    ['Female', 40, 100, 'Normal', 'green', 'Fitness: Poor'],
    ['Female', 40, 101, 'Fast', 'yellow', null],
    ['Female', 40, 120, 'Fast', 'yellow', null],
    ['Female', 40, 120.4, 'Fast', 'yellow', null],
    ['Female', 70, 53, UNUSUALLY_LOW, 'yellow', null],
    ['Female', 25, 40, UNUSUALLY_LOW, 'yellow', null],
    ['Female', 25, 39, 'Very low', 'red', null],
    ['Male', 64, 49, UNUSUALLY_LOW, 'yellow', null],
    ['Male', 65, 49, 'Slow', 'yellow', null],
    ['Male', 70, 45, 'Slow', 'yellow', null],
    ['Male', 70, 50, 'Athlete', 'green', null],
    ['Female', 45, 39.5, UNUSUALLY_LOW, 'yellow', null],
    ['Female', 45, 39.49, 'Very low', 'red', null],
  ])('%s aged %d, %d bpm: %s (%s)', (gender, age, value, result, colour, detail) => {
    expect(interpretPulse(value, { dob: dobForAge(age, true), gender, on: ON })).toMatchObject({
      result,
      colour,
      detail,
    });
  });

  it('never calls a slow pulse from 65 an athlete, and says why it is slow', () => {
    const analysis = interpretPulse(48, { dob: dobForAge(66, true), gender: 'Male', on: ON });
    expect(analysis.result).toBe('Slow');
    expect(analysis.advice).toMatch(/^Your resting pulse: 48 bpm\. At 65 or over/);
    expect(analysis.advice).not.toMatch(/athlete/i);
  });

  it('reads the gender in any letter case', () => {
    for (const gender of ['male', 'MALE', ' Male ']) {
      expect(interpretPulse('55', { dob: '1994-01-01', gender, on: ON }).result).toBe('Excellent');
      expect(interpretPulse('75', { dob: '1994-01-01', gender, on: ON }).detail).toBe(
        'Fitness: Below average',
      );
    }
  });

  it('names the group and cites the Topend Sports chart and AHA', () => {
    const analysis = interpretPulse('55', { dob: '1994-01-01', gender: 'Male', on: ON });
    expect(analysis.advice).toMatch(/men aged 26-35/);
    expect(expectCitesDocuments(analysis.advice)).toEqual([
      'Topend Sports, Resting Heart Rate Chart (read 2026)',
      'AHA, All About Heart Rate (Pulse), heart.org (read 2026)',
    ]);
    expect(analysis.value).toBe('55');
  });

  it("quotes the person's own value and band, not the chart's '82+', without calling it too low", () => {
    const analysis = interpretPulse('90', { dob: '1996-01-01', gender: 'Male', on: ON });
    expect(analysis).toMatchObject({ result: 'Normal', colour: 'green', ok: 1 });
    expect(analysis.detail).toBe('Fitness: Poor');
    expect(analysis.advice).toMatch(
      /^Your resting pulse: 90 bpm\. A resting pulse of 60-100 bpm is in the usual clinical range/,
    );
    expect(analysis.advice).toMatch(/'Poor'/);
    expect(analysis.advice).not.toMatch(/stays over 100/);
  });

  it('says the chart rates fitness while 60-100 is the usual clinical range (AHA)', () => {
    const analysis = interpretPulse('66', { dob: '1996-01-01', gender: 'Female', on: ON });
    expect(analysis.advice).toMatch(/fitness/);
    expect(analysis.advice).toMatch(/60-100/);
  });

  it('shows the value rounded to a whole beat', () => {
    expect(interpretPulse('61.5', {}).value).toBe('62');
  });
});

describe('interpretPulse without the chart: the clinical range, and 41-59 green', () => {
  const rows = [
    [39, 'Very low', 'red'],
    [39.49, 'Very low', 'red'],
    [39.5, 'Low', 'red'],
    [40, 'Low', 'red'],
    [40.49, 'Low', 'red'],
    [40.5, 'Normal', 'green'],
    [41, 'Normal', 'green'],
    [42, 'Normal', 'green'],
    [99, 'Normal', 'green'],
    [100, 'Normal', 'green'],
    [100.49, 'Normal', 'green'],
    [100.5, 'Fast', 'yellow'],
    [101, 'Fast', 'yellow'],
    [120, 'Fast', 'yellow'],
    [120.5, 'Very fast', 'red'],
    [20, 'Very low', 'red'],
    [250, 'Very fast', 'red'],
  ] as const;

  const people = [
    ['no profile', undefined],
    ['no date of birth', { gender: 'Male', on: ON }],
    ['under 18', { dob: dobForAge(17, false), gender: 'Female', on: ON }],
    ['another gender', { dob: '1990-01-01', gender: 'Other', on: ON }],
    ['no gender', { dob: '1990-01-01', gender: null, on: ON }],
    ['a date of birth that is not a date', { dob: '1990-02-30', gender: 'Male', on: ON }],
    ['a birth after the reading', { dob: '2025-01-01', gender: 'Male', on: ON }],
    ['no reading date', { dob: '1990-01-01', gender: 'Male' }],
  ] as const;

  describe.each(people)('%s', (_, profile) => {
    it.each(rows)('%d bpm is %s (%s)', (value, result, colour) => {
      const analysis = interpretPulse(value, profile);
      expect(analysis).toMatchObject({ result, colour });
      expect(expectCitesDocuments(analysis.advice)).toEqual([
        'AHA, All About Heart Rate (Pulse), heart.org (read 2026)',
      ]);
    });
  });
});

describe('interpretPulse counts age on the day of the reading', () => {
  // 45 bpm: green in the general range, under the Athlete row of any chart column.
  it.each([
    ['2000-06-15', '2018-06-14', 'pulse/general'],
    ['2000-06-15', '2018-06-15', 'pulse/male/18-25'],
    ['2000-02-29', '2018-02-28', 'pulse/general'],
    ['2000-02-29', '2018-03-01', 'pulse/male/18-25'],
    ['1998-06-15', '2024-06-14', 'pulse/male/18-25'],
    ['1998-06-15', '2024-06-15', 'pulse/male/26-35'],
    ['1958-06-15', '2024-06-14', 'pulse/male/56-65'],
    ['1958-06-15', '2024-06-15', 'pulse/male/over 65'],
  ])('born %s, measured %s: %s', (dob, on, tableId) => {
    expect(pulseTableFor({ dob, gender: 'Male', on }).id).toBe(tableId);
  });

  it('moves a reading from one column to the next on the birthday', () => {
    // Men 18-25: Athlete 49-55; men 26-35: Athlete 49-54, Excellent 55-61.
    const profile = { dob: '1998-06-15', gender: 'Male' };
    expect(interpretPulse(55, { ...profile, on: '2024-06-14' }).result).toBe('Athlete');
    expect(interpretPulse(55, { ...profile, on: '2024-06-15' }).result).toBe('Excellent');
    expect(interpretPulse(45, { ...profile, on: '2016-06-14' }).result).toBe('Normal');
    expect(interpretPulse(45, { ...profile, on: '2016-06-15' }).result).toBe(UNUSUALLY_LOW);
  });
});

describe('interpretPulse never throws', () => {
  it.each(['', 'abc', '72bpm', null, undefined, {}, NaN, '-72', -1, 0, 19.99, 250.01, '300'])(
    '%j is invalid',
    (input) => {
      expect(interpretPulse(input, { dob: '1990-01-01', gender: 'Male', on: ON })).toMatchObject({
        colour: 'yellow',
        result: 'invalid, please re-enter',
      });
    },
  );

  it('ignores a profile it cannot read', () => {
    const odd = { dob: 12, gender: {}, on: [] } as never;
    expect(interpretPulse('70', odd).result).toBe('Normal');
  });
});
