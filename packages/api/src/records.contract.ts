// The health-reading calls (docs/decisions/0007-health-readings-api.md). The write payload keeps
// the spec's capitalised names (the doctors' mobile app sends them); answers are camelCase. Tags,
// the pairing of two-value readings and the plausibility limits are written here once, for the
// server's 400s and the web form alike.
import {
  MEASURE_COUNT,
  MEASURE_IDS,
  MEASURE_LIST,
  MEASURES,
  measureOfTag,
  type MeasureId,
} from '@vitalia/health/measure.catalog';
import { wordLevel } from '@vitalia/health/measure.definition';
import { MOOD_VALUES, moodBandsMatching } from '@vitalia/health/mood.measure';
import { formatNumber, parseReading } from '@vitalia/health/reading.parse';
import { glucoseMmolForRating, SUGAR_UNITS } from '@vitalia/health/sugar.units';
import {
  limitMessage,
  READING_LIMITS,
  withinReadingLimit,
  type ReadingLimit,
} from '@vitalia/health/measurement-limits.catalog';
import { queryInteger, queryWord } from './query-params.ts';
import { z } from './zod.ts';

// The paths and the retry header, without zod, for the web app's first screen
// (docs/performance.md).
export * from './records.paths.ts';

/** The tags a reading is written with, one per measure (its definition's wire tag). */
export const HEALTH_TAGS = MEASURE_LIST.map((measure) => measure.wire.tag) as [string, ...string[]];
export type HealthTag = string;

/**
 * The tags readings are fetched by: the write tags plus the second value's tag where a definition
 * allows it (FEV1, stored as the MinTagValue of FEV2 readings, so fetching it answers FEV2 readings).
 */
export const FETCH_TAGS = [
  ...HEALTH_TAGS,
  ...MEASURE_LIST.flatMap(({ wire }) => (wire.second?.fetchable ? [wire.second.minTag] : [])),
] as [string, ...string[]];
export type FetchTag = string;

/** The tag the readings of a fetch tag are stored under. */
export function storedTagOf(tag: FetchTag): HealthTag {
  const owner = MEASURE_LIST.find(
    ({ wire }) => wire.second?.fetchable === true && wire.second.minTag === tag,
  );
  return owner ? owner.wire.tag : tag;
}

/** The second value of a two-value reading: what MinTag must say and how MinTagValue is checked. */
export interface SecondValueRule {
  readonly minTag: string;
  readonly limit: ReadingLimit;
}

export interface TagRule {
  readonly measure: MeasureId;
  /** How TagValue is checked: against a limit, or as one of the measure's words (mood). */
  readonly value: ReadingLimit | 'word';
  readonly second: SecondValueRule | null;
}

/** Each tag's rule, from the measures' definitions. */
export const TAG_RULES: Readonly<Record<HealthTag, TagRule>> = Object.fromEntries(
  MEASURE_LIST.map(({ id, wire }) => [
    wire.tag,
    {
      measure: id,
      value: wire.value,
      second: wire.second && { minTag: wire.second.minTag, limit: wire.second.limit },
    },
  ]),
);

/** A known tag's rule; the tags reaching it have passed `healthReadingRequest` or come from the catalogue. */
export function tagRuleOf(tag: HealthTag): TagRule {
  const rule = TAG_RULES[tag];
  if (rule === undefined)
    throw new Error(`No measure is written with the tag ${JSON.stringify(tag)}`);
  return rule;
}

/** The tag each measure's readings are written with. */
export const MEASURE_TAGS = Object.fromEntries(
  MEASURE_IDS.map((id) => [id, MEASURES[id].wire.tag]),
) as Readonly<Record<MeasureId, HealthTag>>;

/** How far ahead of the server's clock a reading's time may be: phones' clocks drift. */
export const CLOCK_SKEW_MS = 5 * 60 * 1000;
const EARLIEST_READING = Date.parse('1900-01-01T00:00:00Z');

/** An instant with its offset, e.g. 2026-01-31T08:30:00Z or 2026-01-31T09:30:00+01:00. */
/** PostgreSQL has no year 0: an instant before the year 1 would fail in the database. */
const YEAR_ONE = Date.parse('0001-01-01T00:00:00Z');

const instant = z.iso
  .datetime({
    offset: true,
    error: 'must be a date and time with its offset, such as 2026-01-31T08:30:00Z',
  })
  .refine((value) => !(Date.parse(value) < YEAR_ONE), 'must be in the year 1 or later');

