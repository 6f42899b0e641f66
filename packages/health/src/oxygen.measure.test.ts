import { describe, expect, it } from 'vitest';
import { analyseReading } from './analysis.ts';
import {
  aroundEdge,
  aroundThreshold,
  expectCitesDocuments,
  INVALID,
  row,
  type Expected,
} from './edge-cases.fixture.ts';
import { interpretOxygen } from './oxygen.measure.ts';

// Decision 4.2: 95-100 normal green; 91-94 low red; 90 or less very low red; 1-49 'Check the
// device' (urgent now, so red); over 100 or under 1 invalid yellow. A decimal between two written
// integers (90.5, 94.5) is low.
const VERY_LOW: Expected = ['Very low', 'red'];
const CHECK_DEVICE: Expected = ['Check the device', 'yellow'];
const LOW: Expected = ['Low', 'red'];
const NORMAL: Expected = ['Normal', 'green'];

const rows = [
  ...aroundEdge(1, 0.01, INVALID, CHECK_DEVICE, CHECK_DEVICE),
  ...aroundEdge(50, 0.01, CHECK_DEVICE, VERY_LOW, VERY_LOW),
  ...aroundEdge(90, 0.01, VERY_LOW, VERY_LOW, LOW),
  ...aroundEdge(95, 0.01, LOW, NORMAL, NORMAL),
  ...aroundEdge(100, 0.01, NORMAL, NORMAL, INVALID),
  row(90.5, LOW),
  row(91, LOW),
  row(94, LOW),
  row(94.5, LOW),
  row(99.5, NORMAL),
  row(0, INVALID),
  row(-97, INVALID),
  row(101, INVALID),
];

describe('interpretOxygen', () => {
  it.each(rows)('SpO2 $value % is $label ($colour)', ({ value, label, colour }) => {
    for (const input of [value, String(value)]) {
      expect(interpretOxygen(input)).toMatchObject({
        measure: 'oxygen',
        result: label,
        colour,
        ok: colour === 'green' ? 1 : 0,
      });
    }
  });

  it('answers value, unit and advice naming the NHS England and FDA documents', () => {
    const analysis = interpretOxygen(' 97 ');
    expect(analysis).toMatchObject({ value: '97', unit: '%', band: 'normal', ok: 1 });
    expect(expectCitesDocuments(analysis.advice)).toEqual([
      'NHS England, Pulse oximetry to detect early deterioration of patients with COVID-19 in primary and community care settings (updated January 2021)',
      'FDA, Pulse Oximeter Accuracy and Limitations: FDA Safety Communication (2021)',
    ]);
  });

  it('mentions a lower target set by a doctor (COPD) and darker skin', () => {
    for (const value of [97, 93, 88]) {
      const { advice } = interpretOxygen(value);
      expect(advice).toMatch(/COPD/);
      expect(advice).toMatch(/darker skin/);
    }
  });

  it('tells an invalid reading what to do when breathless, confused or with blue lips', () => {
    for (const input of ['0', '49', '101', 'abc']) {
      const { advice } = interpretOxygen(input);
      expect(advice).toMatch(/breathless/);
      expect(advice).toMatch(/confused/);
      expect(advice).toMatch(/blue/);
      expect(advice).toMatch(/emergency number/);
    }
  });

  it.each(['', '  ', 'abc', '97%', '12abc', '1e400', '500', null, undefined, {}])(
    'asks to re-enter %j',
    (input) => {
      expect(interpretOxygen(input)).toMatchObject({
        colour: 'yellow',
        result: 'invalid, please re-enter',
        band: 'invalid',
        ok: 0,
        urgency: null,
      });
    },
  );
});

// Decision 4.3: now at 92 % or less (NHS home oximetry), today at 93-94 %. 92.5 sits between the
// two written levels and belongs to the more urgent one; 94.5 sits between 'today' and normal.
describe('oxygen urgency', () => {
  const urgencyRows = [
    ...aroundThreshold(1, 0.01, null, 'now', 'now'),
    ...aroundThreshold(50, 0.01, 'now', 'now', 'now'),
    ...aroundThreshold(92, 0.5, 'now', 'now', 'now'),
    ...aroundThreshold(93, 0.01, 'now', 'today', 'today'),
    ...aroundThreshold(95, 0.01, 'today', null, null),
    { value: 91, urgency: 'now' },
    { value: 90, urgency: 'now' },
    { value: 94, urgency: 'today' },
    { value: 94.5, urgency: 'today' },
    { value: 100, urgency: null },
  ] as const;

  it.each(urgencyRows)('SpO2 $value % is urgent $urgency', ({ value, urgency }) => {
    const analysis = analyseReading('oxygen', { tagValue: String(value), takenAt: new Date() });
    expect(analysis.urgency).toBe(urgency);
    if (urgency !== null) {
      expect(analysis).toMatchObject({ colour: 'red', ok: 0 });
      expect(analysis.firstAction).toMatch(/\S/);
      expect(analysis.emergencySigns).toMatch(/\S/);
    } else {
      expect(analysis.firstAction).toBeNull();
      expect(analysis.emergencySigns).toBeNull();
    }
  });

  it('tells 91 and 92 % to get emergency care now, 93 and 94 % to contact a doctor today', () => {
    for (const value of ['91', '92']) {
      const analysis = analyseReading('oxygen', { tagValue: value, takenAt: new Date() });
      expect(analysis.urgency).toBe('now');
      expect(analysis.firstAction).toMatch(/emergency/i);
    }
    for (const value of ['93', '94']) {
      const analysis = analyseReading('oxygen', { tagValue: value, takenAt: new Date() });
      expect(analysis.urgency).toBe('today');
      expect(analysis.firstAction).toMatch(/today/);
      expect(analysis.emergencySigns).toMatch(/emergency number/);
    }
  });
});
