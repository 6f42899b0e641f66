import { describe, expect, it } from 'vitest';
import { analyseReading, type HealthProfile, type WireReading } from './analysis.ts';
import type { Analysis } from './analysis.model.ts';
import { interpretBloodPressure } from './blood-pressure.measure.ts';
import { aroundThreshold, expectCitesDocuments, type UrgencyRow } from './edge-cases.fixture.ts';
import type { MeasureId } from './measure.catalog.ts';

// Decision 4.3, typed out by hand. `now` is emergency care now, `today` a doctor or clinic today.
// A decimal between two written integers belongs to the more urgent level. Pulse is rated on
// whole beats and temperature on one decimal; their thresholds apply to the rounded value and to
// the value as typed, the more urgent answer standing (39.6 bpm is under 40).
const TAKEN = '2026-11-20T08:00:00Z';
const NOW = '2026-11-23T08:00:00Z';

function rate(
  measure: MeasureId,
  reading: Omit<WireReading, 'takenAt'>,
  profile?: HealthProfile,
): Analysis {
  return analyseReading(measure, { ...reading, takenAt: TAKEN }, profile ?? null, NOW);
}

function expectUrgency(analysis: Analysis, urgency: UrgencyRow['urgency']): void {
  expect(analysis.urgency, `${analysis.measure} ${analysis.value}`).toBe(urgency);
  if (urgency === null) {
    expect(analysis.firstAction).toBeNull();
    expect(analysis.emergencySigns).toBeNull();
    return;
  }
  // An urgent reading is red, earns no point, says what to do first and what makes it an
  // emergency, and its advice never reassures.
  expect(analysis.colour).toBe('red');
  expect(analysis.ok).toBe(0);
  expect(analysis.firstAction).toMatch(/\S/);
  expect(analysis.emergencySigns).toMatch(/\S/);
  expect(analysis.advice).toContain(analysis.firstAction);
  expect(analysis.advice).toContain(analysis.emergencySigns);
  expect(analysis.advice).not.toMatch(
    /in the (normal|healthy|expected) range|nothing to worry|often harmless/i,
  );
  // Where an ambulance may not come, being taken to hospital is the other way to care now.
  if (urgency === 'now') expect(analysis.advice).toMatch(/nearest hospital emergency unit/);
  // Fever advice names paracetamol only (ibuprofen and aspirin are unsafe in dengue and Lassa).
  expect(analysis.advice).not.toMatch(
    /paracetamol or ibuprofen|ibuprofen if|take (ibuprofen|aspirin)/i,
  );
  expectCitesDocuments(analysis.advice);
}

describe('blood sugar urgency in mg/dL, in every context', () => {
  // Now: under 54 (ADA level 2) and 300 or more. Today: 54-69 and 250-299.
  const rows: UrgencyRow[] = [
    ...aroundThreshold(10, 0.01, null, 'now', 'now'),
    ...aroundThreshold(54, 0.01, 'now', 'today', 'today'),
    ...aroundThreshold(69, 0.5, 'today', 'today', 'today'),
    ...aroundThreshold(70, 0.01, 'today', null, null),
    ...aroundThreshold(250, 0.01, 'today', 'today', 'today'),
    ...aroundThreshold(249, 0.5, null, null, 'today'),
    ...aroundThreshold(299, 0.5, 'today', 'today', 'now'),
    ...aroundThreshold(300, 0.01, 'now', 'now', 'now'),
    { value: 45, urgency: 'now' },
    { value: 53.5, urgency: 'now' },
    { value: 65, urgency: 'today' },
    { value: 100, urgency: null },
    { value: 400, urgency: 'now' },
    { value: 1000, urgency: 'now' },
    { value: 1000.01, urgency: null },
  ];
  const narrations = ['HadDiabetics HadMeal', 'HadDiabetics', 'HadMeal', ''];

  describe.each(narrations)('narration %j', (narration) => {
    it.each(rows)('$value mg/dL is urgent $urgency', ({ value, urgency }) => {
      expectUrgency(rate('sugar', { tagValue: String(value), narration }), urgency);
    });
  });
});

