// The whole analysis: every measure's newest reading rated with its urgency, the count of measures
// in range (forScaleOk), how many have a reading, whether the profile holds what pulse and BMI need
// (profileOk) and the notes said under the results (docs/clinical-reference.md).
import { calendarText } from './age.calendar.ts';
import type { Condition } from './conditions.ts';
import {
  INVALID_BAND,
  MISSING_BAND,
  missingReading,
  urgencyRank,
  type Analysis,
} from './analysis.model.ts';
import { MEASURE_IDS, MEASURES, type Measure, type MeasureId } from './measure.catalog.ts';
import { ageNote, GENERAL_NOTE, GENERAL_NOTE_IN_PREGNANCY } from './reading.notes.ts';
import { roundTo } from './reading.parse.ts';
import {
  instant,
  parseProfile,
  parseWireReading,
  type ParsedProfile,
  type ParsedReading,
} from './reading.typed.ts';
import type { SourceId } from './source.catalog.ts';
import { readTogetherParsed, type Together } from './together.rules.ts';
import {
  urgencyRuleFor,
  withUrgency,
  type RatedNumbers,
  type UrgencyRule,
} from './urgency.rules.ts';

/** A reading as the wire answers it (GET /records/health?tag=…). */
export interface WireReading {
  /** The value in its canonical unit; systolic for blood pressure, FEV2 for breathing. */
  readonly tagValue: string;
  /** Diastolic for blood pressure, FEV1 for breathing. */
  readonly minTagValue?: string | null;
  /** For blood sugar: contains HadDiabetics and/or HadMeal. */
  readonly narration?: string | null;
  /** When the reading was taken; pulse counts age on this day, and the score its age. */
  readonly takenAt: Date | string;
  /** Blood sugar typed in mmol/L keeps what was typed here; it is rated from it. */
  readonly enteredValue?: string | null;
  readonly enteredUnit?: string | null;
}

export interface HealthProfile {
  readonly dob?: string | Date | null;
  readonly gender?: string | null;
  readonly heightMM?: number | string | null;
  /** The assessment's optional answers (conditions.ts); true for yes, anything else is no answer. */
  readonly conditions?: Partial<Record<Condition, boolean | null>> | null;
}

/** The newest reading of each measure; a measure without one is left out or null. */
export type NewestReadings = Partial<Record<MeasureId, WireReading | null>>;

export interface AnalysisInput {
  readonly readings?: NewestReadings | null;
  readonly profile?: HealthProfile | null;
  /** The moment the analysis is for; now when left out. Ages and old readings count from it. */
  readonly now?: Date | string | null;
  /**
   * The measures the person chose to follow on My Health: followed, and counted in the score, even
   * without a recent reading (docs/clinical-reference.md, 'The score'). Unknown ids are ignored.
   */
  readonly chosen?: readonly string[] | null;
}

export interface AnalysisNotes {
  /** Shown under every set of results. */
  readonly general: string;
  /** Set for a person under 18: adult ranges do not apply. */
  readonly age: string | null;
}

export interface AnalysisReport {
  readonly measures: Readonly<Record<MeasureId, Analysis>>;
  /** How many of the measures are green and not old: 0 to MEASURE_COUNT (the sum of the OK flags). */
  readonly forScaleOk: number;
  /** How many of the measures have a reading at all. */
  readonly recorded: number;
  /**
   * The measures the person follows: those whose newest reading is recent enough to count (90
   * days, BMI a year), and those they chose. The score is 'In range: forScaleOk of followed'
   * (docs/clinical-reference.md, 'The score').
   */
  readonly followed: MeasureId[];
  /** The measures the person chose to follow, in the catalogue's order. */
  readonly chosen: MeasureId[];
  /** 1 when date of birth, gender and height are all present. */
  readonly profileOk: 0 | 1;
  /** The newest readings read together (together.rules.ts); it can only raise concern. */
  readonly together: Together;
  readonly notes: AnalysisNotes;
}

/** The references cited for a measure with no reading yet. */
export const MEASURE_SOURCES = Object.fromEntries(
  MEASURE_IDS.map((id) => [id, MEASURES[id].source]),
) as Readonly<Record<MeasureId, SourceId>>;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * After how many days a reading is 'old': it is marked, earns no point and is asked to be taken
 * again (docs/clinical-reference.md, 'The score'); each measure's definition says.
 */
export const FRESH_FOR_DAYS = Object.fromEntries(
  MEASURE_IDS.map((id) => [id, MEASURES[id].freshForDays]),
) as Readonly<Record<MeasureId, number>>;

