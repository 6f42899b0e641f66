// Oxygen saturation (SpO2, %), decisions.md section 4.
import { analyseNumber, INVALID_BAND, INVALID_RESULT } from './analysis.model.ts';
import type { Analysis, InvalidAdvice } from './analysis.model.ts';
import { defineTable } from './band.model.ts';

// Written bands and the intervals they become. The normal band keeps its written edges; '91-94'
// fills the space between '90 or less' and '95-100', so 94.5 and 90.5 are low.
//   under 50      -> (-inf, 50)  invalid: a probe misreading, not a living person's saturation
//   90 or less    -> [50, 90]    very low
//   91-94         -> (90, 95)    low
//   95-100        -> [95, 100]   normal
//   over 100      -> (100, inf)  invalid: saturation cannot exceed 100 %
export const OXYGEN_BANDS = defineTable({
  id: 'oxygen',
  measure: 'oxygen',
  unit: '%',
  bands: [
    {
      key: INVALID_BAND,
      written: 'under 50',
      interval: '(-inf, 50)',
      colour: 'yellow',
      label: INVALID_RESULT,
      advice:
        'A saturation under 50% is almost always a measuring error (cold fingers, nail polish, movement). Warm your hands, keep still and measure again.',
      source: 'WHO',
    },
    {
      key: 'very-low',
      written: '90 or less',
      interval: '[50, 90]',
      colour: 'red',
      label: 'Very low: seek care now',
      advice:
        'An oxygen saturation of 90% or less needs medical care now: contact a doctor or emergency services, at once if you are breathless, confused or drowsy.',
      source: 'WHO',
    },
    {
      key: 'low',
      written: '91-94',
      interval: '(90, 95)',
      colour: 'red',
      label: 'Low',
      advice:
        'This is below the normal 95-100%. Rest for a few minutes and measure again; if it stays under 95%, contact a doctor today.',
      source: 'WHO',
    },
    {
      key: 'normal',
      written: '95-100',
      interval: '[95, 100]',
      colour: 'green',
      label: 'Normal',
      advice: 'Your oxygen saturation is in the normal range of 95-100%.',
      source: 'WHO',
    },
    {
      key: INVALID_BAND,
      written: 'over 100',
      interval: '(100, inf)',
      colour: 'yellow',
      label: INVALID_RESULT,
      advice: 'Oxygen saturation cannot be above 100%. Check the number and enter it again.',
      source: 'WHO',
    },
  ],
});

export const OXYGEN_INVALID: InvalidAdvice = {
  source: 'WHO',
  advice: 'Enter the saturation as a number of percent between 50 and 100, for example 97.',
};

export function interpretOxygen(input: unknown): Analysis {
  return analyseNumber(OXYGEN_BANDS, input, OXYGEN_INVALID);
}