const takenAt = instant
  .refine((value) => !(Date.parse(value) < EARLIEST_READING), 'must be in 1900 or later')
  .refine(
    (value) => !(Date.parse(value) > Date.now() + CLOCK_SKEW_MS),
    'must not be in the future',
  );

/** Readings arrive as text (the older client) or as numbers; both are accepted. */
const readingValue = z.union([z.string(), z.number()], {
  error: (issue) =>
    issue.input === undefined ? 'is required' : 'must be a number, or for Mood one of its words',
});

/** One of a list; a missing one 'is required' rather than 'must be one of ...'. */
function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, {
    error: (issue) => (issue.input === undefined ? 'is required' : undefined),
  });
}

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

type ReadingValue = string | number;

function blankToNull<T extends ReadingValue>(value: T | null | undefined): T | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' && value.trim() === '' ? null : value;
}

/** The number a value gives when it lies within the limit; null otherwise. */
export function valueWithin(value: unknown, limit: ReadingLimit): number | null {
  const number = parseReading(value);
  return number !== null && withinReadingLimit(number, limit) ? number : null;
}

function sameWord(given: string, wanted: string): boolean {
  return given.trim().toLowerCase() === wanted.toLowerCase();
}

const moodWords = MOOD_VALUES.join(', ');

interface ReadingFields {
  Tag: HealthTag;
  TagValue: ReadingValue;
  MinTag?: string | null | undefined;
  MinTagValue?: ReadingValue | null | undefined;
  Unit?: string | null | undefined;
  Pulse?: ReadingValue | null | undefined;
  Weight?: ReadingValue | null | undefined;
}

export interface ReadingProblem {
  readonly field: 'TagValue' | 'MinTag' | 'MinTagValue' | 'Unit' | 'Pulse' | 'Weight';
  readonly message: string;
  /** The answer's code when it is not the general INVALID_VALUE (UNIT_REQUIRED). */
  readonly code?: string;
}

/**
 * Under this many mg/dL a blood sugar is more likely mmol/L sent without its unit than a reading
 * in mg/dL: 15 mg/dL would be a grave low, 15 mmol/L is a high. Such a value is refused until the
 * unit is said (docs/clinical-reference.md, 'Blood sugar').
 */
export const SUGAR_UNIT_QUESTION_BELOW = 20;

/** The tag whose value may be sent in another unit than its canonical one. */
export const UNIT_TAG: HealthTag = 'Blood-sugar';

/** The tag that may bring the pulse its monitor showed (stored as a reading of its own). */
export const PULSE_WITH_TAG: HealthTag = 'Systolic';

/** The tag that may keep the weight it was worked out from. */
export const WEIGHT_WITH_TAG: HealthTag = 'BMI';

/** True when a blood sugar's TagValue is in mmol/L (and is stored with ADA's mg/dL equivalent). */
function inMmol(reading: Pick<ReadingFields, 'Tag' | 'Unit'>): boolean {
  return reading.Tag === UNIT_TAG && reading.Unit === 'mmol/L';
}

/** The limit a reading's TagValue is checked against, in the unit it was sent in. */
function valueLimit(reading: ReadingFields, rule: TagRule): ReadingLimit | null {
  if (rule.value === 'word') return null;
  return inMmol(reading) ? READING_LIMITS.sugarMmol : rule.value;
}

/**
 * Why a reading cannot be a human measurement, field by field: a number outside its limit, a
 * mood that is not one of the four words, a second value missing or where none belongs, a MinTag
 * that does not match the Tag, a diastolic pressure not below the systolic.
 */