// The wire's shapes are trusted by type but not at run time: the input, a reading and a profile
// are read once here (reading.typed.ts) and only their typed form goes further.
function fieldsOf(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

/** True when the reading was taken longer ago than the measure stays fresh. */
export function isOldReading(measure: MeasureId, takenAt: unknown, now: Date | string): boolean {
  return isOld(measure, instant(takenAt), instant(now));
}

function isOld(measure: MeasureId, taken: number | null, at: number | null): boolean {
  if (taken === null || at === null) return false;
  return at - taken > FRESH_FOR_DAYS[measure] * DAY_MS;
}

/** The numbers the urgency layer reads, in the units and rounding the bands rate. */
function ratedNumbers(
  measure: Measure,
  reading: ParsedReading,
  profile: ParsedProfile,
  analysis: Analysis,
): RatedNumbers {
  const value = measure.urgencyValue?.(reading) ?? reading.value.number;
  const decimals = measure.ratedDecimals;
  return {
    value: value === null || decimals === null ? value : roundTo(value, decimals),
    second: reading.second.number,
    band: analysis.band,
    conditions: profile.conditions,
  };
}

/**
 * The urgency rule a reading meets. A measure rated rounded (a pulse, a temperature) must not be
 * taken out of its urgency by the rounding: 39.6 bpm is under 40 and 150.4 is over 150, though
 * they round to 40 and 150. So it is read as typed too, and the more urgent answer stands
 * (docs/clinical-reference.md, 'Urgency'); it can only raise a level.
 */
function urgencyRule(
  measure: Measure,
  reading: ParsedReading,
  profile: ParsedProfile,
  answer: Analysis,
): UrgencyRule | undefined {
  const rated = ratedNumbers(measure, reading, profile, answer);
  const rule = urgencyRuleFor(measure.urgency, rated);
  if (measure.ratedDecimals === null) return rule;
  const typed = urgencyRuleFor(measure.urgency, {
    ...rated,
    value: measure.urgencyValue?.(reading) ?? reading.value.number,
  });
  return urgencyRank(typed?.level) > urgencyRank(rule?.level) ? typed : rule;
}

/** The band's answer before the urgency layer (exported for the property that it never lowers). */
export function bandAnswer(
  measure: MeasureId,
  reading: unknown,
  profile: HealthProfile | null | undefined,
): Analysis {
  const parsed = parseWireReading(reading);
  const definition = MEASURES[measure];
  return parsed === null
    ? missingReading({ ...definition, measure }, definition.source)
    : definition.rate(parsed, parseProfile(profile));
}

/**
 * Rates one measure's reading; grey when there is none. The urgency layer runs over the band's
 * answer (an invalid reading has no urgency: it is asked to be typed again), and a reading older
 * than the measure stays fresh is marked old and earns no point.
 */
export function analyseReading(
  measure: MeasureId,
  reading: WireReading | null | undefined,
  profile?: HealthProfile | null,
  now: Date | string = new Date(),
): Analysis {
  return analyseParsed(measure, parseWireReading(reading), parseProfile(profile), instant(now));
}

/** As analyseReading, for a reading and profile already parsed (reading.typed.ts). */
export function analyseParsed(
  measure: MeasureId,
  reading: ParsedReading | null,
  profile: ParsedProfile,
  now: number | null,
): Analysis {
  const definition = MEASURES[measure];
  if (reading === null) {
    return missingReading({ ...definition, measure }, definition.source);
  }
  const answer = definition.rate(reading, profile);
  if (answer.band === INVALID_BAND) return answer;
  const rule = urgencyRule(definition, reading, profile, answer);
  const urgent = withUrgency(answer, rule);
  // The urgency layer writes its own advice; a measure may touch it up (a pulse quotes its value).
  const rated =
    rule !== undefined && definition.afterUrgency ? definition.afterUrgency(urgent) : urgent;
  const old = isOld(measure, reading.takenAt, now);
  return old ? { ...rated, old, ok: 0 } : rated;
}

/** The known measure ids among `ids`, once each, in the catalogue's order. */
export function chosenMeasures(ids: unknown): MeasureId[] {
  if (!Array.isArray(ids)) return [];
  const given: unknown[] = ids;
  return MEASURE_IDS.filter((measure) => given.includes(measure));
}

/**
 * The measures the person follows, in the catalogue's order: those with a reading recent enough
 * to count, and those they chose to follow (counted even before their first reading, so a chosen
 * measure never read is one the score asks for).
 */
export function followedMeasures(
  measures: Readonly<Record<MeasureId, Pick<Analysis, 'band' | 'old'>>>,
  chosen: readonly MeasureId[] = [],
): MeasureId[] {
  return MEASURE_IDS.filter(
    (measure) =>
      chosen.includes(measure) ||
      (measures[measure].band !== MISSING_BAND && !measures[measure].old),
  );
}

/** 1 when the profile has a real date of birth, a gender and a positive height. */
export function profileOk(profile: HealthProfile | null | undefined): 0 | 1 {
  return profileComplete(parseProfile(profile));
}

function profileComplete(person: ParsedProfile): 0 | 1 {
  const height = person.heightMM;
  return person.dob !== null && person.gender !== null && height !== null && height > 0 ? 1 : 0;
}

export function analyse(input: AnalysisInput | null | undefined): AnalysisReport {
  const given = fieldsOf(input);
  const readings = fieldsOf(given?.readings);
  const profile = parseProfile(given?.profile);
  const now = calendarText(given?.now) ?? new Date();
  const at = instant(now);
  const parsed = Object.fromEntries(
    MEASURE_IDS.map((measure) => [measure, parseWireReading(readings?.[measure])]),
  ) as Record<MeasureId, ParsedReading | null>;
  const measures = Object.fromEntries(
    MEASURE_IDS.map((measure) => [measure, analyseParsed(measure, parsed[measure], profile, at)]),
  ) as Record<MeasureId, Analysis>;
  const forScaleOk = MEASURE_IDS.reduce((sum, measure) => sum + measures[measure].ok, 0);
  const recorded = MEASURE_IDS.filter((measure) => measures[measure].band !== MISSING_BAND).length;
  const chosen = chosenMeasures(given?.chosen);
  return {
    measures,
    forScaleOk,
    recorded,
    followed: followedMeasures(measures, chosen),
    chosen,
    profileOk: profileComplete(profile),
    together: readTogetherParsed(parsed),
    notes: {
      general: profile.conditions.has('pregnant') ? GENERAL_NOTE_IN_PREGNANCY : GENERAL_NOTE,
      age: ageNote(profile.dob, now),
    },
  };
}
