// Urgency (docs/clinical-reference.md, 'Urgency'): a layer over the bands, computed from the numbers
// alone. It can turn a green or yellow result red and never the reverse. `now` means emergency care
// now; `today` means a doctor or clinic today. Where two written ranges leave a gap between
// integers (92 and 93 %), the gap belongs to the more urgent level.
import type { Analysis, Urgency } from './analysis.model.ts';
import { interval, intervalContains, type Interval } from './band.model.ts';
import type { MeasureId } from './measure.catalog.ts';
import { citation, sourceNames, type Sources } from './source.catalog.ts';

/** The numbers of a reading, in the units the bands rate (blood sugar in mg/dL, rounded as rated). */
export interface RatedNumbers {
  readonly value: number | null;
  /** Diastolic for blood pressure, FEV1 for breathing. */
  readonly second: number | null;
  /** The band the reading landed in ('dangerously-low', 'bad-mood'). */
  readonly band: string;
}

export interface UrgencyRule {
  readonly measure: MeasureId;
  readonly level: Urgency;
  /** The threshold as people read it: '92 % or less'. */
  readonly written: string;
  /**
   * When it holds: the value in one of `value`'s intervals, or the second value (diastolic, FEV1)
   * in one of `second`'s, or, for mood, which has no number, the band in `bands`.
   */
  readonly value?: readonly string[];
  readonly second?: readonly string[];
  readonly bands?: readonly string[];
  readonly firstAction: string;
  readonly emergencySigns: string;
  /** One sentence on why, including where a threshold is Vitalia's own. */
  readonly why: string;
  readonly source: Sources;
}

const EMERGENCY_NOW = 'Call the emergency number now.';

