// Body temperature (°C), docs/clinical-reference.md. A reading is rounded to one decimal first
// (37.04 -> 37.0, 37.05 -> 37.1), so the written one-decimal ranges meet without gaps:
//   under 35.0 -> [0, 35)   35.0-35.9 -> [35, 36)   36.0-37.0 -> [36, 37]   37.1-37.9 -> (37, 38)
//   38.0-39.9 -> [38, 40)   40.0 or more -> [40, inf)
// A fever starts at 38.0, as the NHS counts it. Where malaria is common every fever needs a
// malaria test the same day (WHO: test every suspected case before treating), and the only
// medicine named is paracetamol: ibuprofen and aspirin are unsafe in dengue and Lassa fever.
import { defineMeasure, message } from './measure.definition.ts';
import { parseValue, type ParsedValue } from './reading.typed.ts';
import { CALL_NOW, CALL_NOW_WITHIN, type UrgencyRule } from './urgency.rules.ts';
import { analyseNumber, negativeReadingBand } from './analysis.model.ts';
import type { Analysis, InvalidAdvice } from './analysis.model.ts';
import { defineTable } from './band.model.ts';
import { READING_LIMITS } from './measurement-limits.catalog.ts';

export const TEMPERATURE_BANDS = defineTable({
  id: 'temperature',
  measure: 'temperature',
  unit: '°C',
  decimals: 1,
  limit: READING_LIMITS.temperature,
  bands: [
    negativeReadingBand('nhsFever'),
    {
      key: 'hypothermia',
      written: 'under 35.0',
      interval: '[0, 35)',
      colour: 'red',
      label: 'Hypothermia',
      advice:
        'A body temperature under 35 °C is hypothermia, a medical emergency: call the emergency number now. Move somewhere warm, take off wet clothes and wrap up in dry blankets; give warm, non-alcoholic drinks only if the person is awake and can swallow.',
      source: 'nhsHypothermia',
    },
    {
      key: 'low',
      written: '35.0-35.9',
      interval: '[35, 36)',
      colour: 'yellow',
      label: 'Low',
      advice:
        'Slightly below normal. Warm up and measure again; a cold room or a thermometer used straight after a cold drink can read low. If it falls under 35 °C, or the person is confused or drowsy, call the emergency number.',
      source: 'nhsHypothermia',
    },
    {
      key: 'normal',
      written: '36.0-37.0',
      interval: '[36, 37]',
      colour: 'green',
      label: 'Normal',
      advice: 'A normal body temperature (about 36 to 37 °C).',
      source: 'nhsFever',
    },
    {
      key: 'slightly-raised',
      written: '37.1-37.9',
      interval: '(37, 38)',
      colour: 'yellow',
      label: 'Slightly raised',
      advice:
        'Slightly raised, not yet a fever. Rest, drink fluids and measure again in a few hours; at 38.0 °C or more it is a fever and needs a malaria test the same day.',
      source: 'nhsFever',
    },
    {
      key: 'fever',
      written: '38.0-39.9',
      interval: '[38, 40)',
      colour: 'red',
      label: 'Fever',
      advice:
        'This is a fever. Get a malaria test today, at a clinic or pharmacy, before taking any malaria medicine. Rest, drink plenty of fluids and take paracetamol if you need it, not ibuprofen or aspirin. Call the emergency number if you have a stiff neck, a rash that does not fade under a glass, difficulty breathing, a fit, or are confused or very drowsy.',
      source: ['nhsFever', 'whoMalaria'],
    },
    {
      key: 'very-high-fever',
      written: '40.0 or more',
      interval: '[40, inf)',
      colour: 'red',
      label: 'Very high fever',
      advice:
        'A temperature of 40 °C or more is a very high fever and can be heatstroke: cool down first (a cool place, fewer clothes, cool water on the skin, a fan) and get emergency care now.',
      source: ['nhsFever', 'nhsHeatstroke'],
    },
  ],
});

export const TEMPERATURE_INVALID: InvalidAdvice = {
  source: 'nhsFever',
  advice:
    'Enter the temperature as a number in °C from 25 to 45, for example 36.8 (98.6 °F is 37.0 °C).',
};

/** Rates one value read at the boundary (reading.typed.ts). */
export function rateTemperature(value: ParsedValue): Analysis {
  return analyseNumber(TEMPERATURE_BANDS, value, TEMPERATURE_INVALID);
}

/** Rates one value as given (a number or the text typed). */
export function interpretTemperature(input: unknown): Analysis {
  return rateTemperature(parseValue(input));
}

// Urgency (docs/clinical-reference.md, 'Urgency'): a layer over the bands, read by urgency.rules.ts.

