import { describe, expect, it } from 'vitest';
import { analyseReading } from './analysis.ts';
import { expectCitesDocuments } from './edge-cases.fixture.ts';
import { MEASURES } from './measure.catalog.ts';

// docs/clinical-reference.md, respiratory rate (breaths a minute at rest, rated as a whole number):
// 12-20 normal green; 9-11 slow yellow; 21-24 fast red, contact a doctor today; 25 or more very
// fast red and 8 or less very slow red, emergency care now. Outside 1-80 a count is a slip.
const TAKEN = '2026-11-20T08:00:00Z';
const NOW = '2026-11-28T08:00:00Z';
const rate = (tagValue: string) =>
  analyseReading('respiratoryRate', { tagValue, takenAt: TAKEN }, null, NOW);

describe('respiratory rate', () => {
  it.each([
    ['1', 'Very slow', 'red', 'now'],
    ['8', 'Very slow', 'red', 'now'],
    ['9', 'Slow', 'yellow', null],
    ['11', 'Slow', 'yellow', null],
    ['12', 'Normal', 'green', null],
    ['16', 'Normal', 'green', null],
    ['20', 'Normal', 'green', null],
    ['21', 'Fast', 'red', 'today'],
    ['24', 'Fast', 'red', 'today'],
    ['25', 'Very fast', 'red', 'now'],
    ['80', 'Very fast', 'red', 'now'],
  ] as const)('%s breaths a minute is %s (%s), urgency %s', (value, label, colour, urgency) => {
    expect(rate(value)).toMatchObject({
      measure: 'respiratoryRate',
      result: label,
      colour,
      urgency,
      unit: 'breaths/min',
      ok: colour === 'green' ? 1 : 0,
    });
  });

  // A count is whole breaths: a decimal is a slip, and a rounded one would be shown and charted as
  // typed beside a label for another number.
  it.each(['0', '81', '-3', 'fast', '', '16.5', '8.5', '24.5', '16,5'])(
    'asks to count %j again',
    (value) => {
      expect(rate(value)).toMatchObject({
        colour: 'yellow',
        result: 'invalid, please re-enter',
        urgency: null,
      });
      expect(rate(value).advice).toMatch(/Count your breaths at rest for 30 seconds and double it/);
    },
  );

  it('says what to do first when it is urgent, and names NEWS2', () => {
    const fast = rate('26');
    expect(fast.firstAction).toMatch(/^Call the emergency number now/);
    expect(expectCitesDocuments(fast.advice)).toEqual([
      'Royal College of Physicians, National Early Warning Score (NEWS) 2: standardising the assessment of acute-illness severity in the NHS (2017)',
    ]);
    expect(rate('22').firstAction).toMatch(/contact a doctor or clinic today/);
  });

  it('travels as LOINC 9279-1 in /min, and is written with the tag Respiratory Rate', () => {
    const { codes, wire } = MEASURES.respiratoryRate;
    expect(codes.codings).toEqual([
      { system: 'loinc', code: '9279-1', display: 'Respiratory rate' },
    ]);
    expect(codes.unit?.code).toBe('/min');
    expect(wire.tag).toBe('Respiratory Rate');
    expect(wire.value).toMatchObject({ min: 1, max: 80 });
  });

  it.each(['Respiratory rate', 'Breaths per minute', 'breaths/min', 'RR', 'Breathing rate'])(
    'recognises a CSV column named %j',
    (header) => {
      expect(MEASURES.respiratoryRate.importColumns[0]?.header.test(header)).toBe(true);
    },
  );

  // Heart-rate-variability exports name the time between beats 'RR interval'.
  it.each(['RR interval (ms)', 'HRV RR (ms)', 'rr ms', 'Breathing FEV1'])(
    'leaves a column named %j to others',
    (header) => {
      expect(MEASURES.respiratoryRate.importColumns[0]?.header.test(header)).toBe(false);
    },
  );
});
