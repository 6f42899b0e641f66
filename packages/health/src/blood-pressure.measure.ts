// Blood pressure (systolic over diastolic, mmHg), docs/clinical-reference.md: rules tried in order,
// the first that matches wins. Rules, not bands, because the two numbers are read together.
import { defineMeasure, message } from './measure.definition.ts';
import { CALL_NOW, TO_HOSPITAL, type UrgencyRule } from './urgency.rules.ts';
import { analysisFromBand, invalidReading } from './analysis.model.ts';
import type { Analysis, AnswerFor, InvalidAdvice } from './analysis.model.ts';
import {
  defineOutcome,
  interval,
  intervalContains,
  type Interval,
  type Outcome,
  type OutcomeSpec,
} from './band.model.ts';
import { READING_LIMITS, withinReadingLimit } from './measurement-limits.catalog.ts';
import { formatNumber } from './reading.parse.ts';
import { parseValue, type ParsedValue } from './reading.typed.ts';

export interface BloodPressureRule extends Outcome {
  /** The rule's number in docs/clinical-reference.md. Rule 1 has two entries: the crisis and the rest. */
  readonly rule: number;
  /** The systolic condition; null when the rule does not look at systolic. */
  readonly systolic: Interval | null;
  readonly diastolic: Interval | null;
  /** 'and': both conditions must hold; 'or': either one. A rule without conditions always holds. */
  readonly join: 'and' | 'or';
}

interface RuleSpec extends OutcomeSpec {
  readonly rule: number;
  readonly systolic: string | null;
  readonly diastolic: string | null;
  readonly join: 'and' | 'or';
}

function defineRule({ systolic, diastolic, ...rest }: RuleSpec): BloodPressureRule {
  return {
    ...defineOutcome(rest),
    systolic: systolic === null ? null : interval(systolic),
    diastolic: diastolic === null ? null : interval(diastolic),
  };
}

