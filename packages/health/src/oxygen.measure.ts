// Oxygen saturation (SpO2, %): bands in docs/clinical-reference.md, urgency in urgency.rules.ts.
import { defineMeasure, message } from './measure.definition.ts';
import { parseValue, type ParsedValue } from './reading.typed.ts';
import { CALL_NOW, TO_HOSPITAL, type UrgencyRule } from './urgency.rules.ts';
import { analyseNumber, INVALID_BAND, INVALID_RESULT } from './analysis.model.ts';
import type { Analysis, InvalidAdvice } from './analysis.model.ts';
import { defineTable } from './band.model.ts';
import { READING_LIMITS } from './measurement-limits.catalog.ts';

// Written bands and the intervals they become. The normal band keeps its written edges; '91-94'
// fills the space between '90 or less' and '95-100', so 94.5 and 90.5 are low.
//   under 1       -> (-inf, 1)   invalid: no saturation at all is a probe off the finger
//   1-49          -> [1, 50)     'Check the device': most often a probe misreading, but saved and
//                                urgent, since a low reading must never be waved away as an error
//   90 or less    -> [50, 90]    very low
//   91-94         -> (90, 95)    low
//   95-100        -> [95, 100]   normal
//   over 100      -> (100, inf)  invalid: saturation cannot exceed 100 %

// Said with every oxygen result that is not invalid: a figure is only as good as the probe.
const OXIMETER_CAVEATS =
  'If your doctor has set you a lower target (for example with COPD), follow your own plan. Oximeters can read higher than the true level on darker skin, so trust how you feel as well as the number.';

const WHEN_BREATHLESS =
  'If you are breathless, confused or drowsy, or your lips, tongue or gums look blue or grey, call the emergency number now whatever the number says.';

export const OXYGEN_BANDS = defineTable({
  id: 'oxygen',
  measure: 'oxygen',
  unit: '%',
  limit: READING_LIMITS.spo2,
  bands: [
    {
      key: INVALID_BAND,
      written: 'under 1',
      interval: '(-inf, 1)',
      colour: 'yellow',
      label: INVALID_RESULT,
      advice: `Enter the saturation the oximeter shows, a number of percent from 1 to 100. ${WHEN_BREATHLESS}`,
      source: 'nhsOximetry',
    },
    {
      key: 'check-device',
      written: '1-49',
      interval: '[1, 50)',
      colour: 'yellow',
      label: 'Check the device',
      advice: `A saturation under 50% is most often a measuring error (cold fingers, nail polish, movement), but it cannot be waved away. Measure again on a warm finger, keeping still. ${WHEN_BREATHLESS}`,
      source: 'nhsOximetry',
    },
    {
      key: 'very-low',
      written: '90 or less',
      interval: '[50, 90]',
      colour: 'red',
      label: 'Very low',
      advice: `An oxygen saturation of 90% or less needs emergency care now. ${OXIMETER_CAVEATS}`,
      source: ['nhsOximetry', 'fdaOximeter'],
    },
    {
      key: 'low',
      written: '91-94',
      interval: '(90, 95)',
      colour: 'red',
      label: 'Low',
      advice: `This is below the expected 95-100%. ${OXIMETER_CAVEATS}`,
      source: ['nhsOximetry', 'fdaOximeter'],
    },
    {
      key: 'normal',
      written: '95-100',
      interval: '[95, 100]',
      colour: 'green',
      label: 'Normal',
      advice: `Your oxygen saturation is in the expected range of 95-100%. ${OXIMETER_CAVEATS}`,
      source: ['nhsOximetry', 'fdaOximeter'],
    },
    {
      key: INVALID_BAND,
      written: 'over 100',
      interval: '(100, inf)',
      colour: 'yellow',
      label: INVALID_RESULT,
      advice: `Oxygen saturation cannot be above 100%. Check the number and enter it again. ${WHEN_BREATHLESS}`,
      source: 'nhsOximetry',
    },
  ],
});

export const OXYGEN_INVALID: InvalidAdvice = {
  source: 'nhsOximetry',
  advice: `Enter the saturation as a number of percent from 1 to 100, for example 97. ${WHEN_BREATHLESS}`,
};

/** Rates one value read at the boundary (reading.typed.ts). */
export function rateOxygen(value: ParsedValue): Analysis {
  return analyseNumber(OXYGEN_BANDS, value, OXYGEN_INVALID);
}

