// Readings read together (docs/clinical-reference.md, 'Readings read together'): the newest
// readings of different measures taken within 60 minutes of each other are read as one picture of
// the person, on top of each one's own rating, and can only raise concern. Three rules: the NEWS2
// early-warning score from the home readings present, a possible serious infection (sepsis or
// severe malaria), and possible shock. NEWS2 was made for clinicians at the bedside; using it on
// home readings is Vitalia's adaptation, and the advice says it is a warning, not a diagnosis.
import { INVALID_BAND, urgencyRank, type Urgency } from './analysis.model.ts';
import { interval, intervalContains, type Interval } from './band.model.ts';
import { MEASURES, type MeasureId } from './measure.catalog.ts';
import { parseProfile, parseWireReading, type ParsedReading } from './reading.typed.ts';
import { citation, type Sources } from './source.catalog.ts';
import { CALL_NOW, TO_HOSPITAL } from './urgency.rules.ts';

/** Readings at most this far apart are read together; further apart, never. */
export const TOGETHER_WINDOW_MINUTES = 60;
const WINDOW_MS = TOGETHER_WINDOW_MINUTES * 60 * 1000;

export type TogetherCode = 'EARLY_WARNING' | 'POSSIBLE_SERIOUS_INFECTION' | 'POSSIBLE_SHOCK';

export interface TogetherReason {
  readonly code: TogetherCode;
  readonly level: Urgency;
  /** The readings the reason combined, in the catalogue's order. */
  readonly measures: MeasureId[];
  /** What it means and what to do, ending with its sources. */
  readonly message: string;
}

export interface Together {
  /** The most urgent of the reasons; null when the readings together add nothing. */
  readonly urgency: Urgency | null;
  /** The NEWS2 total of the readings combined; null with fewer than two of its five signs. */
  readonly score: number | null;
  readonly reasons: TogetherReason[];
}

export const NOTHING_TOGETHER: Together = { urgency: null, score: null, reasons: [] };

/** The five NEWS2 signs a person can measure at home, by the measure that records each. */
export type News2Measure = 'respiratoryRate' | 'oxygen' | 'bloodPressure' | 'pulse' | 'temperature';

export interface News2Row {
  readonly measure: News2Measure;
  /** As the RCP chart writes it: '92-93'. */
  readonly written: string;
  /**
   * The interval it becomes. A value between two written ranges (91.5 %, 35.05 degrees) scores
   * the higher of the two, as the urgency layer gives a gap to the more urgent level.
   */
  readonly interval: string;
  readonly score: 0 | 1 | 2 | 3;
}

/** NEWS2 (RCP 2017), SpO2 scale 1; blood pressure is scored by its systolic number. */
export const NEWS2_TABLE: readonly News2Row[] = [
  { measure: 'respiratoryRate', written: '8 or less', interval: '(-inf, 9)', score: 3 },
  { measure: 'respiratoryRate', written: '9-11', interval: '[9, 12)', score: 1 },
  { measure: 'respiratoryRate', written: '12-20', interval: '[12, 20]', score: 0 },
  { measure: 'respiratoryRate', written: '21-24', interval: '(20, 24]', score: 2 },
  { measure: 'respiratoryRate', written: '25 or more', interval: '(24, inf)', score: 3 },
  { measure: 'oxygen', written: '91 or less', interval: '(-inf, 92)', score: 3 },
  { measure: 'oxygen', written: '92-93', interval: '[92, 94)', score: 2 },
  { measure: 'oxygen', written: '94-95', interval: '[94, 96)', score: 1 },
  { measure: 'oxygen', written: '96 or more', interval: '[96, inf)', score: 0 },
  { measure: 'bloodPressure', written: '90 or less', interval: '(-inf, 91)', score: 3 },
  { measure: 'bloodPressure', written: '91-100', interval: '[91, 101)', score: 2 },
  { measure: 'bloodPressure', written: '101-110', interval: '[101, 111)', score: 1 },
  { measure: 'bloodPressure', written: '111-219', interval: '[111, 219]', score: 0 },
  { measure: 'bloodPressure', written: '220 or more', interval: '(219, inf)', score: 3 },
  { measure: 'pulse', written: '40 or less', interval: '(-inf, 41)', score: 3 },
  { measure: 'pulse', written: '41-50', interval: '[41, 51)', score: 1 },
  { measure: 'pulse', written: '51-90', interval: '[51, 90]', score: 0 },
  { measure: 'pulse', written: '91-110', interval: '(90, 110]', score: 1 },
  { measure: 'pulse', written: '111-130', interval: '(110, 130]', score: 2 },
  { measure: 'pulse', written: '131 or more', interval: '(130, inf)', score: 3 },
  { measure: 'temperature', written: '35.0 or less', interval: '(-inf, 35.1)', score: 3 },
  { measure: 'temperature', written: '35.1-36.0', interval: '[35.1, 36.1)', score: 1 },
  { measure: 'temperature', written: '36.1-38.0', interval: '[36.1, 38]', score: 0 },
  { measure: 'temperature', written: '38.1-39.0', interval: '(38, 39]', score: 1 },
  { measure: 'temperature', written: '39.1 or more', interval: '(39, inf)', score: 2 },
];

