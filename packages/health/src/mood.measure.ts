// Mood, docs/clinical-reference.md: one of four words. It has no numbers, so its "bands" are the words.
import { defineMeasure, message } from './measure.definition.ts';
import type { UrgencyRule } from './urgency.rules.ts';
import { analysisFromBand } from './analysis.model.ts';
import type { Analysis, AnswerFor } from './analysis.model.ts';
import { defineOutcome, type Outcome } from './band.model.ts';
import { parseValue, type ParsedValue } from './reading.typed.ts';

export const MOOD_VALUES = ['Happy', 'Neutral', 'Sad', 'Very Sad'] as const;
export type MoodValue = (typeof MOOD_VALUES)[number];

export interface MoodBand extends Outcome {
  readonly value: MoodValue;
}

export const MOOD_BANDS: readonly MoodBand[] = (
  [
    {
      value: 'Happy',
      key: 'good',
      written: 'Happy',
      colour: 'green',
      label: 'Good',
      advice: 'Good to hear. Sleep, activity and time with people you like help keep your mood up.',
      source: 'nhsDepression',
    },
    {
      value: 'Neutral',
      key: 'inconclusive',
      written: 'Neutral',
      colour: 'yellow',
      label: 'Inconclusive',
      advice:
        'Neither up nor down. Notice how you feel over the next few days and record it again.',
      source: 'nhsDepression',
    },
    {
      value: 'Sad',
      key: 'unhappy',
      written: 'Sad',
      colour: 'red',
      label: 'Unhappy',
      advice:
        'Everyone feels low at times. Talk to someone you trust, keep active, and see a doctor if low mood lasts more than two weeks.',
      source: 'nhsDepression',
    },
    {
      value: 'Very Sad',
      key: 'bad-mood',
      written: 'Very Sad',
      colour: 'red',
      label: 'Bad mood',
      advice:
        'Please talk to a therapist or your doctor about how you feel, and tell someone you trust today. If you think about harming yourself or ending your life, call the emergency number or a crisis line now.',
      source: ['nhsDepression', 'nhsUrgentMentalHealth'],
    },
  ] satisfies MoodBand[]
).map((band) => defineOutcome(band));

/** Any other word: the person is asked to pick one of the four again. */
export const MOOD_RE_ENTER: Outcome = defineOutcome({
  key: 're-enter',
  written: 'anything else',
  colour: 'yellow',
  label: 're-enter',
  advice: 'Choose how you feel: Happy, Neutral, Sad or Very Sad.',
  source: 'nhsDepression',
});

// Longer than any of the four words with generous spacing; longer text is not a mood word.
const MAX_MOOD_LENGTH = 40;

// Letter case and spacing are forgiven ('very  sad' is Very Sad): a person picking a word means it.
function normalise(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The mood bands a word matches: one for the four words, none for anything else. */
export function moodBandsMatching(input: unknown): MoodBand[] {
  if (typeof input !== 'string' || input.length > MAX_MOOD_LENGTH) return [];
  const word = normalise(input);
  return MOOD_BANDS.filter((band) => normalise(band.value) === word);
}

const ANSWER_FOR: AnswerFor = { measure: 'mood', unit: null };

/** Rates the word read at the boundary (reading.typed.ts). */
export function rateMood(value: ParsedValue): Analysis {
  const [band] = moodBandsMatching(value.given);
  if (band === undefined) return analysisFromBand(ANSWER_FOR, value.given, MOOD_RE_ENTER);
  return analysisFromBand(ANSWER_FOR, band.value, band);
}

/** Rates the word as given. */
export function interpretMood(input: unknown): Analysis {
  return rateMood(parseValue(input));
}

// Urgency (docs/clinical-reference.md, 'Urgency'): a layer over the bands, read by urgency.rules.ts.
export const MOOD_URGENCY: readonly UrgencyRule[] = [
  {
    measure: 'mood',
    level: 'now',
    written: 'Very Sad',
    bands: ['bad-mood'],
    label: 'Very low mood',
    firstAction:
      'If you have thoughts of harming yourself or ending your life, call the emergency number or a crisis line now, or have someone take you to the nearest hospital emergency unit; do not stay alone, and put medicines, insecticides and other poisons out of reach. If not, talk to someone you trust today, and to a doctor or counsellor.',
    emergencySigns:
      'Thoughts of harming yourself or ending your life, or feeling you cannot keep yourself safe, need help now.',
    why: 'The NHS advises getting help at once when someone may act on thoughts of harming themselves.',
    source: ['nhsUrgentMentalHealth', 'nhsDepression'],
  },
];

export const MOOD_MEASURE = defineMeasure({
  id: 'mood',
  slug: 'mood',
  name: message('measure.mood.name', 'Mood'),
  unit: null,
  wire: { tag: 'Mood', value: 'word', second: null },
  freshForDays: 90,
  source: 'nhsDepression',
  bandTables: [],
  urgency: MOOD_URGENCY,
  ratedDecimals: null,
  rate: (reading) => rateMood(reading.value),
  form: { kind: 'mood' },
  plot: { kind: 'words', words: MOOD_VALUES },
  prompt: message('measure.mood.prompt', 'Choose how you feel to see what it means.'),
  from: message('measure.mood.from', 'How you feel today'),
  // Four words of Vitalia's own (valueCodeableConcept).
  codes: {
    category: 'survey',
    profile: null,
    codings: [{ system: 'vitalia', code: 'mood', display: 'Mood' }],
    unit: null,
    components: null,
  },
  importColumns: [
    {
      role: 'mood',
      label: message('import.column.mood', 'Mood (Happy, Neutral, Sad, Very Sad)'),
      part: 'value',
      header: /mood/i,
    },
  ],
  articleSlug: 'mood',
});