export const URGENCY_RULES: readonly UrgencyRule[] = [
  {
    measure: 'oxygen',
    level: 'now',
    written: '92 % or less',
    value: ['[50, 93)'],
    firstAction: 'Call the emergency number now. Sit upright and stay with someone while you wait.',
    emergencySigns:
      'Breathlessness, confusion, drowsiness, or blue lips or face make every minute count.',
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
      'Call the emergency number now if you become breathless, confused or drowsy, your lips or face turn blue, or the reading falls to 92 % or less.',
    why: 'NHS home oximetry advice is to seek medical advice the same day at 93-94 %. If your doctor set you a lower target (for example with COPD), follow your own plan.',
    source: ['nhsOximetry', 'fdaOximeter'],
  },
  {
    measure: 'sugar',
    level: 'now',
    written: 'under 54 mg/dL (3.0 mmol/L)',
    value: ['[0, 54)'],
    firstAction:
      'Take 15 g of fast-acting sugar now (a small glass of fruit juice or 4-5 glucose tablets) if you can swallow safely, and check again after 15 minutes.',
    emergencySigns:
      'If the person is confused, very drowsy, having a fit or cannot swallow safely, give nothing by mouth and call the emergency number now; use a glucagon kit if one was prescribed.',
    why: 'Under 54 mg/dL is level 2 hypoglycaemia, which needs action at once.',
    source: ['adaGlycaemicTargets', 'nhsLowSugar'],
  },
  {
    measure: 'sugar',
    level: 'now',
    written: '300 mg/dL (16.7 mmol/L) or more',
    // 299.5 (16.65 mmol/L) lies between 'today' (250-299) and 'now' (300): the more urgent level.
    value: ['(299, inf)'],
    firstAction:
      'Contact your doctor or diabetes team now, or call the emergency number if you cannot reach them. Drink water and check for ketones if you have strips for them.',
    emergencySigns:
      'Call the emergency number at once if you are vomiting, very drowsy or confused, breathing fast or deeply, or have tummy pain.',
    why: "Sugar this high can lead to diabetic ketoacidosis or a hyperosmolar state; 300 mg/dL as the point for urgent care is Vitalia's own threshold.",
    source: 'nhsHighSugar',
  },
  {
    measure: 'sugar',
    level: 'today',
    written: '54-69 mg/dL (3.0-3.8 mmol/L)',
    value: ['[54, 70)'],
    firstAction:
      'Treat it now: take 15 g of fast-acting sugar, check again after 15 minutes and repeat until it is 70 mg/dL (3.9 mmol/L) or more, then eat. Tell your doctor or diabetes team today.',
    emergencySigns:
      'Call the emergency number if the person becomes confused or very drowsy, has a fit, or cannot swallow safely.',
    why: 'Under 70 mg/dL is level 1 hypoglycaemia.',
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
      'Call the emergency number if you are vomiting, very drowsy or confused, or breathing fast or deeply.',
    why: "Contacting a doctor the same day from 250 mg/dL is Vitalia's own threshold, set to be safe.",
    source: 'nhsHighSugar',
  },
  {
    measure: 'bloodPressure',
    level: 'now',
    written:
      'dangerously low: systolic 50 or less, or diastolic 33 or less, whatever the other number',
    value: ['(-inf, 50]'],
    second: ['(-inf, 33]'],
    firstAction: `Lie down with your legs raised. ${EMERGENCY_NOW}`,
    emergencySigns:
      'Feeling faint, confused, cold and clammy, or breathing fast are signs that not enough blood is reaching the organs.',
    why: 'Blood pressure this low may not keep the brain and organs supplied.',
    source: 'nhsLowBloodPressure',
  },
  {
    measure: 'bloodPressure',
    level: 'today',
    written: '180/120 or more (either number)',
    value: ['[180, inf)'],
    second: ['[120, inf)'],
    firstAction:
      'Sit quietly for 5 minutes and measure again. If it is still 180/120 or more, contact your doctor today.',
    emergencySigns:
      'Call the emergency number now if you have chest pain, shortness of breath, back pain, numbness or weakness, a change in vision or difficulty speaking.',
    why: 'The 2017 ACC/AHA guideline calls over 180/120 a hypertensive crisis.',
    source: 'accAha2017',
  },
  {
    measure: 'bloodPressure',
    level: 'today',
    written: 'very low: systolic 61 or less, or diastolic 41 or less, whatever the other number',
    value: ['(-inf, 61]'],
    second: ['(-inf, 41]'],
    firstAction:
      'Sit or lie down, drink some water and measure again; if it is still this low, contact a doctor today.',
    emergencySigns:
      'Call the emergency number if you faint, or feel confused, cold and clammy, or breathe fast.',
    why: 'The NHS counts under 90/60 as low; this is far lower.',
    source: 'nhsLowBloodPressure',
  },
  {
    measure: 'pulse',
    level: 'now',
    written: 'under 40 or over 150 bpm at rest',
    value: ['[0, 40)', '(150, inf)'],
    firstAction: `Sit or lie down. ${EMERGENCY_NOW} If you have just exercised, say so when you call.`,
    emergencySigns:
      'Fainting, dizziness, breathlessness, chest pain or confusion mean the heart is not coping.',
    why: "A resting pulse under 40 or over 150 needs urgent care; these thresholds are Vitalia's own, set to be safe.",
    source: 'ahaHeartRate',
  },
  {
    measure: 'pulse',
    level: 'today',
    written: '121-150 bpm at rest',
    value: ['(120, 150]'],
    firstAction:
      'Sit quietly for 5 minutes and measure again; if your resting pulse is still over 120, contact a doctor today.',
    emergencySigns:
      'Call the emergency number now if you feel faint, breathless or dizzy, or have chest pain or a pounding heart that does not settle.',
    why: "AHA calls a resting pulse over 100 fast; contacting a doctor the same day from 121 is Vitalia's own threshold.",
    source: 'ahaHeartRate',
  },
  {
    measure: 'temperature',
    level: 'now',
    written: 'under 35.0 °C',
    value: ['(-inf, 35)'],
    firstAction: `${EMERGENCY_NOW} Move somewhere warm, take off wet clothes and wrap up in dry blankets.`,
    emergencySigns:
      'Shivering that stops, confusion, slow breathing or drowsiness mean it is getting worse.',
    why: 'The NHS calls a body temperature under 35 °C hypothermia, a medical emergency.',
    source: 'nhsHypothermia',
  },
  {
    measure: 'temperature',
    level: 'today',
    written: '40.0 °C or more',
    value: ['[40, inf)'],
    firstAction:
      'Contact a doctor or urgent care service today. Take paracetamol or ibuprofen if you can, drink fluids and measure again within an hour.',
    emergencySigns:
      'Call the emergency number now if you have a stiff neck, a rash that does not fade when a glass is pressed on it, difficulty breathing, a fit, or are confused or very drowsy.',
    why: "The NHS counts 38 °C or more as a fever; contacting a doctor the same day from 40 °C is Vitalia's own threshold.",
    source: 'nhsFever',
  },
  {
    measure: 'bmi',
    level: 'today',
    written: 'under 16',
    value: ['[0, 16)'],
    firstAction:
      'Check the weight and height it was worked out from. If they are right, contact a doctor today.',
    emergencySigns:
      'Call the emergency number if you faint, have chest pain or a racing heart, or are too weak to stand.',
    why: 'WHO calls a BMI under 16 severe thinness.',
    source: 'whoThinness',
  },
  {
    measure: 'breathing',
    level: 'today',
    written: 'FEV1 under 50 % of predicted',
    second: ['[0, 50)'],
    firstAction: 'Contact your doctor today about this result, and take the test results with you.',
    emergencySigns:
      'Call the emergency number if you are too breathless to speak in sentences, your lips turn blue, or you feel confused or drowsy.',
    why: 'GOLD grades an FEV1 under 50 % of predicted as severe.',
    source: 'goldCopd2025',
  },
  {
    measure: 'cholesterol',
    level: 'today',
    written: '310 mg/dL (8.0 mmol/L) or more',
    value: ['[310, inf)'],
    firstAction:
      'Contact a doctor today to arrange a full lipid profile; it may be an inherited condition that is treatable.',
    emergencySigns:
      'Call the emergency number if you have chest pain, or sudden weakness or numbness on one side, a drooping face or difficulty speaking.',
    why: "NICE suggests considering familial hypercholesterolaemia from 7.5 mmol/L; asking for contact the same day from 310 mg/dL is Vitalia's own threshold.",
    source: ['atp3', 'niceFh'],
  },
  {
    measure: 'mood',
    level: 'now',
    written: 'Very Sad',
    bands: ['bad-mood'],
    firstAction:
      'If you have thoughts of harming yourself or ending your life, call the emergency number or a crisis line now, or ask someone to stay with you. If not, talk to someone you trust today, and to your doctor or a therapist.',
    emergencySigns:
      'Thoughts of harming yourself or ending your life, or feeling you cannot keep yourself safe, need help now.',
    why: 'The NHS advises getting help at once when someone may act on thoughts of harming themselves.',
    source: ['nhsUrgentMentalHealth', 'nhsDepression'],
  },
];