export function readingProblems(reading: ReadingFields): ReadingProblem[] {
  const rule = TAG_RULES[reading.Tag];
  if (rule === undefined) return [];
  const problems: ReadingProblem[] = [];
  let first: number | null = null;
  if (rule.value === 'word') {
    if (moodBandsMatching(reading.TagValue).length === 0) {
      problems.push({ field: 'TagValue', message: `mood must be one of: ${moodWords}` });
    }
  } else {
    const limit = valueLimit(reading, rule) ?? rule.value;
    first = valueWithin(reading.TagValue, limit);
    if (first === null) problems.push({ field: 'TagValue', message: limitMessage(limit) });
  }
  const pulse = blankToNull(reading.Pulse);
  if (pulse !== null) {
    if (reading.Tag !== PULSE_WITH_TAG) {
      problems.push({
        field: 'Pulse',
        message: `only a ${PULSE_WITH_TAG} reading carries a pulse; send the pulse as its own Pulse Value reading`,
      });
    } else if (valueWithin(pulse, READING_LIMITS.pulse) === null) {
      problems.push({ field: 'Pulse', message: limitMessage(READING_LIMITS.pulse) });
    }
  }
  const weight = blankToNull(reading.Weight);
  if (weight !== null) {
    if (reading.Tag !== WEIGHT_WITH_TAG) {
      problems.push({
        field: 'Weight',
        message: `only a ${WEIGHT_WITH_TAG} reading carries the weight it was worked out from; leave it empty`,
      });
    } else if (valueWithin(weight, READING_LIMITS.weight) === null) {
      problems.push({ field: 'Weight', message: limitMessage(READING_LIMITS.weight) });
    }
  }
  const unit = blankToNull(reading.Unit);
  if (
    reading.Tag === UNIT_TAG &&
    unit === null &&
    first !== null &&
    first < SUGAR_UNIT_QUESTION_BELOW
  ) {
    problems.push({
      field: 'Unit',
      code: 'UNIT_REQUIRED',
      message: `is ${formatNumber(first)} in mg/dL or in mmol/L? Under ${SUGAR_UNIT_QUESTION_BELOW} mg/dL would be dangerously low, while ${formatNumber(first)} mmol/L is a high reading: send Unit as mmol/L or mg/dL`,
    });
  }
  if (unit !== null && reading.Tag !== UNIT_TAG) {
    problems.push({
      field: 'Unit',
      message: `only a ${UNIT_TAG} reading has a unit choice; send ${reading.Tag} in its canonical unit and leave Unit empty`,
    });
  }

  const minTag = blankToNull(reading.MinTag);
  const minTagValue = blankToNull(reading.MinTagValue);
  if (rule.second === null) {
    const none = `a ${reading.Tag} reading has no second value`;
    if (minTag !== null) problems.push({ field: 'MinTag', message: `${none}; leave it empty` });
    if (minTagValue !== null) {
      problems.push({ field: 'MinTagValue', message: `${none}; leave it empty` });
    }
    return problems;
  }

  const limit = rule.second.limit;
  if (minTag !== null && !sameWord(minTag, rule.second.minTag)) {
    problems.push({
      field: 'MinTag',
      message: `must be "${rule.second.minTag}" for a ${reading.Tag} reading`,
    });
  }
  if (minTagValue === null) {
    problems.push({
      field: 'MinTagValue',
      // Named as people know the measure: the form shows this beside the field.
      message: `a ${MEASURES[rule.measure].displayName.toLowerCase()} reading needs its ${limit.name} here, in ${limit.unit}`,
    });
    return problems;
  }
  const second = valueWithin(minTagValue, limit);
  if (second === null) {
    problems.push({ field: 'MinTagValue', message: limitMessage(limit) });
  } else if (rule.value === READING_LIMITS.systolic && first !== null && second >= first) {
    problems.push({
      field: 'MinTagValue',
      message:
        'diastolic pressure must be below systolic pressure (for 120/80 send TagValue 120 and MinTagValue 80)',
    });
  }
  return problems;
}

/** The longest note a reading can carry. */
export const readingNoteLimit = 280;

/**
 * A reading as the spec's client writes it. Empty strings and nulls are accepted for every
 * optional field. The rules of `readingProblems` apply; refused readings answer 400 with one
 * message per field.
 */