// Written conditions and their intervals. 'N or less' and 'N or more' are literal. The normal
// band's written limits (121 and 81) are closed, and each range above starts just past the one
// below, so a decimal between two written integers belongs to one rule:
//   systolic 122-129 -> (121, 129]   systolic 130-159 -> (129, 160)
//   diastolic 82-88  -> (81, 88]     diastolic 89-119 -> (88, 120)
// Every rule but the last reads 'or': one number past a limit is enough, so 70/65 and 100/40 are
// low, not normal ('up to 90/60' is either number at or under its limit). The high rules come
// first, so 150/40 is high (the first match wins).
export const BLOOD_PRESSURE_RULES: readonly BloodPressureRule[] = (
  [
    {
      rule: 1,
      key: 'crisis',
      written: 'systolic 180 or more, or diastolic 120 or more',
      systolic: '[180, inf)',
      diastolic: '[120, inf)',
      join: 'or',
      colour: 'red',
      label: 'Very high',
      advice:
        'A reading of 180/120 or more is in the hypertensive crisis range. Sit quietly for 5 minutes and measure again; if it is still this high, contact your doctor today, and call the emergency number now if you have chest pain, shortness of breath, back pain, a sudden severe headache, numbness or weakness, a change in vision, difficulty speaking, confusion or a fit.',
      source: 'accAha2017',
    },
    {
      rule: 1,
      key: 'very-high',
      written: 'systolic 160 or more',
      systolic: '[160, inf)',
      diastolic: null,
      join: 'or',
      colour: 'red',
      label: 'Very high',
      advice:
        'Very high blood pressure. Rest for 5 minutes and measure again; if it stays this high, see a doctor within a few days. The 2017 ACC/AHA guideline counts this as stage 2 high blood pressure.',
      source: 'accAha2017',
    },
    {
      rule: 2,
      key: 'high',
      written: 'systolic 130-159, or diastolic 89-119',
      systolic: '(129, 160)',
      diastolic: '(88, 120)',
      join: 'or',
      colour: 'red',
      label: 'High',
      advice:
        'High blood pressure. Measure again on a few different days; see a doctor about lifestyle changes and whether you need treatment. The 2017 ACC/AHA guideline counts 130-139 or 80-89 as stage 1 and 140 or 90 and more as stage 2 high blood pressure.',
      source: 'accAha2017',
    },
    {
      rule: 3,
      key: 'dangerously-low',
      written: 'systolic 50 or less, or diastolic 33 or less',
      systolic: '(-inf, 50]',
      diastolic: '(-inf, 33]',
      join: 'or',
      colour: 'red',
      label: 'Dangerously low',
      advice:
        'Blood pressure this low may not keep enough blood reaching the brain and organs. Lie down with your legs raised and call the emergency number now, above all if you feel faint, confused, cold or clammy, or are breathing fast.',
      source: 'nhsLowBloodPressure',
    },
    {
      rule: 4,
      key: 'very-low',
      written: 'systolic 61 or less, or diastolic 41 or less',
      systolic: '(-inf, 61]',
      diastolic: '(-inf, 41]',
      join: 'or',
      colour: 'red',
      label: 'Very low',
      advice:
        'Very low blood pressure. Sit or lie down, drink some water and measure again; if it is still this low, contact a doctor today, and call the emergency number if you faint or feel confused, cold or clammy.',
      source: 'nhsLowBloodPressure',
    },
    {
      rule: 5,
      key: 'low',
      written: 'systolic 90 or less, or diastolic 60 or less',
      systolic: '(-inf, 90]',
      diastolic: '(-inf, 60]',
      join: 'or',
      colour: 'yellow',
      label: 'Low',
      advice:
        'Low blood pressure (90/60 or lower in either number). Stand up slowly, drink enough fluids and measure again later. Call the emergency number if you feel dizzy or faint, cold and clammy, or confused; see a doctor if you often feel dizzy or unwell.',
      source: 'nhsLowBloodPressure',
    },
    {
      rule: 6,
      key: 'elevated',
      written: 'systolic 122-129, or diastolic 82-88',
      systolic: '(121, 129]',
      diastolic: '(81, 88]',
      join: 'or',
      colour: 'yellow',
      label: 'Elevated',
      advice:
        'Slightly raised blood pressure. Less salt, more activity, a healthy weight and less alcohol help keep it from rising.',
      source: 'accAha2017',
    },
    {
      rule: 7,
      key: 'normal',
      written: 'otherwise (systolic 91-121 and diastolic 61-81)',
      systolic: null,
      diastolic: null,
      join: 'and',
      colour: 'green',
      label: 'Normal',
      advice: "Your blood pressure is in Vitalia's normal range (up to 121/81).",
      source: 'accAha2017',
    },
  ] satisfies RuleSpec[]
).map(defineRule);

/**
 * Said with a normal reading that the 2017 ACC/AHA guideline would not call normal (120-121 on
 * top, 80-81 below).
 */
export const NORMAL_BUT_NOT_FOR_ACC_AHA =
  "Vitalia's ranges call this normal; the 2017 ACC/AHA guideline counts a top number of 120-129 as elevated and a bottom number of 80-89 as stage 1 high blood pressure.";

/**
 * Said with an elevated reading whose bottom number is 80 or more: the guideline puts it one step
 * higher than Vitalia's label, and the advice says so in Vitalia's words, not against its label.
 */
export const ELEVATED_BUT_STAGE_1_FOR_ACC_AHA =
  "Vitalia's ranges call this elevated; the 2017 ACC/AHA guideline counts a bottom number of 80-89 as stage 1 high blood pressure.";

export const BLOOD_PRESSURE_INVALID: InvalidAdvice = {
  source: 'accAha2017',
  advice: `Enter both numbers in mmHg, the top (systolic) one from ${READING_LIMITS.systolic.min} to ${READING_LIMITS.systolic.max} and larger than the bottom (diastolic) one, from ${READING_LIMITS.diastolic.min} to ${READING_LIMITS.diastolic.max}; for example 120 over 80.`,
};

export function bloodPressureRuleHolds(
  rule: BloodPressureRule,
  systolic: number,
  diastolic: number,
): boolean {
  const conditions: boolean[] = [];
  if (rule.systolic !== null) conditions.push(intervalContains(rule.systolic, systolic));
  if (rule.diastolic !== null) conditions.push(intervalContains(rule.diastolic, diastolic));
  if (conditions.length === 0) return true;
  return rule.join === 'and' ? conditions.every(Boolean) : conditions.some(Boolean);
}

