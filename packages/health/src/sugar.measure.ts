// Blood sugar (glucose, mg/dL): four tables, chosen by whether the person has diabetes and whether
// they had eaten, both read from the reading's narration. docs/clinical-reference.md lists them.
import { defineMeasure, message } from './measure.definition.ts';
import type { UrgencyRule } from './urgency.rules.ts';
import {
  analysisFromBand,
  analyseNumber,
  INVALID_BAND,
  invalidReading,
  negativeReadingBand,
  withinLimit,
} from './analysis.model.ts';
import type { Analysis, InvalidAdvice } from './analysis.model.ts';
import { bandFor, defineTable, type BandSpec, type BandTable } from './band.model.ts';
import { READING_LIMITS } from './measurement-limits.catalog.ts';
import { formatNumber } from './reading.parse.ts';
import { parseValue, type ParsedReading, type ParsedValue } from './reading.typed.ts';
import { glucoseMmolForRating, type SugarUnit } from './sugar.units.ts';

export interface SugarContext {
  readonly hadDiabetics: boolean;
  readonly hadMeal: boolean;
}

export type SugarContextKey =
  'diabetic-after-meal' | 'diabetic-fasting' | 'non-diabetic-after-meal' | 'non-diabetic-fasting';

// The narration's words, spelled as the wire has always spelled them.
const DIABETIC_WORD = 'HadDiabetics';
const MEAL_WORD = 'HadMeal';

// A word of the narration counts as the word itself or with a true value after it
// ('HadDiabetics', 'hadmeal', 'HadMeal:true', 'HadDiabetics=yes'); 'NotHadDiabetics' and
// 'HadDiabetics:false' are other words, so they do not make a diabetic's reading.
const NARRATION_SEPARATORS = /[\s,;|]+/;
const TRUE_SUFFIX = /^(?:[:=](?:true|yes|1))?$/;

function saysWord(tokens: readonly string[], word: string): boolean {
  const wanted = word.toLowerCase();
  return tokens.some(
    (token) => token.startsWith(wanted) && TRUE_SUFFIX.test(token.slice(wanted.length)),
  );
}

const FALSE_SUFFIX = /^[:=](?:false|no|0)$/;
const NOT_DIABETIC_WORD = `Not${DIABETIC_WORD}`;

/** The narration says plainly that this is not a diabetic's reading. */
function saysNotDiabetic(tokens: readonly string[]): boolean {
  const word = DIABETIC_WORD.toLowerCase();
  return tokens.some(
    (token) =>
      token === NOT_DIABETIC_WORD.toLowerCase() ||
      (token.startsWith(word) && FALSE_SUFFIX.test(token.slice(word.length))),
  );
}

/**
 * Reads the context from the narration. Other apps write the narration too, so the words are
 * whole tokens in any letter case, anywhere in it; anything that is not text means neither.
 * A narration that says nothing about diabetes takes `diabeticByDefault`: what the person told us
 * in the assessment (docs/clinical-reference.md, 'What the person told us').
 */
export function sugarContextFromNarration(
  narration: unknown,
  diabeticByDefault = false,
): SugarContext {
  const text = typeof narration === 'string' ? narration.toLowerCase() : '';
  const tokens = text.split(NARRATION_SEPARATORS).filter((token) => token !== '');
  const diabetic = saysWord(tokens, DIABETIC_WORD);
  return {
    hadDiabetics: diabetic || (diabeticByDefault && !saysNotDiabetic(tokens)),
    hadMeal: saysWord(tokens, MEAL_WORD),
  };
}

/**
 * The narration to store with a reading: 'HadDiabetics HadMeal', 'HadMeal', … or ''. With
 * `sayNo`, a reading that is not a diabetic's says so ('NotHadDiabetics'), so that a person who
 * told us they have diabetes can still record one without it.
 */
export function narrationFromSugarContext(context: SugarContext, sayNo = false): string {
  const words: string[] = [];
  if (context.hadDiabetics) words.push(DIABETIC_WORD);
  else if (sayNo) words.push(NOT_DIABETIC_WORD);
  if (context.hadMeal) words.push(MEAL_WORD);
  return words.join(' ');
}

export function sugarContextKey(context: SugarContext | null | undefined): SugarContextKey {
  const diabetic = context?.hadDiabetics === true ? 'diabetic' : 'non-diabetic';
  const meal = context?.hadMeal === true ? 'after-meal' : 'fasting';
  return `${diabetic}-${meal}`;
}

