// Blood sugar (glucose, mg/dL), decisions.md section 4: four tables, chosen by whether the person
// has diabetes and whether they had eaten, both read from the reading's narration.
import { analyseNumber, negativeReadingBand } from './analysis.model.ts';
import type { Analysis, InvalidAdvice } from './analysis.model.ts';
import { defineTable, type BandTable } from './band.model.ts';

export interface SugarContext {
  readonly hadDiabetics: boolean;
  readonly hadMeal: boolean;
}

export type SugarContextKey =
  'diabetic-after-meal' | 'diabetic-fasting' | 'non-diabetic-after-meal' | 'non-diabetic-fasting';

// The narration's words, spelled as the wire has always spelled them.
const DIABETIC_WORD = 'HadDiabetics';
const MEAL_WORD = 'HadMeal';

/**
 * Reads the context from the narration. Other apps write the narration too, so the words are
 * found anywhere in it and in any letter case; anything that is not text means neither.
 */
export function sugarContextFromNarration(narration: unknown): SugarContext {
  const text = typeof narration === 'string' ? narration.toLowerCase() : '';
  return {
    hadDiabetics: text.includes(DIABETIC_WORD.toLowerCase()),
    hadMeal: text.includes(MEAL_WORD.toLowerCase()),
  };
}

/** The narration to store with a reading: 'HadDiabetics HadMeal', 'HadMeal', … or ''. */
export function narrationFromSugarContext(context: SugarContext): string {
  const words: string[] = [];
  if (context.hadDiabetics) words.push(DIABETIC_WORD);
  if (context.hadMeal) words.push(MEAL_WORD);
  return words.join(' ');
}

export function sugarContextKey(context: SugarContext | null | undefined): SugarContextKey {
  const diabetic = context?.hadDiabetics === true ? 'diabetic' : 'non-diabetic';
  const meal = context?.hadMeal === true ? 'after-meal' : 'fasting';
  return `${diabetic}-${meal}`;
}

const HYPO_TREATMENT =
  'Take 15 g of fast-acting sugar such as fruit juice or glucose tablets, check again after 15 minutes, and get help if it does not rise.';

