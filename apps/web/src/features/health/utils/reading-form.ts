// The add/correct reading form: what people type (units they choose, a weight instead of a BMI,
// two switches for blood sugar) turned into the request the server takes, checked by the
// contract's own rules so the form refuses what the server would, in the same words. A blood sugar
// is sent as typed with its unit (the server rates mmol/L by ADA's published pairs, see
// docs/clinical-reference.md), and a BMI from a weight keeps every digit: a rounding here could
// move a reading across an edge (18.498 is underweight, 18.5 is not).
import dayjs, { type Dayjs } from 'dayjs';
import {
  healthReadingRequest,
  MEASURE_TAGS,
  normaliseReading,
  readingNoteLimit,
  readingProblems,
  tagRuleOf,
  type HealthReading,
  type HealthReadingRequest,
  type NormalisedReading,
  type ReadingProblem,
} from '@vitalia/api/records.contract';
import { pulseBesidePressure } from '@vitalia/api/pressure-pulse';
import type { WireReading } from '@vitalia/health/analysis';
import {
  limitMessage,
  READING_LIMITS,
  type ReadingLimit,
} from '@vitalia/health/measurement-limits.catalog';
import { z } from '@vitalia/api/zod';
import type { MeasureId } from '@vitalia/health/measure.catalog';
import type { Condition } from '@vitalia/health/conditions';
import { formatNumber, parseReading, roundTo } from '@vitalia/health/reading.parse';
import {
  narrationFromSugarContext,
  sugarContextFromNarration,
} from '@vitalia/health/sugar.measure';
import {
  glucoseMmolForRating,
  isSugarUnit,
  sugarUnitDoubt,
  type SugarUnit,
  type SugarUnitDoubt,
} from '@vitalia/health/sugar.units';
import { bmiFromWeight } from '@vitalia/health/units.convert';
import {
  displayNumber,
  isAlternativeUnit,
  toCanonicalUnit,
  unitChoiceOf,
  type DisplayUnit,
} from '../../../readings/format/display-units';

export type BmiSource = 'weight' | 'bmi';

/** Every field any measure's form has; each measure shows the ones it needs. */
export interface ReadingFormValues {
  /** The one number of oxygen, sugar, BMI (typed directly), pulse, temperature, cholesterol. */
  value: string;
  systolic: string;
  diastolic: string;
  fev1: string;
  fev2: string;
  /** Kilograms, for a BMI worked out from the profile's height. */
  weight: string;
  bmiSource: BmiSource;
  mood: string;
  /** The unit `value` is typed in, for measures with a choice; null otherwise. */
  unit: DisplayUnit | null;
  hadDiabetics: boolean;
  hadMeal: boolean;
  takenAt: Dayjs | null;
  /** The person's own note on the reading; optional. */
  note: string;
  /** The pulse a blood pressure monitor showed; optional, new pressure readings only. */
  pulse: string;
}

export type ReadingFieldName =
  | 'value'
  | 'systolic'
  | 'diastolic'
  | 'fev1'
  | 'fev2'
  | 'weight'
  | 'mood'
  | 'takenAt'
  | 'note'
  | 'pulse';

/** The fields a reading needs, as opposed to when it was taken, a note or a pulse beside it. */
type TypedField = Exclude<ReadingFieldName, 'takenAt' | 'note' | 'pulse'>;

export interface ReadingFormContext {
  measure: MeasureId;
  /** The profile's height, which lets a weight become a BMI; null without one. */
  heightMM: number | null;
  /** The reading being corrected; null when recording a new one. */
  original: HealthReading | null;
  /** The time the form opened with: left as it was, the request leaves TakenAt out. */
  initialTakenAt: Dayjs | null;
  /**
   * The person's saved answers about health (the assessment); a sugar that is not a diabetic's
   * says so when the person told us they have diabetes, since the server rates an unmarked one
   * as theirs.
   */
  conditions?: Partial<Record<Condition, boolean | null>> | null;
}

export interface FieldProblem {
  field: ReadingFieldName;
  message: string;
}

export interface ReadingDraft {
  /** The request as typed; valid only when `problems` is empty. */
  request: HealthReadingRequest;
  problems: FieldProblem[];
  /** Every field the measure needs holds something, so the reading can be rated. */
  complete: boolean;
}

const blank = (text: string) => text.trim() === '';

/** The unit a blood sugar is typed in; mg/dL, the canonical unit, unless mmol/L is chosen. */
function sugarUnitOf(values: Pick<ReadingFormValues, 'unit'>): SugarUnit {
  return isSugarUnit(values.unit) ? values.unit : 'mg/dL';
}

