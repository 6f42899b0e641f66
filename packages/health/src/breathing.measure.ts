// Breathing (spirometry), docs/clinical-reference.md: FEV1 and FEV2 as % of the predicted value.
// Each value is placed under, at or over 80 %; the pair is then rated together.
import { defineMeasure, message } from './measure.definition.ts';
import { CALL_NOW, type UrgencyRule } from './urgency.rules.ts';
import {
  analysisFromBand,
  INVALID_BAND,
  invalidReading,
  negativeReadingBand,
  withinLimit,
} from './analysis.model.ts';
import type { Analysis, AnswerFor, InvalidAdvice } from './analysis.model.ts';
import { bandFor, defineOutcome, defineTable, type Outcome } from './band.model.ts';
import { READING_LIMITS } from './measurement-limits.catalog.ts';
import { formatNumber } from './reading.parse.ts';
import { parseValue, type ParsedValue } from './reading.typed.ts';

// Exactly 80 is its own band because the rating treats it as neither over nor under.
export const FEV_BANDS = defineTable({
  id: 'breathing/fev',
  measure: 'breathing',
  unit: '% of predicted',
  limit: READING_LIMITS.fev1,
  bands: [
    negativeReadingBand('goldCopd2025'),
    {
      key: 'under',
      written: 'under 80',
      interval: '[0, 80)',
      colour: 'red',
      label: 'Under 80% of predicted',
      advice: 'Under 80% of the predicted value is below the normal range.',
      source: 'goldCopd2025',
    },
    {
      key: 'at',
      written: 'exactly 80',
      interval: '[80, 80]',
      colour: 'yellow',
      label: '80% of predicted',
      advice: 'Exactly 80% of the predicted value is the edge of the normal range.',
      source: 'goldCopd2025',
    },
    {
      key: 'over',
      written: 'over 80',
      interval: '(80, inf)',
      colour: 'green',
      label: 'Over 80% of predicted',
      advice: 'Over 80% of the predicted value is in the normal range.',
      source: 'goldCopd2025',
    },
  ],
});

export const BREATHING_OUTCOMES = {
  normal: defineOutcome({
    key: 'normal',
    written: 'both over 80',
    colour: 'green',
    label: 'Normal',
    advice:
      "Both FEV1 and FEV2 are over 80% of the predicted value, which Vitalia's ranges call normal lung function. The 2022 ERS/ATS standard judges results against each person's lower limit of normal rather than a fixed 80%, so a lung function laboratory may read them differently.",
    source: ['goldCopd2025', 'ersAtsInterpretation2022'],
  }),
  abnormal: defineOutcome({
    key: 'abnormal',
    written: 'both under 80',
    colour: 'red',
    label: 'Abnormal',
    advice:
      'Both values are under 80% of the predicted value, which can be a sign of a lung condition such as asthma or COPD. Show these results to a doctor.',
    source: 'goldCopd2025',
  }),
  borderline: defineOutcome({
    key: 'borderline',
    written: 'anything else (one over and one under, or either exactly 80)',
    colour: 'yellow',
    label: 'Borderline: repeat the test',
    advice:
      'Repeat the test: the values are on both sides of, or exactly at, 80% of the predicted value. If they stay borderline, ask a doctor for a full lung function test.',
    source: 'goldCopd2025',
  }),
} as const satisfies Record<string, Outcome>;

/** GOLD grades an FEV1 under 50% of predicted as severe (grade 3) and under 30% very severe. */
export const SEVERE_FEV1 = 50;
const FEV1_SEVERE =
  'An FEV1 under 50% of the predicted value is a severe result (GOLD grade 3, or 4 under 30%): see a doctor.';

export const BREATHING_INVALID: InvalidAdvice = {
  source: 'goldCopd2025',
  advice:
    'Enter FEV1 and FEV2 as numbers from 1 to 150, each a percentage of the predicted value, for example 92.',
};

/** Rates the pair from where each value sits: 'under', 'at' or 'over' 80 %. */
export function breathingOutcome(first: string | undefined, second: string | undefined): Outcome {
  if (first === 'over' && second === 'over') return BREATHING_OUTCOMES.normal;
  if (first === 'under' && second === 'under') return BREATHING_OUTCOMES.abnormal;
  return BREATHING_OUTCOMES.borderline;
}

const ANSWER_FOR: AnswerFor = { measure: 'breathing', unit: '% of predicted' };

/** Rates the pair as given (numbers or the text typed). */
export function interpretBreathing(fev1: unknown, fev2: unknown): Analysis {
  return rateBreathing(parseValue(fev1), parseValue(fev2));
}

/**
 * FEV1 is the reading's MinTagValue and FEV2 its TagValue, both read at the boundary. The rating
 * does not depend on order.
 */
export function rateBreathing(fev1: ParsedValue, fev2: ParsedValue): Analysis {
  const first = fev1.number;
  const second = fev2.number;
  const rated = (value: number | null) =>
    value === null || !withinLimit(FEV_BANDS, value) ? undefined : bandFor(FEV_BANDS, value)?.key;
  const firstBand = rated(first);
  const secondBand = rated(second);
  const readable = (key: string | undefined) => key !== undefined && key !== INVALID_BAND;
  if (first === null || second === null || !readable(firstBand) || !readable(secondBand)) {
    const typed = [fev1.given, fev2.given];
    const shown = typed.every((text) => text === null)
      ? null
      : `FEV1 ${typed[0] ?? ''}, FEV2 ${typed[1] ?? ''}`;
    return invalidReading(ANSWER_FOR, shown, BREATHING_INVALID);
  }
  const outcome = breathingOutcome(firstBand, secondBand);
  const analysis = analysisFromBand(
    ANSWER_FOR,
    `FEV1 ${formatNumber(first)}, FEV2 ${formatNumber(second)}`,
    outcome,
  );
  return first < SEVERE_FEV1
    ? { ...analysis, advice: `${FEV1_SEVERE} ${analysis.advice}` }
    : analysis;
}