// What to do for a low that a person can treat themselves (NHS, Low blood sugar).
const HYPO_TREATMENT =
  'Take 15 g of fast-acting sugar now, such as a small glass of fruit juice or 4-5 glucose tablets, check again after 15 minutes and repeat if it is still under 70 mg/dL (3.9 mmol/L); then eat a snack or meal.';

const CANNOT_SWALLOW =
  'If the person is confused, very drowsy, having a fit or cannot swallow safely, give nothing by mouth and call the emergency number now.';

// In every context (docs/clinical-reference.md): under 54 is level 2 hypoglycaemia and 250 or
// more is very high, whatever the narration says.
const LEVEL_2_LOW: BandSpec = {
  key: 'very-low',
  written: 'under 54',
  interval: '[0, 54)',
  colour: 'red',
  label: 'Very low (level 2 hypoglycaemia)',
  advice: `Under 54 mg/dL (3.0 mmol/L) is level 2 hypoglycaemia and needs action at once. ${HYPO_TREATMENT} ${CANNOT_SWALLOW}`,
  source: ['adaGlycaemicTargets', 'nhsLowSugar'],
};

const VERY_HIGH_ANY: BandSpec = {
  key: 'severe-high',
  written: '250 or more',
  interval: '[250, inf)',
  colour: 'red',
  label: 'Very high',
  advice:
    "250 mg/dL (13.9 mmol/L) or more is very high. Drink water, check for ketones if you have strips for them and contact your doctor or diabetes team today; from 300 mg/dL (16.7 mmol/L), or if you are vomiting, very drowsy or breathing fast, get emergency care now. These thresholds for acting are Vitalia's own, set to be safe.",
  source: 'nhsHighSugar',
};

