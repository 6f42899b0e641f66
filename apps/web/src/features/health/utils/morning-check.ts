// The morning check (docs/decisions/0055-morning-check.md): several measures typed on one form and
// saved in one step. Which measures the person checks is remembered on this device; the readings
// typed together are rated one by one and read together, as the dashboard reads the newest ones.
import type { Analysis } from '@vitalia/health/analysis.model';
import { urgencyRank } from '@vitalia/health/analysis.model';
import { MEASURES, type MeasureId } from '@vitalia/health/measure.catalog';

/** The measures a check can hold, in the order the form shows them. */
export const CHECK_MEASURES = [
  'bloodPressure',
  'pulse',
  'sugar',
  'bmi',
  'temperature',
  'oxygen',
  'respiratoryRate',
  'mood',
] as const satisfies readonly MeasureId[];

export type CheckMeasure = (typeof CHECK_MEASURES)[number];

/** What a first check holds: the four a morning at home most often measures. */
export const DEFAULT_CHECK: readonly CheckMeasure[] = ['bloodPressure', 'pulse', 'sugar', 'bmi'];

/** Kept in localStorage, so it goes with everything else at sign-out. */
export const checkChoiceKey = 'vitalia.morningCheck.measures';

const isCheckMeasure = (value: unknown): value is CheckMeasure =>
  typeof value === 'string' && (CHECK_MEASURES as readonly string[]).includes(value);

/** The measures chosen on this device, in the form's order; the default when none or unreadable. */
export function readCheckChoice(storage: Pick<Storage, 'getItem'> | null): CheckMeasure[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(checkChoiceKey) ?? 'null');
    if (!Array.isArray(parsed)) return [...DEFAULT_CHECK];
    const chosen = CHECK_MEASURES.filter((measure) => parsed.includes(measure));
    return chosen.length > 0 ? chosen : [...DEFAULT_CHECK];
  } catch {
    return [...DEFAULT_CHECK];
  }
}

export function writeCheckChoice(
  storage: Pick<Storage, 'setItem'> | null,
  chosen: readonly CheckMeasure[],
): void {
  try {
    storage?.setItem(checkChoiceKey, JSON.stringify(chosen.filter(isCheckMeasure)));
  } catch {
    // Storage refused (private mode, full): the choice lasts this visit only.
  }
}

/** Turns a measure on or off, keeping the form's order; the last one cannot be turned off. */
export function toggleCheckMeasure(
  chosen: readonly CheckMeasure[],
  measure: CheckMeasure,
): CheckMeasure[] {
  const next = chosen.includes(measure)
    ? chosen.filter((each) => each !== measure)
    : [...chosen, measure];
  return next.length === 0 ? [...chosen] : CHECK_MEASURES.filter((each) => next.includes(each));
}

const colourRank = { red: 3, yellow: 2, green: 1, grey: 0 } as const;

/**
 * The ratings of a check, the most pressing first: urgency, then colour, then the form's order.
 * A stable sort, so two equal ratings keep the order they were typed in.
 */
export function mostPressingFirst(analyses: readonly Analysis[]): Analysis[] {
  const order = (measure: MeasureId) => {
    const index = (CHECK_MEASURES as readonly MeasureId[]).indexOf(measure);
    return index === -1 ? CHECK_MEASURES.length : index;
  };
  return [...analyses].sort(
    (a, b) =>
      urgencyRank(b.urgency) - urgencyRank(a.urgency) ||
      colourRank[b.colour] - colourRank[a.colour] ||
      order(a.measure) - order(b.measure),
  );
}

/** 'Blood pressure, pulse and blood sugar': the measures of a check in words. */
export function measuresInWords(measures: readonly MeasureId[]): string {
  const names = measures.map((measure, index) => {
    const name = MEASURES[measure].displayName;
    // 'pulse' in a sentence, but 'BMI' stays as it is written.
    const word = /^[A-Z][a-z]/.test(name) ? name.charAt(0).toLowerCase() + name.slice(1) : name;
    return index === 0 ? name : word;
  });
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