// Urgency (docs/clinical-reference.md, 'Urgency'): a layer over the bands, read by urgency.rules.ts.
export const BREATHING_URGENCY: readonly UrgencyRule[] = [
  {
    measure: 'breathing',
    level: 'now',
    written: 'FEV1 under 30 % of predicted',
    second: ['[0, 30)'],
    label: 'Very low',
    firstAction: `If you are breathless now, use your reliever inhaler (usually blue, salbutamol) if you have one and sit upright. ${CALL_NOW}`,
    emergencySigns:
      'Being too breathless to speak in sentences, blue or grey lips, tongue or gums, confusion or drowsiness mean every minute counts.',
    why: 'GOLD grades an FEV1 under 30 % of predicted as very severe; Vitalia treats it as needing care now, since it cannot tell a stable result from an attack.',
    source: 'goldCopd2025',
  },
  {
    measure: 'breathing',
    level: 'now',
    written: 'FEV1 50 % or less of predicted with asthma or COPD',
    // 50.5 lies between this and 'today' (under 50 without asthma): the more urgent level.
    second: ['[0, 51)'],
    onlyWith: 'asthmaOrCopd',
    label: 'Very low',
    firstAction: `Use your reliever inhaler (usually blue, salbutamol) now as your asthma or COPD plan says, and sit upright. ${CALL_NOW}`,
    emergencySigns:
      'Being too breathless to speak in sentences, a reliever that does not help, blue or grey lips, tongue or gums, confusion or drowsiness mean every minute counts.',
    why: 'GINA counts a lung function of 50 % of predicted or less in an attack as a severe exacerbation.',
    source: 'gina2024',
  },
  {
    measure: 'breathing',
    level: 'today',
    written: 'FEV1 30-49 % of predicted',
    second: ['[0, 50)'],
    firstAction: 'Contact your doctor today about this result, and take the test results with you.',
    emergencySigns:
      'Call the emergency number now, or have someone take you to the nearest hospital emergency unit, if you are too breathless to speak in sentences, your lips, tongue or gums turn blue or grey, or you feel confused or drowsy.',
    why: 'GOLD grades an FEV1 under 50 % of predicted as severe.',
    source: 'goldCopd2025',
  },
];

export const BREATHING_MEASURE = defineMeasure({
  id: 'breathing',
  slug: 'breathing',
  name: message('measure.breathing.name', 'Breathing'),
  unit: '% of predicted',
  // FEV1 is stored as the second value of a FEV2 reading, and can be fetched by its own tag.
  wire: {
    tag: 'FEV2',
    value: READING_LIMITS.fev2,
    second: { minTag: 'FEV1', limit: READING_LIMITS.fev1, fetchable: true },
  },
  freshForDays: 90,
  source: 'goldCopd2025',
  bandTables: [FEV_BANDS],
  urgency: BREATHING_URGENCY,
  ratedDecimals: null,
  rate: (reading) => rateBreathing(reading.second, reading.value),
  form: { kind: 'spirometry' },
  // People read FEV1 first; it is the reading's second value.
  plot: {
    kind: 'pair',
    lines: [
      {
        part: 'second',
        line: 'fev1',
        title: message('measure.breathing.line.fev1', 'FEV1'),
        label: message('measure.breathing.line.fev1', 'FEV1'),
      },
      {
        part: 'value',
        line: 'fev2',
        title: message('measure.breathing.line.fev2', 'FEV2'),
        label: message('measure.breathing.line.fev2', 'FEV2'),
      },
    ],
    followed: 'second',
  },
  prompt: message('measure.breathing.prompt', 'Type FEV1 and FEV2 to see what they mean.'),
  from: message('measure.breathing.from', 'From a spirometry test'),
  // Spirometry: FEV2 and FEV1, each as % of the predicted value. loinc.org/20152-5 is "FEV1
  // measured/predicted" (%). 20150-9 is FEV1 as a volume in litres, which Vitalia does not keep, so
  // it is not used. LOINC has no code for FEV2 % of predicted, so that one and the panel are
  // Vitalia's own codes. No vital-signs profile.
  codes: {
    category: 'procedure',
    profile: null,
    codings: [
      {
        system: 'vitalia',
        code: 'spirometry',
        display: 'Spirometry: FEV1 and FEV2 as % of predicted',
      },
    ],
    unit: null,
    components: {
      value: {
        codings: [
          { system: 'vitalia', code: 'fev2-percent-predicted', display: 'FEV2 measured/predicted' },
        ],
        unit: { code: '%', unit: '%' },
      },
      second: {
        codings: [{ system: 'loinc', code: '20152-5', display: 'FEV1 measured/predicted' }],
        unit: { code: '%', unit: '%' },
      },
    },
  },
  importColumns: [
    {
      role: 'fev2',
      label: message('import.column.fev2', 'Breathing: FEV2 (% of predicted)'),
      part: 'value',
      header: /fev\s*2/i,
    },
    {
      role: 'fev1',
      label: message('import.column.fev1', 'Breathing: FEV1 (% of predicted)'),
      part: 'second',
      header: /fev\s*1/i,
    },
  ],
  articleSlug: 'breathing-and-fev1',
});