// How a written band becomes an interval, in all four tables:
// - the normal (green) band keeps its written edges, closed: past them a reading is out of range;
// - otherwise 'under N', 'N or less', 'over N' and 'N or more' are taken literally;
// - a range 'a-b' beside them fills the space up to its neighbours, so a decimal between two
//   written integers (70.5, 79.5, 125.5, 180.5) belongs to exactly one band. Each table below lists
//   its mapping.
export const SUGAR_BANDS: Readonly<Record<SugarContextKey, BandTable>> = {
  //   under 54 -> [0, 54)   under 70 -> [54, 70)   70-180 -> [70, 180]   181-250 -> (180, 250)
  //   250 or more -> [250, inf)
  'diabetic-after-meal': defineTable({
    id: 'sugar/diabetic-after-meal',
    measure: 'sugar',
    unit: 'mg/dL',
    limit: READING_LIMITS.sugar,
    bands: [
      negativeReadingBand('adaGlycaemicTargets'),
      LEVEL_2_LOW,
      {
        key: 'low',
        written: 'under 70',
        interval: '[54, 70)',
        colour: 'red',
        label: 'Low',
        advice: `Under 70 mg/dL (3.9 mmol/L) is low blood sugar (level 1 hypoglycaemia). ${HYPO_TREATMENT} ${CANNOT_SWALLOW}`,
        source: ['adaGlycaemicTargets', 'nhsLowSugar'],
      },
      {
        key: 'normal',
        written: '70-180',
        interval: '[70, 180]',
        colour: 'green',
        label: 'Normal',
        advice:
          'Within the after-meal target for most adults with diabetes. ADA sets it at under 180 mg/dL (10.0 mmol/L); Vitalia counts 180 itself as in range.',
        source: 'adaGlycaemicTargets',
      },
      {
        key: 'high',
        written: '181-250',
        interval: '(180, 250)',
        colour: 'red',
        label: 'High',
        advice:
          'Above the after-meal target of under 180 mg/dL (10.0 mmol/L). Drink water, keep to your care plan and check again later; talk to your diabetes care team if it keeps happening.',
        source: 'adaGlycaemicTargets',
      },
      VERY_HIGH_ANY,
    ],
  }),

  //   under 54 -> [0, 54)   70 or less -> [54, 70]   71-79 -> (70, 80)   80-130 -> [80, 130]
  //   131 or more -> (130, 250)   250 or more -> [250, inf)
  // '131 or more' yields to the normal band's closed edge: 130.5 is past the target, so high.
  'diabetic-fasting': defineTable({
    id: 'sugar/diabetic-fasting',
    measure: 'sugar',
    unit: 'mg/dL',
    limit: READING_LIMITS.sugar,
    bands: [
      negativeReadingBand('adaGlycaemicTargets'),
      LEVEL_2_LOW,
      {
        key: 'extremely-low',
        written: '70 or less',
        interval: '[54, 70]',
        colour: 'red',
        label: 'Low',
        advice: `Treat this as a low. ${HYPO_TREATMENT} ${CANNOT_SWALLOW} ADA counts under 70 mg/dL as level 1 hypoglycaemia; Vitalia's ranges also count 70 itself as extremely low when fasting.`,
        source: ['adaGlycaemicTargets', 'nhsLowSugar'],
      },
      {
        key: 'low',
        written: '71-79',
        interval: '(70, 80)',
        colour: 'yellow',
        label: 'Low',
        advice:
          'Just under the fasting target of 80-130 mg/dL (4.4-7.2 mmol/L). Eat something and check again; tell your diabetes care team if it happens often.',
        source: 'adaGlycaemicTargets',
      },
      {
        key: 'normal',
        written: '80-130',
        interval: '[80, 130]',
        colour: 'green',
        label: 'Normal',
        advice:
          'Within the fasting target of 80-130 mg/dL (4.4-7.2 mmol/L) for most adults with diabetes.',
        source: 'adaGlycaemicTargets',
      },
      {
        key: 'high',
        written: '131 or more',
        interval: '(130, 250)',
        colour: 'red',
        label: 'High',
        advice:
          'Above the fasting target of 80-130 mg/dL (4.4-7.2 mmol/L). Drink water, keep to your care plan and check again later; if your fasting readings are often above target, ask your diabetes care team about your treatment.',
        source: 'adaGlycaemicTargets',
      },
      VERY_HIGH_ANY,
    ],
  }),

  //   under 54 -> [0, 54)   under 70 -> [54, 70)   70-140 -> [70, 140]   141-199 -> (140, 200)
  //   200 or more -> [200, 250)   250 or more -> [250, inf)
  'non-diabetic-after-meal': defineTable({
    id: 'sugar/non-diabetic-after-meal',
    measure: 'sugar',
    unit: 'mg/dL',
    limit: READING_LIMITS.sugar,
    bands: [
      negativeReadingBand('adaDiagnosis'),
      LEVEL_2_LOW,
      {
        key: 'low',
        written: 'under 70',
        interval: '[54, 70)',
        colour: 'red',
        label: 'Low',
        advice: `Under 70 mg/dL (3.9 mmol/L) is low blood sugar, unusual without diabetes: tell a doctor. ${HYPO_TREATMENT} ${CANNOT_SWALLOW}`,
        source: ['adaGlycaemicTargets', 'nhsLowSugar'],
      },
      {
        key: 'normal',
        written: '70-140',
        interval: '[70, 140]',
        colour: 'green',
        label: 'Normal',
        advice:
          "Usual after a meal for someone without diabetes (70-140 mg/dL, 3.9-7.8 mmol/L). ADA's criteria use the level 2 hours after a 75 g glucose drink, so a reading at another time is only a guide.",
        source: 'adaDiagnosis',
      },
      {
        key: 'high',
        written: '141-199',
        interval: '(140, 200)',
        colour: 'yellow',
        label: 'High',
        advice:
          'Higher than usual after a meal; 2 hours after a glucose drink, 140-199 mg/dL (7.8-11.0 mmol/L) can mean prediabetes. Ask a caregiver about a fasting glucose or HbA1c test.',
        source: 'adaDiagnosis',
      },
      {
        key: 'very-high',
        written: '200 or more',
        interval: '[200, 250)',
        colour: 'red',
        label: 'Very high',
        advice:
          '200 mg/dL (11.1 mmol/L) or more is in the range where diabetes is suspected. See a doctor for testing soon, today if you are very thirsty, passing a lot of urine or losing weight.',
        source: 'adaDiagnosis',
      },
      VERY_HIGH_ANY,
    ],
  }),

  //   under 54 -> [0, 54)   under 70 -> [54, 70)   70-79 -> [70, 80)   80-100 -> [80, 100]
  //   101-125 -> (100, 126)   126 or more -> [126, 250)   250 or more -> [250, inf)
  'non-diabetic-fasting': defineTable({
    id: 'sugar/non-diabetic-fasting',
    measure: 'sugar',
    unit: 'mg/dL',
    limit: READING_LIMITS.sugar,
    bands: [
      negativeReadingBand('adaDiagnosis'),
      LEVEL_2_LOW,
      {
        key: 'extremely-low',
        written: 'under 70',
        interval: '[54, 70)',
        colour: 'red',
        label: 'Low',
        advice: `Under 70 mg/dL (3.9 mmol/L) is low blood sugar, unusual without diabetes: tell a doctor. ${HYPO_TREATMENT} ${CANNOT_SWALLOW}`,
        source: ['adaGlycaemicTargets', 'nhsLowSugar'],
      },
      {
        key: 'low',
        written: '70-79',
        interval: '[70, 80)',
        colour: 'yellow',
        label: 'Low',
        advice:
          "At the low end for a fasting reading. Eat a meal and check again if you feel shaky, sweaty or dizzy. ADA counts a fasting 70-99 mg/dL as normal; Vitalia's ranges mark 70-79 as low.",
        source: 'adaDiagnosis',
      },
      {
        key: 'normal',
        written: '80-100',
        interval: '[80, 100]',
        colour: 'green',
        label: 'Normal',
        advice:
          "A usual fasting blood sugar. ADA counts 100 mg/dL (5.6 mmol/L) itself as the start of prediabetes (100-125); Vitalia's ranges still call 100 normal.",
        source: 'adaDiagnosis',
      },
      {
        key: 'high',
        written: '101-125',
        interval: '(100, 126)',
        colour: 'yellow',
        label: 'High',
        advice:
          'A fasting reading of 101-125 mg/dL (5.6-6.9 mmol/L) can mean prediabetes: consult a caregiver about a confirming test.',
        source: 'adaDiagnosis',
      },
      {
        key: 'very-high',
        written: '126 or more',
        interval: '[126, 250)',
        colour: 'red',
        label: 'Very high',
        advice:
          'A fasting reading of 126 mg/dL (7.0 mmol/L) or more is in the diabetes range. See a doctor to repeat and confirm the test.',
        source: 'adaDiagnosis',
      },
      VERY_HIGH_ANY,
    ],
  }),
};