export const healthReadingRequest = z
  .strictObject({
    Tag: oneOf(HEALTH_TAGS),
    TagValue: readingValue.describe(
      'The value in its canonical unit (docs/clinical-reference.md), as a number or numeric text; for Mood one of Happy, Neutral, Sad, Very Sad. Systolic for blood pressure, FEV2 for breathing.',
    ),
    DirectFromDevice: z.boolean().nullable().optional(),
    MinTagValue: readingValue
      .nullable()
      .optional()
      .describe('Diastolic for Systolic readings, FEV1 for FEV2 readings; empty otherwise.'),
    Unit: z
      .enum(SUGAR_UNITS, { error: `must be one of: ${SUGAR_UNITS.join(', ')}` })
      .nullable()
      .optional()
      .describe(
        'Blood-sugar only: the unit TagValue is in, mg/dL (the default) or mmol/L. A value in mmol/L is rated and stored with the mg/dL equivalent ADA publishes (3.9 = 70, 4.4 = 80, 7.0 = 126, ...), and kept as typed in enteredValue and enteredUnit.',
      ),
    MinTag: optionalText(40).describe(
      '"Diastolic" for Systolic readings, "FEV1" for FEV2 readings (filled in when left empty); empty otherwise.',
    ),
    Narration: optionalText(500).describe(
      'Free text; for Blood-sugar it holds HadDiabetics and/or HadMeal.',
    ),
    Device: optionalText(100),
    Report: optionalText(2000),
    Pulse: readingValue
      .nullable()
      .optional()
      .describe(
        'Systolic readings only, when recording (not correcting): the pulse the monitor showed with the pressure, in beats per minute. It is stored as a Pulse Value reading of its own, taken at the same time, in the same transaction.',
      ),
    Weight: readingValue
      .nullable()
      .optional()
      .describe(
        'BMI readings only: the weight in kilograms the BMI was worked out from, kept with it so weight can be followed over time.',
      ),
    Note: optionalText(readingNoteLimit).describe(
      'The person\'s own note on the reading ("after a run", "left arm"), shown with it and exported with it.',
    ),
    TakenAt: takenAt
      .nullable()
      .optional()
      .describe(
        'When the reading was taken, if not now (readings can be recorded afterwards). Not before 1900, not in the future; a time up to 5 minutes ahead (a phone clock running fast) is stored as the moment the server received the reading, so no reading is dated after a later one.',
      ),
  })
  .superRefine((reading, context) => {
    for (const problem of readingProblems(reading)) {
      context.addIssue({
        code: 'custom',
        path: [problem.field],
        message: problem.message,
        ...(problem.code ? { params: { code: problem.code } } : {}),
      });
    }
  })
  .meta({ id: 'HealthReadingRequest' });
export type HealthReadingRequest = z.infer<typeof healthReadingRequest>;

/** A valid reading in the form it is stored: canonical numbers and words, blanks as null. */
export interface NormalisedReading {
  tag: HealthTag;
  tagValue: string;
  minTag: string | null;
  minTagValue: string | null;
  narration: string | null;
  device: string | null;
  report: string | null;
  note: string | null;
  /** A BMI's weight in kg, in canonical form; null otherwise. */
  weight: string | null;
  directFromDevice: boolean;
  /** ISO instant, or null for "now". */
  takenAt: string | null;
  /** A blood sugar sent in mmol/L: the value as typed, and 'mmol/L'. */
  enteredValue: string | null;
  enteredUnit: string | null;
}

function canonicalNumber(value: ReadingValue): string {
  const number = parseReading(value);
  return number === null ? String(value).trim() : formatNumber(number);
}

/** What is stored for a request that passed `healthReadingRequest`: ' 97.0 ' and 97 both give '97'. */
export function normaliseReading(reading: HealthReadingRequest): NormalisedReading {
  const rule = tagRuleOf(reading.Tag);
  const [mood] = rule.value === 'word' ? moodBandsMatching(reading.TagValue) : [];
  const secondValue = blankToNull(reading.MinTagValue);
  const weight = blankToNull(reading.Weight);
  const text = (value: string | null | undefined) => blankToNull(value);
  // The mg/dL equivalent is kept with every digit: a rounding could move it across an edge.
  const mgdl = inMmol(reading) ? glucoseMmolForRating(reading.TagValue) : null;
  return {
    tag: reading.Tag,
    tagValue: mood
      ? mood.value
      : mgdl !== null
        ? formatNumber(mgdl)
        : canonicalNumber(reading.TagValue),
    minTag: rule.second ? rule.second.minTag : null,
    minTagValue: rule.second && secondValue !== null ? canonicalNumber(secondValue) : null,
    narration: text(reading.Narration),
    device: text(reading.Device),
    report: text(reading.Report),
    note: text(reading.Note),
    weight: reading.Tag === WEIGHT_WITH_TAG && weight !== null ? canonicalNumber(weight) : null,
    directFromDevice: reading.DirectFromDevice ?? false,
    takenAt: reading.TakenAt ? new Date(reading.TakenAt).toISOString() : null,
    // Shown back as typed: '3.0' stays '3.0'.
    enteredValue: mgdl !== null ? String(reading.TagValue).trim() : null,
    enteredUnit: mgdl !== null ? 'mmol/L' : null,
  };
}

