// A reading and a profile parsed once, where they enter the interpreter (docs/decisions/0044-one-measure-one-definition.md).
// The wire's shapes are trusted by type but not at run time, so every field arrives as unknown;
// it is read here into numbers, a unit, a context and a calendar day, and the ratings, the urgency
// layer and the age of a reading read only this typed form. Nothing here throws.
import { ageOn, calendarDate, type CalendarDate } from './age.calendar.ts';
import { parseConditions, type Condition } from './conditions.ts';
import { givenText, parseReading } from './reading.parse.ts';

/** One value of a reading: the number it is, or null, and what was given for showing back. */
export interface ParsedValue {
  readonly number: number | null;
  /** Trimmed text (shortened when long) or a number as text; null when nothing could be typed. */
  readonly given: string | null;
}

export interface ParsedReading {
  /** TagValue: the value in its canonical unit (systolic, FEV2, the mood word). */
  readonly value: ParsedValue;
  /** MinTagValue: diastolic, FEV1. */
  readonly second: ParsedValue;
  /** What was typed when it was typed in another unit (blood sugar in mmol/L), with that unit. */
  readonly entered: (ParsedValue & { readonly unit: string }) | null;
  /** The reading's context as the wire writes it (blood sugar: HadDiabetics, HadMeal). */
  readonly narration: string;
  /** When it was taken, in milliseconds; null when the time is not a time. */
  readonly takenAt: number | null;
  /** The calendar day it was taken on, as written (an age is counted on this day). */
  readonly takenOn: CalendarDate | null;
}

/** What the person has told Vitalia that a rating may use, read once. */
export interface ParsedProfile {
  readonly dob: CalendarDate | null;
  /** Trimmed; null when empty or not text. */
  readonly gender: string | null;
  readonly heightMM: number | null;
  /** The assessment's optional answers that were yes (conditions.ts). */
  readonly conditions: ReadonlySet<Condition>;
}

const NO_PROFILE: ParsedProfile = {
  dob: null,
  gender: null,
  heightMM: null,
  conditions: new Set(),
};

export function parseValue(input: unknown): ParsedValue {
  return { number: parseReading(input), given: givenText(input) };
}

function fieldsOf(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

/** Milliseconds since the epoch for a time given as text or a Date; null for anything else. */
export function instant(value: unknown): number | null {
  if (!(typeof value === 'string' || value instanceof Date)) return null;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : time;
}

/** The reading in typed form; null when it is not a reading at all (nothing, or not an object). */
export function parseWireReading(reading: unknown): ParsedReading | null {
  const fields = fieldsOf(reading);
  if (fields === null) return null;
  const unit = fields.enteredUnit;
  const entered =
    typeof unit === 'string' && fields.enteredValue !== undefined && fields.enteredValue !== null
      ? { ...parseValue(fields.enteredValue), unit }
      : null;
  return {
    value: parseValue(fields.tagValue),
    second: parseValue(fields.minTagValue),
    entered,
    narration: typeof fields.narration === 'string' ? fields.narration : '',
    takenAt: instant(fields.takenAt),
    takenOn: calendarDate(fields.takenAt),
  };
}

export function parseProfile(profile: unknown): ParsedProfile {
  const fields = fieldsOf(profile);
  if (fields === null) return NO_PROFILE;
  const gender = typeof fields.gender === 'string' ? fields.gender.trim() : '';
  return {
    dob: calendarDate(fields.dob),
    gender: gender === '' ? null : gender,
    heightMM: parseReading(fields.heightMM),
    conditions: parseConditions(fields.conditions),
  };
}

/** The person's age in whole years on the reading's day; null when either day is unknown. */
export function ageAtReading(profile: ParsedProfile, reading: ParsedReading): number | null {
  return profile.dob === null || reading.takenOn === null
    ? null
    : ageOn(profile.dob, reading.takenOn);
}