export const SUGAR_INVALID: InvalidAdvice = {
  source: 'adaGlycaemicTargets',
  advice:
    'Enter the blood sugar as a number in mg/dL from 10 to 1000, for example 95, or choose mmol/L (from 0.6 to 55.5) if your meter shows mmol/L.',
};

/** Said with a pregnant person's sugar: the ranges above are not pregnancy's. */
export const SUGAR_IN_PREGNANCY =
  'In pregnancy the targets are lower (ADA: fasting under 95 mg/dL, 5.3 mmol/L): follow the targets your antenatal team gave you.';

function withPregnancyNote(analysis: Analysis): Analysis {
  if (analysis.band === INVALID_BAND) return analysis;
  return { ...analysis, advice: `${SUGAR_IN_PREGNANCY} ${analysis.advice}` };
}

export function sugarTableFor(context: SugarContext | null | undefined): BandTable {
  return SUGAR_BANDS[sugarContextKey(context)];
}

/**
 * The context may be given as flags or as the reading's narration. Without one the reading is
 * taken as fasting and not diabetic, as an empty narration says. A value typed in mmol/L is rated
 * as ADA's equivalent in mg/dL (sugar.units.ts) and shown back as typed.
 */
export function interpretSugar(
  input: unknown,
  context?: SugarContext | string | null,
  unit: SugarUnit = 'mg/dL',
): Analysis {
  const flags = typeof context === 'string' ? sugarContextFromNarration(context) : context;
  return rateSugar(parseValue(input), flags, unit);
}

/** Rates a value read at the boundary (reading.typed.ts) in its unit and context. */
export function rateSugar(
  value: ParsedValue,
  context: SugarContext | null | undefined,
  unit: SugarUnit,
): Analysis {
  const table = sugarTableFor(context);
  if (unit === 'mg/dL') return analyseNumber(table, value, SUGAR_INVALID);
  const typed = value.number;
  const limit = READING_LIMITS.sugarMmol;
  const rated = typed === null ? null : glucoseMmolForRating(typed);
  const band =
    typed === null || rated === null || typed < limit.min || typed > limit.max
      ? undefined
      : bandFor(table, rated);
  if (typed === null || rated === null || band === undefined || !withinLimit(table, rated)) {
    return { ...invalidReading(table, value.given, SUGAR_INVALID), unit: 'mmol/L' };
  }
  return {
    ...analysisFromBand(table, value.given ?? formatNumber(typed), band),
    unit: 'mmol/L',
  };
}