export const healthReading = z
  .object({
    id: z.string(),
    tag: z.enum(HEALTH_TAGS),
    tagValue: z.string(),
    minTag: z.string().nullable(),
    minTagValue: z.string().nullable(),
    narration: z.string().nullable(),
    device: z.string().nullable(),
    report: z.string().nullable(),
    note: z.string().nullable().describe("The person's own note on the reading; null without one."),
    weight: z
      .string()
      .nullable()
      .describe(
        'BMI readings: the weight in kg it was worked out from, when sent; null otherwise.',
      ),
    directFromDevice: z.boolean(),
    takenAt: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    enteredValue: z
      .string()
      .nullable()
      .describe('The value as typed when it was sent in another unit (Unit); null otherwise.'),
    enteredUnit: z
      .string()
      .nullable()
      .describe(
        'The unit it was typed in (mmol/L for a blood sugar); null for the canonical unit.',
      ),
  })
  .meta({
    id: 'HealthReading',
    description:
      'A stored reading. Values are text in canonical units (a mood is a word); times are ISO 8601 in UTC.',
  });
export type HealthReading = z.infer<typeof healthReading>;

export const readingIdParams = z.strictObject({
  id: z.guid({ error: 'must be the id of a reading, a UUID such as the one POST answered' }),
});

export const newestReadingQuery = z.strictObject({ tag: oneOf(FETCH_TAGS) });

/** The measure followed or no longer followed: one of the catalogue's ids. */
export const followedMeasureParams = z.strictObject({
  measure: z.enum(MEASURE_IDS, {
    error: `must be one of the measures: ${MEASURE_IDS.join(', ')}`,
  }),
});

export const chosenMeasuresResponse = z
  .object({
    chosen: z
      .array(z.enum(MEASURE_IDS))
      .describe('Every measure the person now chooses to follow, in the catalogue order.'),
  })
  .meta({ id: 'ChosenMeasures' });
export type ChosenMeasures = z.infer<typeof chosenMeasuresResponse>;

export const HISTORY_ORDERS = ['DESC', 'ASC'] as const;
export type HistoryOrder = (typeof HISTORY_ORDERS)[number];
export const historyPageLimits = { default: 50, max: 200 } as const;

export const historyQuery = z
  .strictObject({
    order: queryWord(HISTORY_ORDERS)
      .optional()
      .describe('DESC (newest first, the default) or ASC; the case does not matter.'),
    tag: oneOf(FETCH_TAGS).optional().describe('Only readings of this tag; FEV1 gives FEV2.'),
    from: instant.optional().describe('Only readings taken at or after this instant.'),
    to: instant.optional().describe('Only readings taken before this instant.'),
    limit: queryInteger(1, historyPageLimits.max)
      .optional()
      .describe(
        `Readings per page: 1 to ${historyPageLimits.max}, ${historyPageLimits.default} by default.`,
      ),
    cursor: z
      .string()
      .max(200)
      .optional()
      .describe('The nextCursor of the previous page, with the same order and filters.'),
  })
  .superRefine((query, context) => {
    if (query.from && query.to && Date.parse(query.from) >= Date.parse(query.to)) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'must be later than from' });
    }
  });

export const historyPage = z
  .object({
    items: z.array(healthReading),
    nextCursor: z
      .string()
      .nullable()
      .describe('Pass it as cursor for the next page; null on the last page.'),
  })
  .meta({ id: 'HealthReadingPage' });
export type HistoryPage = z.infer<typeof historyPage>;

const flag = z.union([z.literal(0), z.literal(1)]);

/** One measure rated by packages/health (its Analysis type). */
export const measureAnalysis = z
  .object({
    measure: z.enum(MEASURE_IDS),
    value: z.string().nullable(),
    unit: z.string().nullable(),
    colour: z.enum(['green', 'yellow', 'red', 'grey']),
    band: z.string(),
    result: z.string(),
    detail: z
      .string()
      .nullable()
      .describe(
        "A second line under the result: for a pulse, the fitness chart's rating ('Fitness: Below average'); null otherwise.",
      ),
    advice: z.string(),
    source: z.string().describe('The published document(s) the advice rests on.'),
    ok: flag.describe('1 for a green reading that is not old.'),
    urgency: z
      .enum(['now', 'today'])
      .nullable()
      .describe(
        'now: get emergency care now; today: contact a doctor or clinic today; null otherwise. An urgent result is always red.',
      ),
    firstAction: z.string().nullable().describe('When urgent: what to do first.'),
    emergencySigns: z
      .string()
      .nullable()
      .describe('When urgent: the signs that make it an emergency.'),
    old: z
      .boolean()
      .describe(
        'The newest reading is older than 90 days (BMI: 365): it earns no point and should be taken again.',
      ),
  })
  .meta({ id: 'MeasureAnalysis' });