/** A typed number as the request carries it; unreadable text is passed on for the rules to refuse. */
function typedNumber(text: string): number | string {
  const number = parseReading(text.trim().replace(',', '.'));
  return number ?? text.trim();
}

function fieldsOf(measure: MeasureId, values: ReadingFormValues): TypedField[] {
  switch (measure) {
    case 'bloodPressure':
      return ['systolic', 'diastolic'];
    case 'breathing':
      return ['fev1', 'fev2'];
    case 'mood':
      return ['mood'];
    case 'bmi':
      return [values.bmiSource === 'weight' ? 'weight' : 'value'];
    default:
      return ['value'];
  }
}

/** The form field a wire field of the request is typed in. */
export function formFieldOf(
  measure: MeasureId,
  wireField: string,
  values: ReadingFormValues,
): ReadingFieldName | null {
  if (wireField === 'TakenAt') return 'takenAt';
  if (wireField === 'Note') return 'note';
  if (wireField === 'Pulse') return 'pulse';
  if (wireField === 'Weight') return 'weight';
  if (wireField === 'MinTagValue') {
    if (measure === 'bloodPressure') return 'diastolic';
    if (measure === 'breathing') return 'fev1';
    return null;
  }
  if (wireField !== 'TagValue') return null;
  if (measure === 'bloodPressure') return 'systolic';
  if (measure === 'breathing') return 'fev2';
  return fieldsOf(measure, values)[0] ?? null;
}

function rangeIn(limit: ReadingLimit, unit: string, convert: (n: number) => number | null) {
  // Rounded inwards, so every number the message allows is one the server takes.
  const low = Math.ceil((convert(limit.min) ?? limit.min) * 10) / 10;
  const high = Math.floor((convert(limit.max) ?? limit.max) * 10) / 10;
  return `${limit.name} must be a number between ${formatNumber(low)} and ${formatNumber(high)} ${unit}`;
}

/**
 * The contract's message, reworded only where the person typed something other than what the
 * server is sent: a value in mmol/L or °F gets its limits in that unit; a weight gets the weights
 * that give a BMI inside the limits at the person's height.
 */
function formMessage(
  problem: ReadingProblem,
  field: ReadingFieldName,
  values: ReadingFormValues,
  context: ReadingFormContext,
): string {
  const { measure } = context;
  if (field === 'value' && measure === 'sugar') {
    // Sent in the unit typed, so the contract's limit is already in it. Its hint is for other
    // programs ('send Unit'); the form asks 'Did you mean ...?' instead (sugarDoubtOf).
    const limit = values.unit === 'mmol/L' ? READING_LIMITS.sugarMmol : READING_LIMITS.sugar;
    return problem.field === 'TagValue'
      ? limitMessage({ ...limit, hint: undefined })
      : problem.message;
  }
  if (field === 'value' && isAlternativeUnit(measure, values.unit)) {
    const choice = unitChoiceOf(measure);
    const limit = tagRuleOf(MEASURE_TAGS[measure]).value;
    if (choice && limit !== 'word') {
      return rangeIn(limit, choice.alternative, (n) => choice.toAlternative(n, null));
    }
  }
  if (field === 'weight' && context.heightMM) {
    const metres = context.heightMM / 1000;
    const bmi = READING_LIMITS.bmi;
    const low = Math.ceil(bmi.min * metres * metres * 10) / 10;
    const high = Math.floor(bmi.max * metres * metres * 10) / 10;
    return `weight must be a number between ${formatNumber(low)} and ${formatNumber(high)} kg at your height (a BMI of ${bmi.min} to ${bmi.max} ${bmi.unit})`;
  }
  // The contract adds a hint for other programs on which wire field holds which pressure.
  return problem.message.replace(/ \(for \d+\/\d+ send .*\)$/, '');
}