describe('blood sugar urgency in mmol/L (enteredValue and enteredUnit)', () => {
  // The same thresholds through ADA's pairs: 3.0 = 54, 3.9 = 70, 13.9 = 250, 16.7 = 300.
  const rows: UrgencyRow[] = [
    ...aroundThreshold(0.6, 0.01, null, 'now', 'now'),
    ...aroundThreshold(3.0, 0.1, 'now', 'today', 'today'),
    ...aroundThreshold(3.9, 0.1, 'today', null, null),
    ...aroundThreshold(13.9, 0.1, null, 'today', 'today'),
    ...aroundThreshold(16.7, 0.1, 'today', 'now', 'now'),
    { value: 3.85, urgency: 'today' },
    { value: 16.65, urgency: 'now' },
    { value: 22.2, urgency: 'now' },
    { value: 55.51, urgency: null },
  ];
  const narrations = ['HadDiabetics HadMeal', 'HadDiabetics', 'HadMeal', ''];

  describe.each(narrations)('narration %j', (narration) => {
    it.each(rows)('$value mmol/L is urgent $urgency', ({ value, urgency }) => {
      // tagValue holds what the server stored in mg/dL; the rating reads what was typed.
      const analysis = rate('sugar', {
        tagValue: '999',
        narration,
        enteredValue: String(value),
        enteredUnit: 'mmol/L',
      });
      expectUrgency(analysis, urgency);
      expect(analysis.unit).toBe('mmol/L');
    });
  });

  it('rates 3.9 mmol/L exactly as 70 mg/dL, and 4.4 as 80', () => {
    for (const narration of narrations) {
      for (const [mmol, mgdl] of [
        ['3.9', '70'],
        ['4.4', '80'],
        ['13.9', '250'],
        ['16.7', '300'],
      ] as const) {
        const typed = rate('sugar', {
          tagValue: mgdl,
          narration,
          enteredValue: mmol,
          enteredUnit: 'mmol/L',
        });
        const plain = rate('sugar', { tagValue: mgdl, narration });
        expect(typed).toMatchObject({
          band: plain.band,
          result: plain.result,
          colour: plain.colour,
          urgency: plain.urgency,
          ok: plain.ok,
          value: mmol,
        });
      }
    }
  });

  it('rates 4.4 mmol/L normal for a diabetic, fasting', () => {
    expect(
      rate('sugar', {
        tagValue: '79',
        narration: 'HadDiabetics',
        enteredValue: '4.4',
        enteredUnit: 'mmol/L',
      }),
    ).toMatchObject({ result: 'Normal', colour: 'green', ok: 1, urgency: null });
  });

  it('rates tagValue when the entered value is not in mmol/L', () => {
    const analysis = rate('sugar', { tagValue: '95', enteredValue: '95', enteredUnit: 'mg/dL' });
    expect(analysis).toMatchObject({ value: '95', unit: 'mg/dL', colour: 'green' });
  });
});

describe('blood sugar examples of the issue', () => {
  it('400 mg/dL sends the person to an emergency unit first; 300-399 to the diabetes team now', () => {
    for (const narration of ['HadDiabetics HadMeal', 'HadDiabetics', 'HadMeal', '']) {
      const analysis = rate('sugar', { tagValue: '400', narration });
      expect(analysis).toMatchObject({
        urgency: 'now',
        colour: 'red',
        result: 'Very high: emergency',
      });
      expect(analysis.firstAction).toMatch(/^Go to the nearest hospital emergency unit now/);
      expect(analysis.advice).not.toMatch(/review your medicines/i);
      const high = rate('sugar', { tagValue: '350', narration });
      expect(high).toMatchObject({ urgency: 'now', result: 'Very high: act now' });
      expect(high.firstAction).toMatch(
        /^Contact your doctor or diabetes team now; if you cannot reach them within the hour, go to the nearest hospital emergency unit/,
      );
      expect(high.emergencySigns).toMatch(/cannot reach.*vomiting, very thirsty, breathing fast/);
    }
    expect(rate('sugar', { tagValue: '399' }).result).toBe('Very high: act now');
    expect(rate('sugar', { tagValue: '299' }).result).toBe('Very high');
    expect(rate('sugar', { tagValue: '399.5' }).result).toBe('Very high: emergency');
    expect(
      rate('sugar', { tagValue: '400', enteredValue: '22.2', enteredUnit: 'mmol/L' }).result,
    ).toBe('Very high: emergency');
  });

  it('tells 45 mg/dL (level 2, now) from 65 mg/dL (level 1, today)', () => {
    const level2 = rate('sugar', { tagValue: '45', narration: 'HadDiabetics' });
    const level1 = rate('sugar', { tagValue: '65', narration: 'HadDiabetics' });
    expect(level2).toMatchObject({ urgency: 'now', result: 'Very low (level 2 hypoglycaemia)' });
    // Severity words run in order: level 1 'Low' above level 2 'Very low'.
    expect(level1).toMatchObject({ urgency: 'today', result: 'Low (level 1 hypoglycaemia)' });
    for (const analysis of [level2, level1]) {
      // What to do if the person cannot swallow: nothing by mouth, the emergency number.
      expect(analysis.emergencySigns).toMatch(/cannot swallow/);
      expect(analysis.emergencySigns).toMatch(/emergency number/);
      expect(analysis.firstAction).toMatch(/15 g/);
    }
    expect(level2.emergencySigns).toMatch(/give nothing by mouth/);
  });
});