export type MeasureAnalysis = z.infer<typeof measureAnalysis>;

function perMeasure<T extends z.ZodType>(schema: T) {
  const shape = Object.fromEntries(MEASURE_IDS.map((id) => [id, schema])) as Record<MeasureId, T>;
  return z.object(shape);
}

/** One of a measure's last readings, as numbers for a trend line. */
export const recentReading = z
  .object({
    takenAt: z.string(),
    value: z
      .number()
      .describe(
        'In the canonical unit: systolic for blood pressure, FEV2 for breathing; mood on a scale of 1 (Very Sad), 2 (Sad), 3 (Neutral), 4 (Happy).',
      ),
    second: z.number().nullable().describe('Diastolic for blood pressure, FEV1 for breathing.'),
  })
  .meta({ id: 'RecentReading' });
export type RecentReading = z.infer<typeof recentReading>;

/**
 * A stored reading as the numbers of a trend line (the server's analysis, and the web app for a
 * reading waiting to send); undefined when it holds none (never stored so).
 */
export function recentReadingOf(
  reading: Pick<HealthReading, 'tag' | 'tagValue' | 'minTagValue' | 'takenAt'>,
): RecentReading | undefined {
  // A measure of words is a line of their places on its scale (mood: 1 Very Sad to 4 Happy).
  const plot = measureOfTag(reading.tag)?.plot;
  const value =
    plot?.kind === 'words'
      ? wordLevel(plot.words, reading.tagValue)
      : parseReading(reading.tagValue);
  if (value === null) return undefined;
  return { takenAt: reading.takenAt, value, second: parseReading(reading.minTagValue) };
}

/** How many of a measure's last readings the analysis answers for trends. */
export const recentReadingsPerMeasure = 10;

export const sugarWeek = z
  .object({
    average: z.number().describe('mg/dL, one decimal.'),
    count: z.number().int().min(1),
  })
  .meta({
    id: 'SugarWeek',
    description:
      'The average of the blood sugar readings taken in the last 7 days, fasting and after meals together: a trend, not rated.',
  });
export type SugarWeek = z.infer<typeof sugarWeek>;

/** packages/health's AnalysisReport, plus the newest reading each measure was rated from. */
export const bloodPressureWeek = z
  .object({
    systolic: z.number().int(),
    diastolic: z.number().int(),
    count: z.number().int().min(1).describe('The readings averaged.'),
    urgentLeftOut: z
      .number()
      .int()
      .min(0)
      .describe(
        'Urgent readings of the same 7 days, left out of the average so that they cannot pull it towards normal; each has its own advice.',
      ),
  })
  .meta({
    id: 'BloodPressureWeek',
    description:
      'The average of the blood pressure readings taken in the last 7 days that are not urgent, each number rounded half up to a whole mmHg; null when there are none.',
  });
export type BloodPressureWeek = z.infer<typeof bloodPressureWeek>;

export const togetherReason = z
  .object({
    code: z
      .enum(['EARLY_WARNING', 'POSSIBLE_SERIOUS_INFECTION', 'POSSIBLE_SHOCK'])
      .describe(
        'EARLY_WARNING: the NEWS2 score of the readings combined (5 or more is now; one sign scoring 3 is today). POSSIBLE_SERIOUS_INFECTION: a temperature of 38.0 or more, or under 36.0, with a low systolic, fast breathing, low oxygen or a fast pulse. POSSIBLE_SHOCK: a pulse at or above the systolic pressure.',
      ),
    level: z.enum(['now', 'today']),
    measures: z
      .array(z.enum(MEASURE_IDS))
      .describe('The measures whose newest readings this reason combined.'),
    message: z.string().describe('What it means and what to do, ending with its sources.'),
  })
  .meta({ id: 'TogetherReason' });