/** Every rule whose conditions hold, in order; the first one is the answer. */
export function bloodPressureRulesHolding(
  systolic: number,
  diastolic: number,
): BloodPressureRule[] {
  return BLOOD_PRESSURE_RULES.filter((rule) => bloodPressureRuleHolds(rule, systolic, diastolic));
}

/**
 * A pair that can be a measurement: both numbers, neither negative, diastolic below systolic.
 * Null otherwise.
 */
export function bloodPressurePair(
  top: number | null,
  bottom: number | null,
): { systolic: number; diastolic: number } | null {
  if (top === null || bottom === null || bottom >= top) return null;
  if (!withinReadingLimit(top, READING_LIMITS.systolic)) return null;
  if (!withinReadingLimit(bottom, READING_LIMITS.diastolic)) return null;
  return { systolic: top, diastolic: bottom };
}

const ANSWER_FOR: AnswerFor = { measure: 'bloodPressure', unit: 'mmHg' };

/** Systolic is the reading's TagValue, diastolic its MinTagValue, both read at the boundary. */
export function rateBloodPressure(systolic: ParsedValue, diastolic: ParsedValue): Analysis {
  const pair = bloodPressurePair(systolic.number, diastolic.number);
  const rule =
    pair === null ? undefined : bloodPressureRulesHolding(pair.systolic, pair.diastolic)[0];
  if (pair === null || rule === undefined) {
    const typed = [systolic.given, diastolic.given];
    const shown = typed.every((text) => text === null) ? null : typed.map((t) => t ?? '').join('/');
    return invalidReading(ANSWER_FOR, shown, BLOOD_PRESSURE_INVALID);
  }
  const analysis = analysisFromBand(
    ANSWER_FOR,
    `${formatNumber(pair.systolic)}/${formatNumber(pair.diastolic)}`,
    rule,
  );
  if (rule.key === 'elevated' && pair.diastolic >= 80) {
    return { ...analysis, advice: `${ELEVATED_BUT_STAGE_1_FOR_ACC_AHA} ${analysis.advice}` };
  }
  const notNormalForAccAha = pair.systolic >= 120 || pair.diastolic >= 80;
  if (rule.key !== 'normal' || !notNormalForAccAha) return analysis;
  return { ...analysis, advice: `${NORMAL_BUT_NOT_FOR_ACC_AHA} ${analysis.advice}` };
}

/** Rates the pair as given (numbers or the text typed). */
export function interpretBloodPressure(systolic: unknown, diastolic: unknown): Analysis {
  return rateBloodPressure(parseValue(systolic), parseValue(diastolic));
}

// Urgency (docs/clinical-reference.md, 'Urgency'): a layer over the bands, read by urgency.rules.ts.
const LOW_SIGNS =
  'Feeling dizzy or faint, cold and clammy, confused, or breathing fast are signs that not enough blood is reaching the organs.';

// Rules are tried most urgent first; among `today` rules the first that holds gives the label and
// the advice, so a crisis (180/120) is named before a likely cuff error: a wide gap between the
// numbers is common with stiff arteries, and 200/95 must not be called a slipped cuff.
/** The signs that make a very high pressure an emergency at once (ACC/AHA 2017, hypertensive emergency). */
const CRISIS_SIGNS =
  'Call the emergency number now, or have someone take you to the nearest hospital emergency unit, if you have chest pain, shortness of breath, back pain, a sudden severe headache, numbness or weakness, a change in vision, difficulty speaking, confusion or a fit.';

