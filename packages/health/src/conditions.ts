// What the person has told Vitalia about their health (the assessment's optional questions,
// docs/clinical-reference.md 'What the person told us'). Each answer changes a rating only where a
// rule names it; the questionnaire says which, from `CONDITION_USES` below.

export const CONDITIONS = [
  'diabetes',
  'highBloodPressure',
  'sickleCell',
  'pregnant',
  'asthmaOrCopd',
  'heartDisease',
] as const;
export type Condition = (typeof CONDITIONS)[number];

/** The conditions answered yes. Anything not exactly `true` (no answer, false, text) is left out. */
export function parseConditions(given: unknown): ReadonlySet<Condition> {
  const fields =
    typeof given === 'object' && given !== null ? (given as Record<string, unknown>) : {};
  return new Set(CONDITIONS.filter((condition) => fields[condition] === true));
}

/**
 * What each answer changes, as the questionnaire shows it under the question. An answer no rule
 * reads says so, rather than suggesting that it changes what a reading means.
 */
export const CONDITION_USES: Readonly<Record<Condition, string>> = {
  diabetes:
    'A blood sugar reading you do not mark yourself is rated against the ranges for people with diabetes.',
  highBloodPressure:
    'This does not change how Vitalia rates a reading; it goes with your answers to a doctor you share them with.',
  sickleCell:
    'A temperature of 38.0 °C or more is treated as an emergency (fever in sickle cell disease needs care now).',
  pregnant:
    'Blood pressure of 140/90 or more means contacting a doctor today, and 160/110 or more emergency care now; sugar and weight advice say that pregnancy targets differ.',
  asthmaOrCopd: 'An FEV1 of 50 % or less is treated as an emergency (a severe attack).',
  heartDisease:
    'This does not change how Vitalia rates a reading; it goes with your answers to a doctor you share them with.',
};