// Urgency (docs/clinical-reference.md, 'Urgency'): a layer over the bands, read by urgency.rules.ts.
export const SUGAR_URGENCY: readonly UrgencyRule[] = [
  {
    measure: 'sugar',
    level: 'now',
    written: 'under 54 mg/dL (3.0 mmol/L)',
    value: ['[0, 54)'],
    firstAction:
      'Take 15 g of fast-acting sugar now if you can swallow safely (a small glass of fruit juice, 3 teaspoons of sugar in water, about 150 ml of a sugary soft drink, not diet, or 4-5 glucose tablets), check again after 15 minutes and repeat; then eat. If it is still under 70 mg/dL (3.9 mmol/L) after two tries, go to the nearest hospital emergency unit now. If you take insulin or diabetes tablets, see a doctor today even if you feel better: a low can come back.',
    emergencySigns:
      'If the person is confused, very drowsy, having a fit or cannot swallow safely, give nothing by mouth, lay them on their side and call the emergency number now, or have someone take them to the nearest hospital emergency unit; use a glucagon kit if one was prescribed.',
    why: 'Under 54 mg/dL (3.0 mmol/L) is a serious low (level 2 hypoglycaemia), which needs action at once.',
    source: ['adaGlycaemicTargets', 'nhsLowSugar'],
  },
  {
    measure: 'sugar',
    level: 'now',
    written: '400 mg/dL (22.2 mmol/L) or more',
    // 399.5 lies between 300-399 and 400: the more urgent level.
    value: ['(399, inf)'],
    label: 'Very high: emergency',
    firstAction: `Go to the nearest hospital emergency unit now, or call the emergency number. Drink water on the way if you can swallow safely.`,
    emergencySigns:
      'Vomiting, drowsiness or confusion, fast or deep breathing, or tummy pain are signs of diabetic ketoacidosis or a hyperosmolar state.',
    why: "Sugar this high needs hospital care the same hour; 400 mg/dL as the point for an emergency unit is Vitalia's own threshold, set to be safe.",
    source: 'nhsHighSugar',
  },
  {
    measure: 'sugar',
    level: 'now',
    written: '300-399 mg/dL (16.7-22.1 mmol/L)',
    // 299.5 (16.65 mmol/L) lies between 'today' (250-299) and 'now' (300): the more urgent level.
    value: ['(299, inf)'],
    // Not 'Very high' alone: 250-299 is 'Very high' too, and asks only for today.
    label: 'Very high: act now',
    firstAction:
      'Contact your doctor or diabetes team now; if you cannot reach them within the hour, go to the nearest hospital emergency unit. Drink water, and check for ketones if you have strips for them.',
    emergencySigns:
      'Go to the nearest hospital emergency unit now, or call the emergency number, if you cannot reach your doctor or diabetes team, or if you are vomiting, very thirsty, breathing fast or deeply, drowsy or confused.',
    why: "Sugar this high can lead to diabetic ketoacidosis or a hyperosmolar state; 300 mg/dL as the point for urgent care is Vitalia's own threshold.",
    source: 'nhsHighSugar',
  },
  {
    measure: 'sugar',
    level: 'today',
    written: '54-69 mg/dL (3.0-3.8 mmol/L)',
    value: ['[54, 70)'],
    label: 'Low (level 1 hypoglycaemia)',
    firstAction:
      'Treat it now: take 15 g of fast-acting sugar (a small glass of fruit juice, 3 teaspoons of sugar in water or about 150 ml of a sugary soft drink, not diet), check again after 15 minutes and repeat until it is 70 mg/dL (3.9 mmol/L) or more, then eat. If you take insulin or diabetes tablets, tell your doctor or diabetes team today even if you feel better: a low can come back.',
    emergencySigns:
      'If the person becomes confused or very drowsy, has a fit, or cannot swallow safely, give nothing by mouth, lay them on their side and call the emergency number now, or have someone take them to the nearest hospital emergency unit.',
    why: 'Under 70 mg/dL (3.9 mmol/L) is a low (level 1 hypoglycaemia).',
    source: ['adaGlycaemicTargets', 'nhsLowSugar'],
  },
  {
    measure: 'sugar',
    level: 'today',
    written: '250-299 mg/dL (13.9-16.6 mmol/L)',
    // 249.5 lies between no urgency and 'today' (250-299): the more urgent level, as 94.5 % does.
    value: ['(249, 299]'],
    firstAction:
      'Contact your doctor or diabetes team today. Drink water, follow your sick-day plan if you have one and check for ketones if you have strips for them.',
    emergencySigns:
      'Call the emergency number now, or have someone take you to the nearest hospital emergency unit, if you are vomiting, very drowsy or confused, or breathing fast or deeply.',
    why: "Contacting a doctor the same day from 250 mg/dL is Vitalia's own threshold, set to be safe.",
    source: 'nhsHighSugar',
  },
];