const NEWS2_EDGES: readonly (News2Row & { readonly edges: Interval })[] = NEWS2_TABLE.map(
  (row) => ({ ...row, edges: interval(row.interval) }),
);

/** A total from this is an urgent response (RCP); `now` at home. */
export const NEWS2_URGENT_TOTAL = 5;

export function news2Score(measure: News2Measure, value: number): 0 | 1 | 2 | 3 {
  const row = NEWS2_EDGES.find(
    (each) => each.measure === measure && intervalContains(each.edges, value),
  );
  return row?.score ?? 0;
}

/**
 * Possible serious infection (NICE NG51; WHO malaria): a temperature of 38.0 or more, or under
 * 36.0, with any of these. Each edge gives the gap between integers to the sign (100.5 mmHg is
 * '100 or less' rather than normal).
 */
export const INFECTION_SIGNS = {
  fever: '[38, inf)',
  cold: '(-inf, 36)',
  bloodPressure: {
    written: 'a top blood pressure number (systolic) of 100 or less',
    interval: '(-inf, 101)',
  },
  respiratoryRate: { written: 'breathing 22 times a minute or more', interval: '(21, inf)' },
  oxygen: { written: 'an oxygen saturation of 93 % or less', interval: '(-inf, 94)' },
  pulse: { written: 'a pulse over 110', interval: '(110, inf)' },
} as const;

const NEWS2_SOURCE: Sources = 'rcpNews2';
const INFECTION_SOURCES: Sources = ['niceSepsis', 'whoMalaria'];
const SHOCK_SOURCES: Sources = 'shockIndex';

const WARNING_NOT_DIAGNOSIS =
  'Vitalia uses this hospital score on home readings as a warning, not a diagnosis.';

/** One reading in the window: its measure, the number the rules read, and when it was taken. */
interface Present {
  readonly measure: MeasureId;
  readonly value: number;
  readonly at: number;
}

