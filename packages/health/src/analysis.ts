// The whole analysis: every measure's newest reading rated, the count of measures in range
// (forScaleOk) and whether the profile holds what pulse and BMI need (profileOk).
import { calendarDate } from './age.calendar.ts';
import { missingReading, type Analysis } from './analysis.model.ts';
import { interpretBloodPressure } from './blood-pressure.measure.ts';
import { interpretBmi } from './bmi.measure.ts';
import { interpretBreathing } from './breathing.measure.ts';
import { interpretCholesterol } from './cholesterol.measure.ts';
import { MEASURE_IDS, type MeasureId } from './measure.catalog.ts';
import { interpretMood } from './mood.measure.ts';
import { interpretOxygen } from './oxygen.measure.ts';
import { interpretPulse } from './pulse.measure.ts';
import { parseReading } from './reading.parse.ts';
import type { SourceId } from './source.catalog.ts';
import { interpretSugar, sugarContextFromNarration } from './sugar.measure.ts';
import { interpretTemperature } from './temperature.measure.ts';

/** A reading as the wire answers it (GET /records/health?tag=…). */
export interface WireReading {
  /** The value; systolic for blood pressure, FEV2 for breathing. */
  readonly tagValue: string;
  /** Diastolic for blood pressure, FEV1 for breathing. */
  readonly minTagValue?: string | null;
  /** For blood sugar: contains HadDiabetics and/or HadMeal. */
  readonly narration?: string | null;
  /** When the reading was taken; pulse counts age on this day. */
  readonly takenAt: Date | string;
}

export interface HealthProfile {
  readonly dob?: string | Date | null;
  readonly gender?: string | null;
  readonly heightMM?: number | string | null;
}

/** The newest reading of each measure; a measure without one is left out or null. */
export type NewestReadings = Partial<Record<MeasureId, WireReading | null>>;

export interface AnalysisInput {
  readonly readings?: NewestReadings | null;
  readonly profile?: HealthProfile | null;
}

export interface AnalysisReport {
  readonly measures: Readonly<Record<MeasureId, Analysis>>;
  /** How many of the nine measures are green: 0 to 9. */
  readonly forScaleOk: number;
  /** 1 when date of birth, gender and height are all present. */
  readonly profileOk: 0 | 1;
}

/** The reference each measure's bands come from, cited when there is no reading yet. */
export const MEASURE_SOURCES: Readonly<Record<MeasureId, SourceId>> = {
  oxygen: 'WHO',
  sugar: 'ADA',
  bmi: 'WHO',
  mood: 'NHS',
  pulse: 'TopendSports',
  bloodPressure: 'AHA',
  breathing: 'ALA',
  temperature: 'NHS',
  cholesterol: 'NHLBI',
};

// The wire's shapes are trusted by type but not at run time: a reading that is not an object is
// no reading, and each field is handed on as unknown for the interpreters to judge.
function fieldsOf(reading: unknown): Record<string, unknown> | null {
  return typeof reading === 'object' && reading !== null
    ? (reading as Record<string, unknown>)
    : null;
}

/** Rates one measure's reading; grey when there is none. */
export function analyseReading(
  measure: MeasureId,
  reading: WireReading | null | undefined,
  profile?: HealthProfile | null,
): Analysis {
  const fields = fieldsOf(reading);
  if (fields === null) return missingReading(measure, MEASURE_SOURCES[measure]);
  const { tagValue, minTagValue, narration, takenAt } = fields;
  switch (measure) {
    case 'oxygen':
      return interpretOxygen(tagValue);
    case 'sugar':
      return interpretSugar(tagValue, sugarContextFromNarration(narration));
    case 'bmi':
      return interpretBmi(tagValue);
    case 'mood':
      return interpretMood(tagValue);
    case 'pulse': {
      const person = fieldsOf(profile);
      return interpretPulse(tagValue, {
        dob: calendarText(person?.dob),
        gender: typeof person?.gender === 'string' ? person.gender : null,
        on: calendarText(takenAt),
      });
    }
    case 'bloodPressure':
      return interpretBloodPressure(tagValue, minTagValue);
    case 'breathing':
      return interpretBreathing(minTagValue, tagValue);
    case 'temperature':
      return interpretTemperature(tagValue);
    case 'cholesterol':
      return interpretCholesterol(tagValue);
  }
}

function calendarText(value: unknown): string | Date | null {
  return typeof value === 'string' || value instanceof Date ? value : null;
}

/** 1 when the profile has a real date of birth, a gender and a positive height. */
export function profileOk(profile: HealthProfile | null | undefined): 0 | 1 {
  const person = fieldsOf(profile);
  if (person === null) return 0;
  const hasDob = calendarDate(person.dob) !== null;
  const hasGender = typeof person.gender === 'string' && person.gender.trim() !== '';
  const height = parseReading(person.heightMM);
  return hasDob && hasGender && height !== null && height > 0 ? 1 : 0;
}

export function analyse(input: AnalysisInput | null | undefined): AnalysisReport {
  const given = fieldsOf(input);
  const readings = fieldsOf(given?.readings);
  const profile = (fieldsOf(given?.profile) ?? null) as HealthProfile | null;
  const measures = Object.fromEntries(
    MEASURE_IDS.map((measure) => [
      measure,
      analyseReading(measure, readings?.[measure] as WireReading | undefined, profile),
    ]),
  ) as Record<MeasureId, Analysis>;
  const forScaleOk = MEASURE_IDS.reduce((sum, measure) => sum + measures[measure].ok, 0);
  return { measures, forScaleOk, profileOk: profileOk(profile) };
}