interface CompiledRule extends UrgencyRule {
  readonly valueEdges: readonly Interval[];
  readonly secondEdges: readonly Interval[];
}

const COMPILED: readonly CompiledRule[] = URGENCY_RULES.map((rule) => ({
  ...rule,
  valueEdges: (rule.value ?? []).map(interval),
  secondEdges: (rule.second ?? []).map(interval),
}));

function within(value: number | null, edges: readonly Interval[]): boolean {
  return value !== null && edges.some((edge) => intervalContains(edge, value));
}

// Either number is enough, whatever band the reading landed in: 150/30 rates 'High' (the high
// rules come first) and is still dangerously low underneath.
function holds(rule: CompiledRule, numbers: RatedNumbers): boolean {
  if (rule.bands?.includes(numbers.band)) return true;
  return within(numbers.value, rule.valueEdges) || within(numbers.second, rule.secondEdges);
}

/** The most urgent rule that holds for this measure's reading; `now` before `today`. */
export function urgencyRuleFor(measure: MeasureId, numbers: RatedNumbers): UrgencyRule | undefined {
  const holding = COMPILED.filter((rule) => rule.measure === measure && holds(rule, numbers));
  return holding.find((rule) => rule.level === 'now') ?? holding[0];
}

/**
 * The result with the urgency layer applied: an urgent result is red and earns no point. Its advice
 * is the rule's alone (what to do first, the signs of an emergency, why), so that nothing written
 * for a calmer reading ('see a doctor if it stays high') can sit beside it.
 */
export function withUrgency(analysis: Analysis, rule: UrgencyRule | undefined): Analysis {
  if (rule === undefined) return analysis;
  return {
    ...analysis,
    colour: 'red',
    ok: 0,
    urgency: rule.level,
    firstAction: rule.firstAction,
    emergencySigns: rule.emergencySigns,
    advice: `${rule.firstAction} ${rule.emergencySigns} ${rule.why} ${citation(rule.source)}`,
    source: sourceNames(rule.source),
  };
}