/** Rates one value as given (a number or the text typed). */
export function interpretOxygen(input: unknown): Analysis {
  return rateOxygen(parseValue(input));
}

// Urgency (docs/clinical-reference.md, 'Urgency'): a layer over the bands, read by urgency.rules.ts.
export const OXYGEN_URGENCY: readonly UrgencyRule[] = [
  {
    measure: 'oxygen',
    level: 'now',
    written: '1-49 % (check the device)',
    value: ['[1, 50)'],
    label: 'Very low: measure again now',
    firstAction: `Measure again now on a warm finger, keeping still. If it is low again, or you are breathless, confused or your lips, tongue or gums look blue or grey, call the emergency number now, ${TO_HOSPITAL}.`,
    emergencySigns:
      'Breathlessness, confusion, drowsiness, or blue or grey lips, tongue or gums (on dark skin, look at the gums and inside the lips) mean the low number may be real.',
    why: 'A saturation this low is most often a probe misreading (cold fingers, nail polish, movement), but it cannot be ignored until a second reading shows it was one.',
    source: 'nhsOximetry',
  },
  {
    measure: 'oxygen',
    level: 'now',
    written: '92 % or less',
    value: ['[50, 93)'],
    label: 'Very low',
    firstAction: `${CALL_NOW} Sit upright and stay with someone while you wait.`,
    emergencySigns:
      'Breathlessness, confusion, drowsiness, or blue or grey lips, tongue or gums (on dark skin, look at the gums and inside the lips) make every minute count.',
    why: 'NHS home oximetry advice is emergency care at 92 % or less. Oximeters can read higher than the true level on darker skin.',
    source: ['nhsOximetry', 'fdaOximeter'],
  },
  {
    measure: 'oxygen',
    level: 'today',
    written: '93-94 %',
    value: ['[93, 95)'],
    firstAction:
      'Rest for a few minutes and measure again; if it is still under 95 %, contact a doctor or clinic today.',
    emergencySigns:
      'Call the emergency number now, or have someone take you to the nearest hospital emergency unit, if you become breathless, confused or drowsy, your lips, tongue or gums turn blue or grey, or the reading falls to 92 % or less.',
    why: 'NHS home oximetry advice is to seek medical advice the same day at 93-94 %. Oximeters can read higher than the true level on darker skin, so do not wait if you feel worse. If your doctor set you a lower target (for example with COPD), follow your own plan.',
    source: ['nhsOximetry', 'fdaOximeter'],
  },
];

export const OXYGEN_MEASURE = defineMeasure({
  id: 'oxygen',
  slug: 'oxygen',
  name: message('measure.oxygen.name', 'Oxygen saturation'),
  unit: '%',
  wire: { tag: 'SPO2Value', value: READING_LIMITS.spo2, second: null },
  freshForDays: 90,
  source: 'nhsOximetry',
  bandTables: [OXYGEN_BANDS],
  urgency: OXYGEN_URGENCY,
  ratedDecimals: null,
  rate: (reading) => rateOxygen(reading.value),
  form: {
    kind: 'number',
    label: message('measure.oxygen.field', 'Oxygen saturation (SpO2)'),
    helper: null,
  },
  plot: { kind: 'number' },
  prompt: message('measure.oxygen.prompt', 'Type your oxygen saturation to see what it means.'),
  from: message('measure.oxygen.from', 'From a fingertip pulse oximeter'),
  // loinc.org/59408-5 and loinc.org/2708-6; the R4 oxygensat profile requires 2708-6.
  codes: {
    category: 'vital-signs',
    profile: 'oxygensat',
    codings: [
      {
        system: 'loinc',
        code: '59408-5',
        display: 'Oxygen saturation in Arterial blood by Pulse oximetry',
      },
      { system: 'loinc', code: '2708-6', display: 'Oxygen saturation in Arterial blood' },
    ],
    unit: { code: '%', unit: '%' },
    components: null,
  },
  importColumns: [
    {
      role: 'oxygen',
      label: message('import.column.oxygen', 'Oxygen saturation (%)'),
      part: 'value',
      header: /spo\s*2|sp02|oxygen|\bo2\b|saturation/i,
    },
  ],
  articleSlug: 'oxygen-saturation',
});
