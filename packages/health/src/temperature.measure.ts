// Body temperature (°C), decisions.md section 4. A reading is rounded to one decimal first
// (37.04 -> 37.0, 37.05 -> 37.1), so the written one-decimal ranges meet without gaps:
//   under 35.0 -> [0, 35)   35.0-35.9 -> [35, 36)   36.0-37.0 -> [36, 37]   37.1-38.0 -> (37, 38]
//   over 38.0 -> (38, inf)
import { analyseNumber, negativeReadingBand } from './analysis.model.ts';
import type { Analysis, InvalidAdvice } from './analysis.model.ts';
import { defineTable } from './band.model.ts';

export const TEMPERATURE_BANDS = defineTable({
  id: 'temperature',
  measure: 'temperature',
  unit: '°C',
  decimals: 1,
  bands: [
    negativeReadingBand('NHS'),
    {
      key: 'hypothermia',
      written: 'under 35.0',
      interval: '[0, 35)',
      colour: 'red',
      label: 'Hypothermia',
      advice:
        'A body temperature under 35 °C is hypothermia, a medical emergency: call emergency services, move somewhere warm and wrap up in dry layers.',
      source: 'NHS',
    },
    {
      key: 'low',
      written: '35.0-35.9',
      interval: '[35, 36)',
      colour: 'yellow',
      label: 'Low',
      advice:
        'Slightly below normal. Warm up and measure again; a cold room or a thermometer used straight after a cold drink can read low.',
      source: 'NHS',
    },
    {
      key: 'normal',
      written: '36.0-37.0',
      interval: '[36, 37]',
      colour: 'green',
      label: 'Normal',
      advice: 'A normal body temperature (about 36 to 37 °C).',
      source: 'NHS',
    },
    {
      key: 'high',
      written: '37.1-38.0',
      interval: '(37, 38]',
      colour: 'yellow',
      label: 'High',
      advice: 'Slightly raised. Rest, drink fluids and measure again in a few hours.',
      source: 'NHS',
    },
    {
      key: 'fever',
      written: 'over 38.0',
      interval: '(38, inf)',
      colour: 'red',
      label: 'Fever',
      advice:
        'Over 38 °C is a fever. Rest and drink plenty of fluids; get medical advice if it lasts more than 3 days, keeps rising or you feel very unwell.',
      source: 'NHS',
    },
  ],
});

export const TEMPERATURE_INVALID: InvalidAdvice = {
  source: 'NHS',
  advice: 'Enter the temperature as a number in °C, for example 36.8 (98.6 °F is 37.0 °C).',
};

export function interpretTemperature(input: unknown): Analysis {
  return analyseNumber(TEMPERATURE_BANDS, input, TEMPERATURE_INVALID);
}