function sugarNarration(
  original: string | null,
  values: ReadingFormValues,
  context: ReadingFormContext,
): string {
  // Other apps may have written more than the two words; that text is kept.
  const rest = (original ?? '')
    .replace(/(not)?had(diabetics|meal)\S*/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const words = narrationFromSugarContext(
    { hadDiabetics: values.hadDiabetics, hadMeal: values.hadMeal },
    context.conditions?.diabetes === true,
  );
  return [rest, words].filter(Boolean).join(' ');
}

function primaryValue(values: ReadingFormValues, context: ReadingFormContext): number | string {
  const { measure } = context;
  switch (measure) {
    case 'mood':
      return values.mood;
    case 'bloodPressure':
      return typedNumber(values.systolic);
    case 'breathing':
      return typedNumber(values.fev2);
    case 'bmi': {
      if (values.bmiSource !== 'weight') return typedNumber(values.value);
      // Every digit: the interpreter rates it unrounded and shows it cut, never rounded.
      const bmi = bmiFromWeight(typedNumber(values.weight), context.heightMM, null);
      return bmi ?? values.weight.trim();
    }
    case 'sugar':
      // As typed, in the unit typed: the server rates mmol/L by ADA's pairs.
      return typedNumber(values.value);
    default: {
      const typed = typedNumber(values.value);
      if (typeof typed === 'string') return typed;
      return toCanonicalUnit(measure, typed, values.unit) ?? values.value.trim();
    }
  }
}

function secondValue(values: ReadingFormValues, measure: MeasureId): number | string {
  if (measure === 'bloodPressure') return typedNumber(values.diastolic);
  if (measure === 'breathing') return typedNumber(values.fev1);
  return '';
}

const takenAtRule = healthReadingRequest.shape.TakenAt;

function takenAtOf(
  values: ReadingFormValues,
  context: ReadingFormContext,
): { iso: string | undefined; problem: string | null } {
  const { takenAt } = values;
  if (takenAt === null) return { iso: undefined, problem: null };
  if (!takenAt.isValid()) {
    return { iso: undefined, problem: 'must be a whole date and time, such as 31/01/2026 08:30' };
  }
  const unchanged =
    context.initialTakenAt !== null && takenAt.isSame(context.initialTakenAt, 'minute');
  if (unchanged) return { iso: undefined, problem: null };
  const iso = takenAt.toISOString();
  const checked = takenAtRule.safeParse(iso);
  return {
    iso,
    problem: checked.success ? null : (checked.error.issues[0]?.message ?? 'is not valid'),
  };
}

export function draftReading(values: ReadingFormValues, context: ReadingFormContext): ReadingDraft {
  const { measure, original } = context;
  const tag = MEASURE_TAGS[measure];
  const rule = tagRuleOf(tag);
  const takenAt = takenAtOf(values, context);
  const request: HealthReadingRequest = {
    Tag: tag,
    TagValue: primaryValue(values, context),
    DirectFromDevice: original?.directFromDevice ?? false,
    MinTagValue: rule.second ? secondValue(values, measure) : '',
    MinTag: rule.second ? rule.second.minTag : '',
    Narration:
      measure === 'sugar'
        ? sugarNarration(original?.narration ?? null, values, context)
        : (original?.narration ?? ''),
    Device: original?.device ?? '',
    Report: original?.report ?? '',
    Note: values.note.trim(),
    // A BMI worked out from a weight keeps the weight, so weight can be followed too.
    ...(measure === 'bmi' && values.bmiSource === 'weight' && !blank(values.weight)
      ? { Weight: typedNumber(values.weight) }
      : {}),
    ...(measure === 'bloodPressure' && !original && !blank(values.pulse)
      ? { Pulse: typedNumber(values.pulse) }
      : {}),
    ...(measure === 'sugar' ? { Unit: sugarUnitOf(values) } : {}),
    ...(takenAt.iso ? { TakenAt: takenAt.iso } : {}),
  };

  const problems: FieldProblem[] = [];
  for (const problem of readingProblems(request)) {
    const field = formFieldOf(measure, problem.field, values);
    if (field && !problems.some((known) => known.field === field)) {
      problems.push({ field, message: formMessage(problem, field, values, context) });
    }
  }
  if (takenAt.problem) problems.push({ field: 'takenAt', message: takenAt.problem });
  if (values.note.trim().length > readingNoteLimit) {
    problems.push({
      field: 'note',
      message: `note must be at most ${readingNoteLimit} characters; this one has ${values.note.trim().length}`,
    });
  }

  const complete = fieldsOf(measure, values).every((field) => !blank(values[field]));
  return { request, problems, complete };
}

/**
 * The form's resolver schema: a valid form parses into the request; each problem is an issue on
 * its field, worded as the server would word it.
 */
export function readingFormSchema(context: ReadingFormContext) {
  return z.custom<ReadingFormValues>().transform((values, ctx) => {
    const draft = draftReading(values, context);
    for (const problem of draft.problems) {
      ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    }
    return draft.request;
  });
}

/** The form for a new reading, or filled in from the reading being corrected. */
export function readingFormValues(
  measure: MeasureId,
  original: HealthReading | null,
  options: { unit: DisplayUnit | null; heightMM: number | null; now?: Dayjs; diabetic?: boolean },
): ReadingFormValues {
  const choice = unitChoiceOf(measure);
  const base: ReadingFormValues = {
    value: '',
    systolic: '',
    diastolic: '',
    fev1: '',
    fev2: '',
    weight: '',
    bmiSource: options.heightMM ? 'weight' : 'bmi',
    mood: '',
    unit: choice ? (options.unit ?? choice.canonical) : null,
    // What the person told us is the switch's starting point; the reading can still say otherwise.
    hadDiabetics: options.diabetic ?? false,
    hadMeal: false,
    takenAt: options.now ?? dayjs(),
    note: '',
    pulse: '',
  };
  if (original === null) return base;

  const context = sugarContextFromNarration(original.narration, options.diabetic ?? false);
  // A correction opens in the unit the reading is stored in, so saving it unchanged cannot move
  // the value by a rounding step; a blood sugar typed in mmol/L is stored as typed too.
  const typedInMmol =
    measure === 'sugar' && original.enteredUnit === 'mmol/L' && original.enteredValue !== null;
  return {
    ...base,
    unit: typedInMmol ? 'mmol/L' : choice ? choice.canonical : null,
    bmiSource: 'bmi',
    value:
      measure === 'mood' ? '' : typedInMmol ? (original.enteredValue ?? '') : original.tagValue,
    systolic: measure === 'bloodPressure' ? original.tagValue : '',
    diastolic: measure === 'bloodPressure' ? (original.minTagValue ?? '') : '',
    fev2: measure === 'breathing' ? original.tagValue : '',
    fev1: measure === 'breathing' ? (original.minTagValue ?? '') : '',
    mood: measure === 'mood' ? original.tagValue : '',
    hadDiabetics: context.hadDiabetics,
    hadMeal: context.hadMeal,
    takenAt: dayjs(original.takenAt),
    note: original.note ?? '',
  };
}

/** The typed value in the other unit, when the unit toggle changes; unreadable text stays. */
export function convertTypedValue(
  measure: MeasureId,
  typed: string,
  from: DisplayUnit | null,
  to: DisplayUnit,
): string {
  const number = parseReading(typed.trim().replace(',', '.'));
  if (number === null) return typed;
  if (measure === 'sugar' && from === 'mmol/L') {
    // The value the server would rate it as (4.4 mmol/L is 80 mg/dL), not the molar 79.
    const mgdl = glucoseMmolForRating(number);
    return mgdl === null ? typed : displayNumber(measure, roundTo(mgdl, 0), to);
  }
  const canonical = toCanonicalUnit(measure, number, from);
  if (canonical === null) return typed;
  return displayNumber(measure, canonical, to);
}

/**
 * 'Did you mean 15 mmol/L?' for a blood sugar whose number reads as the other unit (under 40 in
 * mg/dL, over 40 in mmol/L); null for other measures and for numbers that fit their unit.
 */
export function sugarDoubtOf(
  measure: MeasureId,
  values: Pick<ReadingFormValues, 'value' | 'unit'>,
): SugarUnitDoubt | null {
  if (measure !== 'sugar') return null;
  const number = parseReading(values.value.trim().replace(',', '.'));
  return number === null ? null : sugarUnitDoubt(number, sugarUnitOf(values));
}

/** A stored reading as the interpreter reads it, taken at the form's time. */
function wireReadingOf(stored: NormalisedReading, takenAt: Date): WireReading {
  return {
    tagValue: stored.tagValue,
    minTagValue: stored.minTagValue,
    narration: stored.narration,
    enteredValue: stored.enteredValue,
    enteredUnit: stored.enteredUnit,
    takenAt,
  };
}

/**
 * The reading as the server will store it, for the preview to rate: the contract's own
 * normalisation of a valid request (a blood sugar in mmol/L carries what was typed), taken at the
 * form's time, so a pulse is rated for the person's age on that day.
 */
export function previewReading(request: HealthReadingRequest, takenAt: Date): WireReading {
  return wireReadingOf(normaliseReading(request), takenAt);
}

/**
 * Every reading a valid request will store, each with the measure that rates it: the reading
 * itself, and with a blood pressure the pulse its monitor showed, stored as a reading of its own
 * (`pulseBesidePressure`). The preview rates both, so a pulse of 35 typed beside a normal
 * pressure is not seen as fine before saving.
 */
export function previewReadings(
  measure: MeasureId,
  request: HealthReadingRequest,
  takenAt: Date,
): { measure: MeasureId; reading: WireReading }[] {
  const pulse = pulseBesidePressure(request);
  return [
    { measure, reading: previewReading(request, takenAt) },
    ...(pulse ? [{ measure: 'pulse' as const, reading: wireReadingOf(pulse, takenAt) }] : []),
  ];
}