describe('oxygen urgency', () => {
  const rows: UrgencyRow[] = [
    ...aroundThreshold(92, 0.5, 'now', 'now', 'now'),
    ...aroundThreshold(93, 0.01, 'now', 'today', 'today'),
    ...aroundThreshold(95, 0.01, 'today', null, null),
    ...aroundThreshold(50, 0.01, 'now', 'now', 'now'),
    ...aroundThreshold(1, 0.01, null, 'now', 'now'),
    { value: 84, urgency: 'now' },
    { value: 91, urgency: 'now' },
    { value: 94, urgency: 'today' },
  ];
  it.each(rows)('SpO2 $value % is urgent $urgency', ({ value, urgency }) => {
    expectUrgency(rate('oxygen', { tagValue: String(value) }), urgency);
  });

  it("saves 1-49 % as 'Very low: measure again now', urgent now, measured again on a warm finger", () => {
    const analysis = rate('oxygen', { tagValue: '45' });
    expect(analysis).toMatchObject({
      result: 'Very low: measure again now',
      band: 'check-device',
      urgency: 'now',
      colour: 'red',
    });
    expect(analysis.firstAction).toMatch(/warm finger/);
    expect(analysis.firstAction).toMatch(
      /breathless, confused or your lips, tongue or gums look blue or grey/,
    );
  });

  it("labels 91-92 % 'Very low', not 'Low', beside emergency care now", () => {
    expect(rate('oxygen', { tagValue: '92' }).result).toBe('Very low');
    expect(rate('oxygen', { tagValue: '93' }).result).toBe('Low');
  });
});

describe('blood pressure urgency', () => {
  // Now: systolic 80 or less, or diastolic 40 or less (a decimal above either is still now).
  // Today: systolic under 90, diastolic 41, 180/120 or more, and a likely cuff error (a
  // difference over 100). Now again: systolic 250 or more (if real, an emergency).
  it.each([
    [50, 40, 'now'],
    [80, 60, 'now'],
    [80.5, 60, 'now'],
    [81, 60, 'today'],
    [89, 60, 'today'],
    [89.99, 60, 'today'],
    [90, 60, 'null'],
    [100, 40, 'now'],
    [100, 40.5, 'now'],
    [100, 41, 'today'],
    [100, 41.5, 'null'],
    [100, 42, 'null'],
    [61, 45, 'now'],
    [62, 45, 'now'],
    [70, 65, 'now'],
    [85, 70, 'today'],
    [118, 76, 'null'],
    [179, 119, 'null'],
    [179.5, 100, 'null'],
    [180, 100, 'today'],
    [170, 120, 'today'],
    [170, 119.5, 'null'],
    [170, 70, 'null'],
    [171, 70, 'today'],
    [249, 160, 'today'],
    [249.5, 160, 'now'],
    [250, 150, 'now'],
  ] as const)('%d/%d is urgent %s', (systolic, diastolic, urgency) => {
    const analysis = rate('bloodPressure', {
      tagValue: String(systolic),
      minTagValue: String(diastolic),
    });
    expectUrgency(analysis, urgency === 'null' ? null : urgency);
  });

  it('tells 180/120 to measure again after 5 minutes, and names the emergency signs', () => {
    const analysis = rate('bloodPressure', { tagValue: '185', minTagValue: '125' });
    expect(analysis.firstAction).toMatch(/5 minutes/);
    expect(analysis.emergencySigns).toMatch(/chest pain/);
    expect(analysis.emergencySigns).toMatch(/emergency number/);
  });

  // The chip says the urgent level's own word, so that 'Low' never sits beside 'call now'.
  it.each([
    [150, 30, 'Dangerously low', 'now'],
    [185, 30, 'Dangerously low', 'now'],
    [135, 40, 'Very low: measure again now', 'now'],
    [100, 40, 'Very low', 'now'],
    [75, 50, 'Very low', 'now'],
    [85, 55, 'Low', 'today'],
    [140, 41, 'Low', 'today'],
    [140, 42, 'High', 'null'],
    [260, 150, 'Very high: emergency', 'now'],
    // A crisis is named before a wide gap, which is common with stiff arteries.
    [200, 90, 'Very high', 'today'],
    [170, 60, 'Unusual: measure again now', 'today'],
    [45, 35, 'Dangerously low', 'now'],
  ] as const)('%d/%d is %s and urgent %s', (systolic, diastolic, result, urgency) => {
    const analysis = rate('bloodPressure', {
      tagValue: String(systolic),
      minTagValue: String(diastolic),
    });
    expect(analysis.result).toBe(result);
    expectUrgency(analysis, urgency === 'null' ? null : urgency);
  });

  it('names the signs for calling now in every low-pressure advice, and never "often harmless"', () => {
    for (const [systolic, diastolic] of [
      [85, 70],
      [95, 58],
      [75, 50],
      [100, 40],
    ] as const) {
      const { advice } = rate('bloodPressure', {
        tagValue: String(systolic),
        minTagValue: String(diastolic),
      });
      expect(advice).toMatch(/dizzy/);
      expect(advice).toMatch(/faint/);
      expect(advice).toMatch(/cold and clammy/);
      expect(advice).toMatch(/confused/);
      expect(advice).not.toMatch(/often harmless/);
    }
  });

  it('keeps the band’s colour where no urgency applies (low stays yellow)', () => {
    expect(rate('bloodPressure', { tagValue: '95', minTagValue: '58' })).toMatchObject({
      colour: 'yellow',
      result: 'Low',
      urgency: null,
    });
  });
});