export const together = z
  .object({
    urgency: z
      .enum(['now', 'today'])
      .nullable()
      .describe('The most urgent reason; null when the readings together add nothing.'),
    score: z
      .number()
      .int()
      .min(0)
      .nullable()
      .describe(
        'The NEWS2 early-warning total of the readings combined; null with fewer than two of its five signs (respiratory rate, oxygen, systolic, pulse, temperature) within 60 minutes.',
      ),
    reasons: z.array(togetherReason),
  })
  .meta({
    id: 'Together',
    description:
      'The newest readings of different measures taken within 60 minutes of each other, read together on top of each measure’s own rating; it can only raise concern (docs/clinical-reference.md, Readings read together).',
  });
export type TogetherAnswer = z.infer<typeof together>;

export const analysisResponse = z
  .object({
    measures: perMeasure(measureAnalysis),
    forScaleOk: z
      .number()
      .int()
      .min(0)
      .max(MEASURE_IDS.length)
      .describe(
        `The sum of the ${MEASURE_COUNT} OK flags: measures whose newest reading is green and not older than 90 days (BMI 365).`,
      ),
    recorded: z
      .number()
      .int()
      .min(0)
      .max(MEASURE_IDS.length)
      .describe(`How many of the ${MEASURE_COUNT} measures have a reading.`),
    followed: z
      .array(z.enum(MEASURE_IDS))
      .describe(
        'The measures the person follows: those whose newest reading is not older than 90 days (BMI 365), and those in chosen. Screens show the score as "In range: forScaleOk of followed".',
      ),
    chosen: z
      .array(z.enum(MEASURE_IDS))
      .describe(
        'The measures the person chose to follow (PUT and DELETE /api/v1/records/followed/{measure}): followed even without a reading from the last 90 days, so the score asks for them.',
      ),
    notes: z
      .object({
        general: z.string().describe('Shown under every set of results.'),
        age: z
          .string()
          .nullable()
          .describe('Set for a person under 18: adult ranges do not apply.'),
      })
      .meta({ id: 'AnalysisNotes' }),
    emergency: z
      .object({
        number: z.string().describe('The emergency telephone number (EMERGENCY_NUMBER).'),
        crisisLine: z
          .string()
          .nullable()
          .describe('A crisis line shown with an urgent mood (CRISIS_LINE), when set.'),
      })
      .meta({ id: 'EmergencyContacts' }),
    bloodPressureWeek: bloodPressureWeek.nullable(),
    sugarWeek: sugarWeek.nullable(),
    recent: perMeasure(z.array(recentReading)).describe(
      `Up to the last ${recentReadingsPerMeasure} readings of each measure, oldest first, for trends; empty without readings.`,
    ),
    profileOk: flag,
    together,
    readings: perMeasure(healthReading.nullable()).describe(
      'The newest reading of each measure, null for a measure without one.',
    ),
  })
  .meta({ id: 'HealthAnalysis' });
export type AnalysisResponse = z.infer<typeof analysisResponse>;

/**
 * How long the server keeps a key at least (housekeeping removes it within the hour after): a
 * reading sent again after this may be stored twice.
 */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The longest key the server keeps. */
export const idempotencyKeyMaxLength = 255;

/**
 * One key: 1-255 visible ASCII characters (no spaces). A UUID is what the web sends; any other
 * client may send whatever it can make unique per reading.
 */
export const idempotencyKey = z
  .string()
  .min(1, 'must be 1 to 255 visible ASCII characters, without spaces; a random UUID is ideal')
  .max(
    idempotencyKeyMaxLength,
    `must be at most ${idempotencyKeyMaxLength} characters; a random UUID is ideal`,
  )
  .regex(
    /^[\x21-\x7E]+$/,
    'must be 1 to 255 visible ASCII characters, without spaces; a random UUID is ideal',
  );

/** The headers of recording a reading: HTTP header names arrive in lower case. */
export const recordReadingHeaders = z.object({
  'idempotency-key': idempotencyKey
    .optional()
    .describe(
      'Optional. A key made once per reading (a random UUID is ideal), sent again unchanged on every retry of it. Kept for the signed-in person for at least 24 hours: the same key with the same reading answers the first answer again (201, the same body and Location, with Idempotent-Replayed: true) and stores nothing new; the same key with a different reading is refused with 422 IDEMPOTENCY_KEY_REUSED.',
    ),
});