export const TEMPERATURE_URGENCY: readonly UrgencyRule[] = [
  {
    measure: 'temperature',
    level: 'now',
    written: 'under 35.0 °C',
    value: ['(-inf, 35)'],
    firstAction: `Move somewhere warm, take off wet clothes and wrap up in dry blankets. Measure again now under the tongue or in the armpit (a forehead thermometer often reads low). If it is still under 35.0 °C, or you are shivering hard, confused or drowsy, ${CALL_NOW_WITHIN}`,
    emergencySigns:
      'Shivering that stops, confusion, slow breathing or drowsiness mean it is getting worse.',
    why: 'The NHS calls a body temperature under 35 °C hypothermia, a medical emergency.',
    source: 'nhsHypothermia',
  },
  {
    measure: 'temperature',
    level: 'now',
    written: '40.0 °C or more',
    value: ['[40, inf)'],
    firstAction: `Start cooling at once: move to a cool place, take off extra clothes, put cool water on the skin and use a fan. ${CALL_NOW} Keep cooling while you wait or travel. Take paracetamol only, not ibuprofen or aspirin, and ask for a malaria test.`,
    emergencySigns:
      'Confusion, a fit, fainting, hot skin that has stopped sweating, a stiff neck or a rash that does not fade under a glass mean it is getting worse.',
    why: 'A temperature of 40 °C or more can be heatstroke or a severe infection such as severe malaria, and needs care now; ibuprofen and aspirin are unsafe in dengue and Lassa fever.',
    source: ['nhsHeatstroke', 'whoMalaria'],
  },
  {
    measure: 'temperature',
    level: 'now',
    written: '38.0 °C or more with sickle cell disease',
    value: ['[38, inf)'],
    onlyWith: 'sickleCell',
    label: 'Fever: act now',
    firstAction: `With sickle cell disease a fever is an emergency. ${CALL_NOW} Drink plenty of fluids, take paracetamol only (not ibuprofen or aspirin) and ask for a malaria test.`,
    emergencySigns:
      'Pain in the chest, breathlessness, severe pain, confusion, weakness or a very pale or yellow skin make it more urgent still.',
    why: 'Infections are more dangerous in sickle cell disease, and the NHS advises getting care at once for a temperature of 38 °C or more.',
    source: ['nhsSickleCell', 'whoMalaria'],
  },
  {
    measure: 'temperature',
    level: 'today',
    written: '38.0-39.9 °C (fever)',
    value: ['[38, 40)'],
    firstAction:
      'Get a malaria test today, at a clinic or pharmacy, before taking any malaria medicine. Take paracetamol if you need it, not ibuprofen or aspirin, drink plenty of fluids and measure again within 4 hours.',
    emergencySigns:
      'Call the emergency number now, or have someone take you to the nearest hospital emergency unit, if you have a stiff neck, a rash that does not fade under a glass (on dark skin, look at the palms, the soles and inside the eyelids), difficulty breathing, a fit, yellow eyes, dark or cola-coloured urine or very little urine, bleeding, or are confused, very drowsy, too weak to sit or stand, or cannot keep fluids down.',
    why: 'Where malaria is common, the WHO advises testing every fever for malaria before treating it; ibuprofen and aspirin are unsafe in dengue and Lassa fever.',
    source: ['whoMalaria', 'nhsFever'],
  },
];

export const TEMPERATURE_MEASURE = defineMeasure({
  id: 'temperature',
  slug: 'temperature',
  name: message('measure.temperature.name', 'Temperature'),
  unit: '°C',
  wire: { tag: 'Temperature', value: READING_LIMITS.temperature, second: null },
  freshForDays: 90,
  source: 'nhsFever',
  bandTables: [TEMPERATURE_BANDS],
  urgency: TEMPERATURE_URGENCY,
  ratedDecimals: 1,
  rate: (reading) => rateTemperature(reading.value),
  form: {
    kind: 'number-with-unit-choice',
    label: message('measure.temperature.field', 'Body temperature'),
  },
  plot: { kind: 'number' },
  prompt: message('measure.temperature.prompt', 'Type your temperature to see what it means.'),
  from: message('measure.temperature.from', 'From a thermometer'),
  // loinc.org/8310-5; the R4 bodytemp profile, Cel.
  codes: {
    category: 'vital-signs',
    profile: 'bodytemp',
    codings: [{ system: 'loinc', code: '8310-5', display: 'Body temperature' }],
    unit: { code: 'Cel', unit: '°C' },
    components: null,
  },
  importColumns: [
    {
      role: 'temperature',
      label: message('import.column.temperature', 'Temperature (°C)'),
      part: 'value',
      header: /temp/i,
    },
  ],
  articleSlug: 'body-temperature',
});
