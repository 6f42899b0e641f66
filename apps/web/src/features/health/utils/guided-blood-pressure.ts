// The home blood pressure protocol that the 2017 ACC/AHA guideline and the 2023 ESH guidelines
// describe (docs/clinical-reference.md, sources): sit and rest 5 minutes, take two readings
// 1 minute apart, and record their average. The average is what is saved and rated; the narration keeps the two readings and
// says how they were taken, so a doctor reading the history knows what the number stands for.
import type { HealthReadingRequest } from '@vitalia/api/records.contract';
import { formatNumber } from '@vitalia/health/reading.parse';
import { draftReading, readingFormValues, type FieldProblem } from './reading-form';

/** How long to sit still before the first reading, and to wait between the two. */
export const REST_SECONDS = 5 * 60;
export const BETWEEN_SECONDS = 60;

export interface TakenPair {
  systolic: number;
  diastolic: number;
  /** When the person entered it, to say truthfully how far apart the two were. */
  at: Date;
}

/** Half up to a whole mmHg: 82.5 is 83, as a meter rounds. */
export function halfUp(value: number): number {
  // Cut the binary noise of a sum of decimals first (120.1 + 120.4 is 240.49999999999997).
  return Math.floor(Number(value.toPrecision(12)) + 0.5);
}

export function averagePair(first: TakenPair, second: TakenPair) {
  return {
    systolic: halfUp((first.systolic + second.systolic) / 2),
    diastolic: halfUp((first.diastolic + second.diastolic) / 2),
  };
}

const pairText = (pair: Pick<TakenPair, 'systolic' | 'diastolic'>) =>
  `${formatNumber(pair.systolic)}/${formatNumber(pair.diastolic)}`;

function apart(first: TakenPair, second: TakenPair): string {
  const minutes = Math.round((second.at.getTime() - first.at.getTime()) / 60_000);
  if (minutes < 1) return 'less than a minute apart';
  return minutes === 1 ? '1 minute apart' : `${minutes} minutes apart`;
}

/**
 * 'Average of 2 readings 1 minute apart: 128/84 and 124/80. Rested 5 minutes first.' Said as it
 * happened: a skipped rest or wait is not written up as the protocol.
 */
export function averageNarration(first: TakenPair, second: TakenPair, rested: boolean): string {
  const rest = rested ? 'Rested 5 minutes first.' : 'The 5-minute rest was skipped.';
  return `Average of 2 readings ${apart(first, second)}: ${pairText(first)} and ${pairText(second)}. ${rest}`;
}

export interface TypedPair {
  systolic: string;
  diastolic: string;
}

/**
 * One typed pair checked by the same rules as the reading form (and so the server): the numbers
 * when they make a measurement, the problems by field otherwise.
 */
export function checkPair(
  typed: TypedPair,
):
  | { ok: true; pair: Pick<TakenPair, 'systolic' | 'diastolic'> }
  | { ok: false; problems: FieldProblem[] } {
  const values = {
    ...readingFormValues('bloodPressure', null, { unit: null, heightMM: null }),
    ...typed,
    takenAt: null,
  };
  const draft = draftReading(values, {
    measure: 'bloodPressure',
    heightMM: null,
    original: null,
    initialTakenAt: null,
  });
  const problems = draft.problems.filter((problem) => problem.field !== 'takenAt');
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    pair: {
      systolic: Number(draft.request.TagValue),
      diastolic: Number(draft.request.MinTagValue),
    },
  };
}

/** The one reading saved for the two: their average, with the narration that says so. */
export function averageRequest(
  first: TakenPair,
  second: TakenPair,
  rested: boolean,
): { request: HealthReadingRequest; problems: FieldProblem[] } {
  const average = averagePair(first, second);
  const checked = checkPair({
    systolic: String(average.systolic),
    diastolic: String(average.diastolic),
  });
  const request: HealthReadingRequest = {
    Tag: 'Systolic',
    TagValue: average.systolic,
    MinTag: 'Diastolic',
    MinTagValue: average.diastolic,
    DirectFromDevice: false,
    Narration: averageNarration(first, second, rested),
    Device: '',
    Report: '',
  };
  return { request, problems: checked.ok ? [] : checked.problems };
}