// A sugar typed in mmol/L keeps what was typed (enteredValue) and is rated from it.
function enteredInMmol(reading: ParsedReading): ParsedValue | null {
  const entered = reading.entered;
  return entered?.unit === 'mmol/L' && entered.number !== null ? entered : null;
}

export const SUGAR_MEASURE = defineMeasure({
  id: 'sugar',
  slug: 'blood-sugar',
  name: message('measure.sugar.name', 'Blood sugar'),
  unit: 'mg/dL',
  wire: { tag: 'Blood-sugar', value: READING_LIMITS.sugar, second: null },
  freshForDays: 90,
  source: 'adaGlycaemicTargets',
  bandTables: Object.values(SUGAR_BANDS),
  urgency: SUGAR_URGENCY,
  ratedDecimals: null,
  rate: (reading, profile) => {
    const context = sugarContextFromNarration(
      reading.narration,
      profile.conditions.has('diabetes'),
    );
    const mmol = enteredInMmol(reading);
    const rated = mmol
      ? rateSugar(mmol, context, 'mmol/L')
      : rateSugar(reading.value, context, 'mg/dL');
    return profile.conditions.has('pregnant') ? withPregnancyNote(rated) : rated;
  },
  urgencyValue: (reading) => {
    const mmol = enteredInMmol(reading);
    return mmol ? glucoseMmolForRating(mmol.number) : reading.value.number;
  },
  form: { kind: 'sugar' },
  plot: { kind: 'number' },
  prompt: message('measure.sugar.prompt', 'Type your blood sugar to see what it means.'),
  from: message('measure.sugar.from', 'From a glucose meter'),
  // loinc.org/2339-0 (Mass/volume) for the stored mg/dL; a sugar typed in mmol/L is written with
  // its molar code and the value as typed. No vital-signs profile: it is a laboratory value.
  codes: {
    category: 'laboratory',
    profile: null,
    codings: [{ system: 'loinc', code: '2339-0', display: 'Glucose [Mass/volume] in Blood' }],
    unit: { code: 'mg/dL', unit: 'mg/dL' },
    components: null,
  },
  importColumns: [
    {
      role: 'sugar',
      label: message('import.column.sugar', 'Blood sugar'),
      part: 'value',
      // Glycated haemoglobin (HbA1c, "glykiertes Hämoglobin") is not a blood sugar reading.
      header: /glucose|sugar|\bbg\b|glyc(?!at)|glucemia|glyk(?!iert)/i,
    },
  ],
  articleSlug: 'blood-sugar',
});

/**
 * What to do when a glucose meter shows HI or LO instead of a number: the reading is beyond what
 * the meter can measure (usually above 500-600 mg/dL, or below about 20), so it cannot be typed
 * in, and waiting to type one in must not delay care (docs/clinical-reference.md, Blood sugar).
 */
export const METER_OUT_OF_RANGE = {
  question: message('measure.sugar.meterOutOfRange', 'Meter shows HI or LO instead of a number?'),
  high: message(
    'measure.sugar.meterHigh',
    `HI: your sugar is higher than the meter can read. Go to the nearest hospital emergency unit now, or call the emergency number.`,
  ),
  low: message(
    'measure.sugar.meterLow',
    'LO: your sugar is lower than the meter can read. Take 15 g of fast-acting sugar now if you can swallow safely (a small glass of fruit juice or 3 teaspoons of sugar in water) and call the emergency number. If the person cannot swallow safely or is very drowsy, give nothing by mouth and lay them on their side.',
  ),
} as const;

/** 'high' or 'low' when what was typed is what a meter shows past its range (HI, LO), else null. */
export function meterOutOfRange(typed: string): 'high' | 'low' | null {
  const word = typed.trim().toLowerCase();
  if (word === 'hi' || word === 'high') return 'high';
  if (word === 'lo' || word === 'low') return 'low';
  return null;
}