// How a written band becomes an interval, in all four tables:
// - the normal (green) band keeps its written edges, closed: past them a reading is out of range;
// - otherwise 'under N', 'N or less', 'over N' and 'N or more' are taken literally;
// - a range 'a-b' beside them fills the space up to its neighbours, so a decimal between two
//   written integers (70.5, 79.5, 125.5, 180.5) belongs to exactly one band. Each table below lists
//   its mapping.
export const SUGAR_BANDS: Readonly<Record<SugarContextKey, BandTable>> = {
  //   under 70 -> [0, 70)   70-180 -> [70, 180]   181-250 -> (180, 250]   over 250 -> (250, inf)
  'diabetic-after-meal': defineTable({
    id: 'sugar/diabetic-after-meal',
    measure: 'sugar',
    unit: 'mg/dL',
    bands: [
      negativeReadingBand('ADA'),
      {
        key: 'low',
        written: 'under 70',
        interval: '[0, 70)',
        colour: 'red',
        label: 'Low',
        advice: `Under 70 mg/dL is low blood sugar (hypoglycaemia). ${HYPO_TREATMENT}`,
        source: 'ADA',
      },
      {
        key: 'normal',
        written: '70-180',
        interval: '[70, 180]',
        colour: 'green',
        label: 'Normal',
        advice: 'Within the after-meal target of 180 mg/dL or less for most adults with diabetes.',
        source: 'ADA',
      },
      {
        key: 'high',
        written: '181-250',
        interval: '(180, 250]',
        colour: 'red',
        label: 'High',
        advice:
          'Above the after-meal target of 180 mg/dL. Drink water, keep to your care plan and check again later; talk to your diabetes care team if it keeps happening.',
        source: 'ADA',
      },
      {
        key: 'very-high',
        written: 'over 250',
        interval: '(250, inf)',
        colour: 'red',
        label: 'Very high',
        advice:
          'Over 250 mg/dL is very high. Check for ketones if your care plan says so, drink water and contact your diabetes care team; get urgent help if you vomit, are very thirsty or feel drowsy.',
        source: 'ADA',
      },
    ],
  }),

  //   70 or less -> [0, 70]   71-79 -> (70, 80)   80-130 -> [80, 130]   131 or more -> (130, inf)
  // '131 or more' yields to the normal band's closed edge: 130.5 is past the target, so high.
  'diabetic-fasting': defineTable({
    id: 'sugar/diabetic-fasting',
    measure: 'sugar',
    unit: 'mg/dL',
    bands: [
      negativeReadingBand('ADA'),
      {
        key: 'extremely-low',
        written: '70 or less',
        interval: '[0, 70]',
        colour: 'red',
        label: 'Extremely low',
        advice: `70 mg/dL or less is low blood sugar (hypoglycaemia). ${HYPO_TREATMENT}`,
        source: 'ADA',
      },
      {
        key: 'low',
        written: '71-79',
        interval: '(70, 80)',
        colour: 'yellow',
        label: 'Low',
        advice:
          'Just under the fasting target of 80-130 mg/dL. Eat something and check again; tell your diabetes care team if it happens often.',
        source: 'ADA',
      },
      {
        key: 'normal',
        written: '80-130',
        interval: '[80, 130]',
        colour: 'green',
        label: 'Normal',
        advice: 'Within the fasting target of 80-130 mg/dL for most adults with diabetes.',
        source: 'ADA',
      },
      {
        key: 'high',
        written: '131 or more',
        interval: '(130, inf)',
        colour: 'red',
        label: 'High',
        advice:
          'Above the fasting target of 80-130 mg/dL. Review your medicines, meals and activity with your diabetes care team.',
        source: 'ADA',
      },
    ],
  }),

  //   under 70 -> [0, 70)   70-140 -> [70, 140]   141-199 -> (140, 200)   200 or more -> [200, inf)
  'non-diabetic-after-meal': defineTable({
    id: 'sugar/non-diabetic-after-meal',
    measure: 'sugar',
    unit: 'mg/dL',
    bands: [
      negativeReadingBand('ADA'),
      {
        key: 'low',
        written: 'under 70',
        interval: '[0, 70)',
        colour: 'red',
        label: 'Low',
        advice: `Under 70 mg/dL is low blood sugar (hypoglycaemia), unusual without diabetes: tell a doctor. ${HYPO_TREATMENT}`,
        source: 'ADA',
      },
      {
        key: 'normal',
        written: '70-140',
        interval: '[70, 140]',
        colour: 'green',
        label: 'Normal',
        advice: 'Normal after a meal for someone without diabetes (70-140 mg/dL).',
        source: 'ADA',
      },
      {
        key: 'high',
        written: '141-199',
        interval: '(140, 200)',
        colour: 'yellow',
        label: 'High',
        advice:
          'Higher than usual after a meal; two hours after eating, 140-199 mg/dL can mean prediabetes. Ask a caregiver about a fasting glucose or HbA1c test.',
        source: 'ADA',
      },
      {
        key: 'very-high',
        written: '200 or more',
        interval: '[200, inf)',
        colour: 'red',
        label: 'Very high',
        advice:
          '200 mg/dL or more is in the range where diabetes is suspected. See a doctor for testing soon, today if you are very thirsty, passing a lot of urine or losing weight.',
        source: 'ADA',
      },
    ],
  }),

  //   under 70 -> [0, 70)   70-79 -> [70, 80)   80-100 -> [80, 100]   101-125 -> (100, 126)
  //   126 or more -> [126, inf)
  'non-diabetic-fasting': defineTable({
    id: 'sugar/non-diabetic-fasting',
    measure: 'sugar',
    unit: 'mg/dL',
    bands: [
      negativeReadingBand('ADA'),
      {
        key: 'extremely-low',
        written: 'under 70',
        interval: '[0, 70)',
        colour: 'red',
        label: 'Extremely low',
        advice: `Under 70 mg/dL is low blood sugar (hypoglycaemia), unusual without diabetes: tell a doctor. ${HYPO_TREATMENT}`,
        source: 'ADA',
      },
      {
        key: 'low',
        written: '70-79',
        interval: '[70, 80)',
        colour: 'yellow',
        label: 'Low',
        advice:
          'At the low end for a fasting reading. Eat a meal and check again if you feel shaky, sweaty or dizzy.',
        source: 'ADA',
      },
      {
        key: 'normal',
        written: '80-100',
        interval: '[80, 100]',
        colour: 'green',
        label: 'Normal',
        advice: 'Normal fasting blood sugar (100 mg/dL or less).',
        source: 'ADA',
      },
      {
        key: 'high',
        written: '101-125',
        interval: '(100, 126)',
        colour: 'yellow',
        label: 'High',
        advice:
          'A fasting reading of 101-125 mg/dL can mean prediabetes: consult a caregiver about a confirming test.',
        source: 'ADA',
      },
      {
        key: 'very-high',
        written: '126 or more',
        interval: '[126, inf)',
        colour: 'red',
        label: 'Very high',
        advice:
          'A fasting reading of 126 mg/dL or more is in the diabetes range. See a doctor to repeat and confirm the test.',
        source: 'ADA',
      },
    ],
  }),
};

export const SUGAR_INVALID: InvalidAdvice = {
  source: 'ADA',
  advice:
    'Enter the blood sugar as a number in mg/dL, for example 95 (5.3 mmol/L is about 95 mg/dL).',
};

export function sugarTableFor(context: SugarContext | null | undefined): BandTable {
  return SUGAR_BANDS[sugarContextKey(context)];
}

/**
 * The context may be given as flags or as the reading's narration. Without one the reading is
 * taken as fasting and not diabetic, as an empty narration says.
 */
export function interpretSugar(input: unknown, context?: SugarContext | string | null): Analysis {
  const flags = typeof context === 'string' ? sugarContextFromNarration(context) : context;
  return analyseNumber(sugarTableFor(flags), input, SUGAR_INVALID);
}