describe('pulse urgency', () => {
  // Now: under 40 or over 150 at rest. Today: over 120. On whole beats.
  const rows: UrgencyRow[] = [
    ...aroundThreshold(40, 1, 'now', null, null),
    { value: 39.49, urgency: 'now' },
    // Rounded to 40, but under 40 as typed.
    { value: 39.5, urgency: 'now' },
    { value: 39.99, urgency: 'now' },
    { value: 40.01, urgency: null },
    ...aroundThreshold(120, 1, null, null, 'today'),
    { value: 120.01, urgency: 'today' },
    { value: 120.49, urgency: 'today' },
    { value: 120.5, urgency: 'today' },
    ...aroundThreshold(150, 1, 'today', 'today', 'now'),
    { value: 150.01, urgency: 'now' },
    { value: 150.49, urgency: 'now' },
    { value: 150.5, urgency: 'now' },
    { value: 180, urgency: 'now' },
    { value: 20, urgency: 'now' },
    { value: 19.99, urgency: null },
  ];
  const people: [string, HealthProfile | undefined][] = [
    ['no profile', undefined],
    ['a man aged 30', { dob: '1996-01-01', gender: 'Male' }],
    ['a woman aged 70', { dob: '1956-01-01', gender: 'Female' }],
  ];
  describe.each(people)('%s', (_, profile) => {
    it.each(rows)('$value bpm is urgent $urgency', ({ value, urgency }) => {
      expectUrgency(rate('pulse', { tagValue: String(value) }, profile), urgency);
    });
  });

  it('pulse 180 is urgent now and its advice quotes the reading, not the chart’s 82+', () => {
    const analysis = rate('pulse', { tagValue: '180' }, { dob: '1996-01-01', gender: 'Male' });
    expect(analysis).toMatchObject({ urgency: 'now', colour: 'red', value: '180' });
    expect(analysis.advice).toMatch(/\b180 bpm\b/);
    expect(analysis.advice).not.toMatch(/82\+/);
    expect(analysis.advice).not.toMatch(/stays over 100/);
  });
});