function names(measures: readonly MeasureId[]): string {
  const words = measures.map((measure) => {
    const name = MEASURES[measure].displayName;
    return name === name.toUpperCase() ? name : name.toLowerCase();
  });
  return words.length <= 1
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

function listed(parts: readonly string[]): string {
  return parts.length <= 1
    ? (parts[0] ?? '')
    : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

function inCatalogueOrder(measures: readonly MeasureId[]): MeasureId[] {
  const order = Object.keys(MEASURES);
  return [...new Set(measures)].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

const isNews2 = (measure: MeasureId): measure is News2Measure =>
  NEWS2_TABLE.some((row) => row.measure === measure);

function earlyWarning(group: readonly Present[]): {
  score: number | null;
  reason?: TogetherReason;
} {
  const signs = group.filter((each) => isNews2(each.measure));
  if (signs.length < 2) return { score: null };
  const scored = signs.map((each) => ({
    ...each,
    score: news2Score(each.measure as News2Measure, each.value),
  }));
  const total = scored.reduce((sum, each) => sum + each.score, 0);
  const measures = inCatalogueOrder(signs.map((each) => each.measure));
  if (total >= NEWS2_URGENT_TOTAL) {
    return {
      score: total,
      reason: {
        code: 'EARLY_WARNING',
        level: 'now',
        measures,
        message: `Together, your ${names(measures)} score ${total} on NEWS2, the early-warning score hospitals use; ${NEWS2_URGENT_TOTAL} or more needs urgent care. ${CALL_NOW} ${WARNING_NOT_DIAGNOSIS} ${citation(NEWS2_SOURCE)}`,
      },
    };
  }
  const severe = scored.filter((each) => each.score === 3).map((each) => each.measure);
  if (severe.length > 0) {
    return {
      score: total,
      reason: {
        code: 'EARLY_WARNING',
        level: 'today',
        measures,
        message: `Your ${names(severe)} alone scores 3 on NEWS2, the early-warning score hospitals use: the most one sign can${measures.length > severe.length ? ` (your ${names(measures)} score ${total} together)` : ''}. Contact a doctor or clinic today. Call the emergency number now, ${TO_HOSPITAL}, if you feel worse, or become breathless, confused or very drowsy. ${WARNING_NOT_DIAGNOSIS} ${citation(NEWS2_SOURCE)}`,
      },
    };
  }
  return { score: total };
}

function seriousInfection(group: readonly Present[]): TogetherReason | undefined {
  const temperature = group.find((each) => each.measure === 'temperature');
  if (!temperature) return undefined;
  const fever = intervalContains(interval(INFECTION_SIGNS.fever), temperature.value);
  const cold = intervalContains(interval(INFECTION_SIGNS.cold), temperature.value);
  if (!fever && !cold) return undefined;
  const signs = group.flatMap((each) => {
    const sign =
      each.measure === 'bloodPressure' ||
      each.measure === 'respiratoryRate' ||
      each.measure === 'oxygen' ||
      each.measure === 'pulse'
        ? INFECTION_SIGNS[each.measure]
        : undefined;
    return sign && intervalContains(interval(sign.interval), each.value)
      ? [{ measure: each.measure, written: sign.written }]
      : [];
  });
  if (signs.length === 0) return undefined;
  const what = fever ? 'A fever of 38.0 °C or more' : 'A temperature under 36.0 °C';
  return {
    code: 'POSSIBLE_SERIOUS_INFECTION',
    level: 'now',
    measures: inCatalogueOrder(['temperature', ...signs.map((sign) => sign.measure)]),
    message: `${what} together with ${listed(signs.map((sign) => sign.written))} can mean a serious infection such as sepsis or severe malaria (sepsis is a dangerous reaction of the whole body to an infection). ${CALL_NOW} Do not wait to see whether it passes. ${citation(INFECTION_SOURCES)}`,
  };
}

function possibleShock(group: readonly Present[]): TogetherReason | undefined {
  const pulse = group.find((each) => each.measure === 'pulse');
  const pressure = group.find((each) => each.measure === 'bloodPressure');
  if (!pulse || !pressure || pulse.value < pressure.value) return undefined;
  return {
    code: 'POSSIBLE_SHOCK',
    level: 'now',
    measures: inCatalogueOrder(['bloodPressure', 'pulse']),
    message: `Your pulse is at or above the top number of your blood pressure, which can mean shock: the body is not getting enough blood. ${CALL_NOW} Lie down with your legs raised while you wait. ${citation(SHOCK_SOURCES)}`,
  };
}

function readGroup(group: readonly Present[]): Together {
  const warning = earlyWarning(group);
  const reasons = [warning.reason, seriousInfection(group), possibleShock(group)]
    .filter((reason): reason is TogetherReason => reason !== undefined)
    .sort((a, b) => urgencyRank(b.level) - urgencyRank(a.level));
  return { urgency: reasons[0]?.level ?? null, score: warning.score, reasons };
}

function worse(a: Together, b: Together): Together {
  const rank = urgencyRank(b.urgency) - urgencyRank(a.urgency);
  if (rank !== 0) return rank > 0 ? b : a;
  if (b.reasons.length !== a.reasons.length) return b.reasons.length > a.reasons.length ? b : a;
  return (b.score ?? -1) > (a.score ?? -1) ? b : a;
}

/**
 * The readings the rules read: those that could be rated (an invalid reading is asked to be typed
 * again, not combined), with a time, and the number each rule reads (systolic for a pressure).
 */
function presentReadings(readings: Partial<Record<MeasureId, ParsedReading | null>>): Present[] {
  const nobody = parseProfile(null);
  return (Object.keys(MEASURES) as MeasureId[]).flatMap((measure) => {
    const reading = readings[measure];
    if (!reading || reading.takenAt === null || reading.value.number === null) return [];
    if (MEASURES[measure].rate(reading, nobody).band === INVALID_BAND) return [];
    return [{ measure, value: reading.value.number, at: reading.takenAt }];
  });
}

/**
 * The newest readings read together. Every set of readings that fall within 60 minutes of each
 * other is read, and the most urgent answer stands; adding a reading can only add to a set, so it
 * never lowers the answer.
 */
export function readTogetherParsed(
  readings: Partial<Record<MeasureId, ParsedReading | null>>,
): Together {
  const present = presentReadings(readings).sort((a, b) => a.at - b.at);
  let answer = NOTHING_TOGETHER;
  for (const start of present) {
    const group = present.filter((each) => each.at >= start.at && each.at - start.at <= WINDOW_MS);
    if (group.length < 2) continue;
    answer = worse(answer, readGroup(group));
  }
  return answer;
}

/** As readTogetherParsed, for the newest readings as the wire carries them. */
export function readTogether(
  readings: Partial<Record<MeasureId, unknown>> | null | undefined,
): Together {
  const parsed = Object.fromEntries(
    Object.entries(readings ?? {}).map(([measure, reading]) => [
      measure,
      parseWireReading(reading),
    ]),
  ) as Partial<Record<MeasureId, ParsedReading | null>>;
  return readTogetherParsed(parsed);
}

/**
 * What the readings together say beyond each one's own rating: the reasons more urgent than
 * every reading they combined is alone, and their level. A saturation of 90 % already asks for
 * emergency care; its early-warning score beside a normal temperature adds nothing to say.
 */
export function beyondOwnRatings(
  together: Together,
  own: Readonly<Record<MeasureId, { readonly urgency: Urgency | null }>>,
): Together {
  const reasons = together.reasons.filter((reason) =>
    reason.measures.every(
      (measure) => urgencyRank(own[measure].urgency) < urgencyRank(reason.level),
    ),
  );
  return { urgency: reasons[0]?.level ?? null, score: together.score, reasons };
}