export const BLOOD_PRESSURE_URGENCY: readonly UrgencyRule[] = [
  {
    measure: 'bloodPressure',
    level: 'now',
    written:
      'dangerously low: systolic 50 or less, or diastolic 33 or less, whatever the other number',
    value: ['(-inf, 50]'],
    second: ['(-inf, 33]'],
    label: 'Dangerously low',
    firstAction: `Lie down with your legs raised. ${CALL_NOW}`,
    emergencySigns: LOW_SIGNS,
    why: 'Blood pressure this low may not keep the brain and organs supplied.',
    source: 'nhsLowBloodPressure',
  },
  {
    measure: 'bloodPressure',
    level: 'now',
    written: 'diastolic 40 or less with systolic 130 or more (unusual: likely a cuff error)',
    value: ['[130, inf)'],
    second: ['(-inf, 41)'],
    join: 'and',
    label: 'Very low: measure again now',
    firstAction: `Sit still, check that the cuff sits snugly on the bare upper arm at heart level, and measure again now. If the bottom number is still 40 or less, or you feel faint, dizzy or confused, call the emergency number now, ${TO_HOSPITAL}.`,
    emergencySigns: LOW_SIGNS,
    why: 'A high top number with a bottom number this low is more often a cuff that slipped than a body, but a bottom number of 40 or less cannot wait for the next day if it is real.',
    source: 'nhsLowBloodPressure',
  },
  {
    measure: 'bloodPressure',
    level: 'now',
    written: 'systolic 80 or less, or diastolic 40 or less, whatever the other number',
    // 80.5 and 40.5 lie between this and 'today': the more urgent level.
    value: ['(-inf, 81)'],
    second: ['(-inf, 41)'],
    label: 'Very low',
    firstAction: `Lie down with your legs raised. ${CALL_NOW}`,
    emergencySigns: LOW_SIGNS,
    why: "A top number of 80 or less, or a bottom number of 40 or less, can mean shock, which needs care now; these thresholds are Vitalia's own, set to be safe.",
    source: 'nhsLowBloodPressure',
  },
  {
    measure: 'bloodPressure',
    level: 'now',
    written: '160/110 or more (either number) in pregnancy',
    value: ['[160, inf)'],
    second: ['[110, inf)'],
    onlyWith: 'pregnant',
    label: 'Very high: emergency',
    firstAction: `In pregnancy this is severe high blood pressure. ${CALL_NOW} A hospital with a maternity unit is best.`,
    emergencySigns:
      'A bad headache, problems with your sight, pain below the ribs, vomiting, a fit, or sudden swelling of the face, hands or feet can be pre-eclampsia or eclampsia.',
    why: 'NICE counts 160/110 or more in pregnancy as severe hypertension, to be assessed in hospital straight away.',
    source: 'niceNg133',
  },
  {
    measure: 'bloodPressure',
    level: 'now',
    written: 'systolic 250 or more (very high, or a cuff error)',
    // 249.5 lies between 'today' (180-249) and this: the more urgent level.
    value: ['(249, inf)'],
    // If the number is real it is an emergency: the level and the chip say so, and the advice
    // asks for the second reading that tells a slipped cuff apart, without waiting for a doctor.
    label: 'Very high: emergency',
    firstAction: `Sit still, check that the cuff sits snugly on the bare upper arm at heart level, and measure again now. If the top number is still 250 or more, or you have any of the signs below, call the emergency number now, ${TO_HOSPITAL}. If it is now between 180 and 249, contact a doctor or clinic today.`,
    emergencySigns: CRISIS_SIGNS,
    why: 'A top number this high can be a measuring error (a cuff that slipped or is the wrong size), but if it is real it is an emergency; only a second reading can tell, and it must not wait.',
    source: 'accAha2017',
  },
  {
    measure: 'bloodPressure',
    level: 'today',
    written: '180/120 or more (either number)',
    value: ['[180, inf)'],
    second: ['[120, inf)'],
    firstAction:
      'Sit quietly for 5 minutes and measure again. If it is still 180/120 or more, contact your doctor today.',
    emergencySigns: CRISIS_SIGNS,
    why: 'The 2017 ACC/AHA guideline calls a top number of 180 or more, or a bottom number of 120 or more, a hypertensive crisis.',
    source: 'accAha2017',
  },
  {
    measure: 'bloodPressure',
    level: 'today',
    written: 'a difference over 100 (unusual: likely a cuff error)',
    difference: ['(100, inf)'],
    label: 'Unusual: measure again now',
    firstAction:
      'Sit quietly for 5 minutes, check that the cuff sits snugly on the bare upper arm at heart level, and measure again now. If the numbers are still this far apart, or the top number is 180 or more, contact a doctor or clinic today.',
    emergencySigns: CRISIS_SIGNS,
    why: 'A pair this far apart can be a measuring error (a cuff that slipped or is the wrong size); only a second reading can tell, and it must not wait.',
    source: 'accAha2017',
  },
  {
    measure: 'bloodPressure',
    level: 'today',
    written: '140/90 or more (either number) in pregnancy',
    value: ['[140, inf)'],
    second: ['[90, inf)'],
    onlyWith: 'pregnant',
    firstAction:
      'Measure again after resting for 5 minutes; if it is still 140/90 or more, contact your midwife or doctor today.',
    emergencySigns:
      'Call the emergency number now, or have someone take you to the nearest hospital emergency unit, if you have a bad headache, problems with your sight, pain below the ribs, vomiting, a fit, or sudden swelling of the face, hands or feet.',
    why: 'NICE counts 140/90 or more in pregnancy as high blood pressure, which needs checking the same day for pre-eclampsia.',
    source: 'niceNg133',
  },
  {
    measure: 'bloodPressure',
    level: 'today',
    written: 'systolic under 90, or diastolic 41 or less',
    value: ['(-inf, 90)'],
    second: ['(-inf, 41]'],
    label: 'Low',
    firstAction:
      'Sit or lie down, drink some water and measure again; if the top number is still under 90, or the bottom number still this low, contact a doctor or clinic today.',
    emergencySigns: `Call the emergency number now, or have someone take you to the nearest hospital emergency unit, if you feel dizzy or faint, cold and clammy, or confused, or are breathing fast.`,
    why: "The NHS counts 90/60 or lower as low blood pressure. Below 90 at the top, Vitalia asks for a doctor the same day, because a low pressure can be a sign of illness, dehydration or bleeding; this threshold is Vitalia's own, set to be safe.",
    source: 'nhsLowBloodPressure',
  },
];