describe('temperature urgency', () => {
  // Now: under 35.0, and 40.0 or more (cooling first). Today: 38.0-39.9, a fever, with a malaria
  // test. On one decimal, and as typed.
  const rows: UrgencyRow[] = [
    ...aroundThreshold(35, 0.1, 'now', null, null),
    { value: 34.94, urgency: 'now' },
    // Rounded to 35.0, but under 35 as typed.
    { value: 34.95, urgency: 'now' },
    { value: 34.99, urgency: 'now' },
    { value: 35.01, urgency: null },
    ...aroundThreshold(38, 0.1, null, 'today', 'today'),
    { value: 37.94, urgency: null },
    { value: 37.95, urgency: 'today' },
    ...aroundThreshold(40, 0.1, 'today', 'now', 'now'),
    { value: 39.94, urgency: 'today' },
    { value: 39.95, urgency: 'now' },
    { value: 41, urgency: 'now' },
    { value: 25, urgency: 'now' },
    { value: 24.9, urgency: null },
    { value: 45, urgency: 'now' },
    { value: 45.1, urgency: null },
  ];
  it.each(rows)('$value °C is urgent $urgency', ({ value, urgency }) => {
    expectUrgency(rate('temperature', { tagValue: String(value) }), urgency);
  });

  it('41 °C is urgent now, cooling at once, names heatstroke and never says to rest for days', () => {
    const analysis = rate('temperature', { tagValue: '41' });
    expect(analysis).toMatchObject({ urgency: 'now', result: 'Very high fever', colour: 'red' });
    expect(analysis.firstAction).toMatch(/^Start cooling at once: .*cool water on the skin.*fan/);
    expect(analysis.advice).toMatch(/heatstroke/);
    expect(analysis.advice).not.toMatch(/3 days/);
    expect(analysis.emergencySigns).toMatch(/stiff neck/);
  });

  it('a fever asks for a malaria test today and names paracetamol only', () => {
    for (const value of ['38', '38.6', '39.9']) {
      const analysis = rate('temperature', { tagValue: value });
      expect(analysis).toMatchObject({ urgency: 'today', result: 'Fever' });
      expect(analysis.firstAction).toMatch(/malaria test today/);
      expect(analysis.firstAction).toMatch(/paracetamol/);
      expect(analysis.advice).toMatch(/not ibuprofen or aspirin/);
    }
  });
});

describe('BMI, breathing, cholesterol and mood urgency', () => {
  it.each([
    [15.99, 'today'],
    [16, null],
    [7, 'today'],
    [6.99, null],
    [45, null],
  ] as const)('BMI %d is urgent %s', (value, urgency) => {
    expectUrgency(rate('bmi', { tagValue: String(value) }), urgency);
  });

  it.each([
    [49.99, 95, 'today'],
    [50, 95, null],
    [50.01, 95, null],
    [30, 40, 'today'],
    [29.99, 40, 'now'],
    [29, 40, 'now'],
    [1, 1, 'now'],
    [95, 40, null],
  ] as const)('FEV1 %d, FEV2 %d is urgent %s', (fev1, fev2, urgency) => {
    expectUrgency(
      rate('breathing', { tagValue: String(fev2), minTagValue: String(fev1) }),
      urgency,
    );
  });

  it.each([
    [309.99, null],
    [310, 'today'],
    [310.01, 'today'],
    [240, null],
    [1000, 'today'],
  ] as const)('cholesterol %d mg/dL is urgent %s', (value, urgency) => {
    expectUrgency(rate('cholesterol', { tagValue: String(value) }), urgency);
  });

  it.each([
    ['Very Sad', 'now'],
    ['Sad', null],
    ['Neutral', null],
    ['Happy', null],
    ['Grumpy', null],
  ] as const)('mood %s is urgent %s', (word, urgency) => {
    expectUrgency(rate('mood', { tagValue: word }), urgency);
  });

  it('names the crisis line and the emergency number for Very Sad', () => {
    const analysis = rate('mood', { tagValue: 'Very Sad' });
    expect(analysis.firstAction).toMatch(/crisis line/);
    expect(analysis.firstAction).toMatch(/emergency number/);
  });
});

describe('the urgency layer', () => {
  it('gives an invalid reading no urgency', () => {
    for (const [measure, tagValue] of [
      ['oxygen', '500'],
      ['sugar', '5'],
      ['pulse', 'fast'],
      ['temperature', '104'],
    ] as const) {
      expect(rate(measure, { tagValue })).toMatchObject({
        colour: 'yellow',
        band: 'invalid',
        urgency: null,
      });
    }
  });

  it('keeps the band’s label and value where the rule has no word of its own', () => {
    const banded = interpretBloodPressure('185', '125');
    const urgent = rate('bloodPressure', { tagValue: '185', minTagValue: '125' });
    expect(urgent).toMatchObject({
      value: banded.value,
      result: banded.result,
      band: banded.band,
    });
  });
});