export const BLOOD_PRESSURE_MEASURE = defineMeasure({
  id: 'bloodPressure',
  slug: 'blood-pressure',
  name: message('measure.bloodPressure.name', 'Blood pressure'),
  unit: 'mmHg',
  wire: {
    tag: 'Systolic',
    value: READING_LIMITS.systolic,
    second: { minTag: 'Diastolic', limit: READING_LIMITS.diastolic, fetchable: false },
  },
  freshForDays: 90,
  source: 'accAha2017',
  bandTables: [],
  urgency: BLOOD_PRESSURE_URGENCY,
  ratedDecimals: null,
  rate: (reading) => rateBloodPressure(reading.value, reading.second),
  form: { kind: 'pressure' },
  plot: {
    kind: 'pair',
    lines: [
      {
        part: 'value',
        line: 'systolic',
        title: message('measure.bloodPressure.line.systolic.title', 'Systolic (top number)'),
        label: message('measure.bloodPressure.line.systolic', 'Systolic'),
      },
      {
        part: 'second',
        line: 'diastolic',
        title: message('measure.bloodPressure.line.diastolic.title', 'Diastolic (bottom number)'),
        label: message('measure.bloodPressure.line.diastolic', 'Diastolic'),
      },
    ],
    followed: 'value',
  },
  prompt: message('measure.bloodPressure.prompt', 'Type both numbers to see what they mean.'),
  from: message('measure.bloodPressure.from', 'From an arm cuff monitor'),
  // loinc.org/85354-9 with loinc.org/8480-6 and loinc.org/8462-4 as components; the R4 bp profile
  // (the panel has no value of its own).
  codes: {
    category: 'vital-signs',
    profile: 'bp',
    codings: [
      {
        system: 'loinc',
        code: '85354-9',
        display: 'Blood pressure panel with all children optional',
      },
    ],
    unit: null,
    components: {
      value: {
        codings: [{ system: 'loinc', code: '8480-6', display: 'Systolic blood pressure' }],
        unit: { code: 'mm[Hg]', unit: 'mmHg' },
      },
      second: {
        codings: [{ system: 'loinc', code: '8462-4', display: 'Diastolic blood pressure' }],
        unit: { code: 'mm[Hg]', unit: 'mmHg' },
      },
    },
  },
  importColumns: [
    {
      role: 'systolic',
      label: message('import.column.systolic', 'Blood pressure: systolic (mmHg)'),
      part: 'value',
      header: /\bsys|systol|^sbp\b/i,
    },
    {
      role: 'diastolic',
      label: message('import.column.diastolic', 'Blood pressure: diastolic (mmHg)'),
      part: 'second',
      header: /\bdia\b|diastol|^dia|^dbp\b/i,
    },
  ],
  articleSlug: 'blood-pressure',
});
