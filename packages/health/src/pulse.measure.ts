// Resting pulse (beats per minute), docs/clinical-reference.md. The colour and the score follow the
// clinical resting range (60-100 normal, 101-120 fast, over 120 very fast); the resting heart rate
// chart, by sex and by age on the day of the reading, is a fitness rating and is shown as a second
// line. Under 60 the chart (or the general adult range when sex or age is unknown) decides, except
// that from 65 a pulse under 50 is 'Slow', never 'Athlete'.
import { defineMeasure, message } from './measure.definition.ts';
import { ageAtReading, parseValue, type ParsedValue } from './reading.typed.ts';
import { CALL_NOW_WITHIN, TO_HOSPITAL, type UrgencyRule } from './urgency.rules.ts';
import { ageInYears } from './age.calendar.ts';
import { analyseNumber, INVALID_BAND, negativeReadingBand } from './analysis.model.ts';
import type { Analysis, InvalidAdvice } from './analysis.model.ts';
import { defineTable, type BandColour, type BandSpec, type BandTable } from './band.model.ts';
import { READING_LIMITS } from './measurement-limits.catalog.ts';
import { citation, sourceNames } from './source.catalog.ts';

export const PULSE_GENDERS = ['Male', 'Female'] as const;
export type PulseGender = (typeof PULSE_GENDERS)[number];

export const PULSE_AGE_BANDS = [
  { key: '18-25', from: 18, to: 25 },
  { key: '26-35', from: 26, to: 35 },
  { key: '36-45', from: 36, to: 45 },
  { key: '46-55', from: 46, to: 55 },
  { key: '56-65', from: 56, to: 65 },
  { key: 'over 65', from: 66, to: null },
] as const;
export type PulseAgeBand = (typeof PULSE_AGE_BANDS)[number]['key'];

/** The chart's rows, best first, with the product's names for them (Great is the chart's 'Good'). */
export const PULSE_LABELS = [
  'Athlete',
  'Excellent',
  'Great',
  'Good',
  'Average',
  'Below Average',
  'Poor',
] as const;
export type PulseLabel = (typeof PULSE_LABELS)[number];

const PULSE_LABEL_COLOURS: Readonly<Record<PulseLabel, BandColour>> = {
  Athlete: 'green',
  Excellent: 'green',
  Great: 'green',
  Good: 'green',
  Average: 'green',
  'Below Average': 'red',
  Poor: 'red',
};

// The resting heart rate chart (docs/clinical-reference.md), cell for cell, written as it is there: 'a-b' whole beats, or 'a+' for the Poor
// row. Columns follow PULSE_AGE_BANDS: 18-25, 26-35, 36-45, 46-55, 56-65, over 65.
export const RESTING_PULSE_CHART: Readonly<
  Record<PulseGender, Readonly<Record<PulseLabel, readonly string[]>>>
> = {
  Male: {
    Athlete: ['49-55', '49-54', '50-56', '50-57', '51-56', '50-55'],
    Excellent: ['56-61', '55-61', '57-62', '58-63', '57-61', '56-61'],
    Great: ['62-65', '62-65', '63-66', '64-67', '62-67', '62-65'],
    Good: ['66-69', '66-70', '67-70', '68-71', '68-71', '66-69'],
    Average: ['70-73', '71-74', '71-75', '72-76', '72-75', '70-73'],
    'Below Average': ['74-81', '75-81', '76-82', '77-83', '76-81', '74-79'],
    Poor: ['82+', '82+', '83+', '84+', '82+', '80+'],
  },
  Female: {
    Athlete: ['54-60', '54-59', '54-59', '54-60', '54-59', '54-59'],
    Excellent: ['61-65', '60-64', '60-64', '61-65', '60-64', '60-64'],
    Great: ['66-69', '65-68', '65-69', '66-69', '65-68', '65-68'],
    Good: ['70-73', '69-72', '70-73', '70-73', '69-73', '69-72'],
    Average: ['74-78', '73-76', '74-78', '74-77', '74-77', '73-76'],
    'Below Average': ['79-84', '77-82', '79-84', '78-83', '78-83', '77-84'],
    // Sources disagree for women over 65 (84+ or 85+); the chart keeps 84 Below Average.
    Poor: ['85+', '83+', '85+', '84+', '84+', '85+'],
  },
};

/** A chart cell as numbers: its lowest and highest whole beat; `to` is null for 'a+'. */
export interface PulseCell {
  readonly from: number;
  readonly to: number | null;
}

const CELL_NOTATION = /^(\d+)(?:-(\d+)|\+)$/;

/** Reads a chart cell; only the chart above is read, so a malformed cell is a programming error. */
export function pulseCell(written: string): PulseCell {
  const match = CELL_NOTATION.exec(written);
  if (!match) throw new Error(`Not a pulse chart cell: ${written}`);
  return { from: Number(match[1]), to: match[2] === undefined ? null : Number(match[2]) };
}

/** The cell of the chart for a sex, row and age band. */
export function pulseChartCell(
  gender: PulseGender,
  label: PulseLabel,
  ageBand: PulseAgeBand,
): PulseCell {
  return pulseCell(RESTING_PULSE_CHART[gender][label][chartColumn(ageBand)] ?? '');
}

function chartColumn(ageBand: PulseAgeBand): number {
  return PULSE_AGE_BANDS.findIndex((band) => band.key === ageBand);
}

export const UNUSUALLY_LOW_PULSE =
  'Unusually low: re-check at rest; normal for some trained athletes';

// Every pulse table matches the reading rounded to a whole beat (61.5 -> 62), so a chart cell
// 'a-b' becomes [a, next cell's a): the same whole beats, and no gap for a chart to shade.
const PULSE_DECIMALS = 0;

const VERY_LOW: BandSpec = {
  key: 'very-low',
  written: 'under 40',
  interval: '[0, 40)',
  colour: 'red',
  label: 'Very low',
  advice:
    'A resting pulse under 40 bpm is very low. Get medical help now if you feel dizzy, faint or breathless or have chest pain; otherwise see a doctor soon.',
  source: 'ahaHeartRate',
};

function groupName(gender: PulseGender, ageBand: PulseAgeBand): string {
  const people = gender === 'Male' ? 'men' : 'women';
  return ageBand === 'over 65' ? `${people} over 65` : `${people} aged ${ageBand}`;
}

// The chart rates fitness; the clinical range is wider, and a person should know which is which.
const CHART_IS_FITNESS =
  'This chart rates fitness; for adults the usual clinical resting range is 60-100 bpm (AHA).';

function chartAdvice(label: PulseLabel, written: string, group: string): string {
  const place = `On the resting heart rate chart, ${written} bpm is '${label}' for ${group}`;
  switch (label) {
    case 'Athlete':
      return `${place}: typical of very fit people. ${CHART_IS_FITNESS}`;
    case 'Below Average':
      return `${place}: higher than most ${group} have. Regular aerobic exercise, enough sleep and less caffeine and alcohol can bring it down. ${CHART_IS_FITNESS}`;
    case 'Poor':
      return `${place}: high for ${group}. Measure again after sitting quietly for 5 minutes; if it stays this high, or you feel dizzy, breathless or have chest pain, see a doctor. ${CHART_IS_FITNESS}`;
    default:
      return `${place}: a healthy range. ${CHART_IS_FITNESS}`;
  }
}

function chartTable(gender: PulseGender, ageBand: PulseAgeBand): BandTable {
  const group = groupName(gender, ageBand);
  const column = chartColumn(ageBand);
  const cells = PULSE_LABELS.map((label) => {
    const written = RESTING_PULSE_CHART[gender][label][column] ?? '';
    return { label, written, ...pulseCell(written) };
  });
  const athleteFrom = cells[0]?.from ?? 0;
  const chartBands = cells.map(({ label, written, from }, index): BandSpec => {
    const next = cells[index + 1]?.from;
    return {
      key: label.toLowerCase().replace(' ', '-'),
      written,
      interval: next === undefined ? `[${from}, inf)` : `[${from}, ${next})`,
      colour: PULSE_LABEL_COLOURS[label],
      label,
      advice: chartAdvice(label, written, group),
      source: ['topendPulseChart', 'ahaHeartRate'],
    };
  });
  return defineTable({
    id: `pulse/${gender.toLowerCase()}/${ageBand}`,
    measure: 'pulse',
    unit: 'bpm',
    decimals: PULSE_DECIMALS,
    limit: READING_LIMITS.pulse,
    bands: [
      negativeReadingBand('ahaHeartRate'),
      VERY_LOW,
      {
        key: 'below-athlete',
        written: `40-${athleteFrom - 1}`,
        interval: `[40, ${athleteFrom})`,
        colour: 'yellow',
        label: UNUSUALLY_LOW_PULSE,
        advice:
          'A resting pulse under 60 is called bradycardia and can be normal for trained athletes. Measure again after sitting quietly for 5 minutes, and see a doctor if it stays low and you feel dizzy, faint or tired.',
        source: 'ahaHeartRate',
      },
      ...chartBands,
    ],
  });
}

function chartTables(gender: PulseGender): Readonly<Record<PulseAgeBand, BandTable>> {
  return Object.fromEntries(
    PULSE_AGE_BANDS.map(({ key }) => [key, chartTable(gender, key)]),
  ) as Record<PulseAgeBand, BandTable>;
}

/** One table per sex and age band, derived from RESTING_PULSE_CHART. */
export const PULSE_BANDS: Readonly<Record<PulseGender, Readonly<Record<PulseAgeBand, BandTable>>>> =
  {
    Male: chartTables('Male'),
    Female: chartTables('Female'),
  };

// For anyone the chart does not cover (under 18, no date of birth, neither Male nor Female).
// On whole beats: 40 or less -> [0, 41)   41-100 -> [41, 101)   over 100 -> [101, inf)
export const GENERAL_PULSE_BANDS = defineTable({
  id: 'pulse/general',
  measure: 'pulse',
  unit: 'bpm',
  decimals: PULSE_DECIMALS,
  limit: READING_LIMITS.pulse,
  bands: [
    negativeReadingBand('ahaHeartRate'),
    {
      key: 'low',
      written: '40 or less',
      interval: '[0, 41)',
      colour: 'red',
      label: 'Low',
      advice:
        'A resting pulse of 40 bpm or less is very low. See a doctor, urgently if you feel dizzy, faint or breathless.',
      source: 'ahaHeartRate',
    },
    {
      key: 'normal',
      written: '41-100',
      interval: '[41, 101)',
      colour: 'green',
      label: 'Normal',
      advice:
        'A resting pulse from 41 to 100 bpm is in the normal range; for adults 60-100 is typical, and lower is common in fit people.',
      source: 'ahaHeartRate',
    },
    {
      key: 'high',
      written: 'over 100',
      interval: '[101, inf)',
      colour: 'red',
      label: 'High',
      advice:
        'A resting pulse over 100 bpm is fast (tachycardia). Sit quietly for 5 minutes and measure again; see a doctor if it stays over 100.',
      source: 'ahaHeartRate',
    },
  ],
});

// The clinical resting range (AHA: 60-100 bpm), on whole beats:
//   under 40 -> [0, 40)   40-59 -> [40, 60)   60-100 -> [60, 101)   101-120 -> [101, 121)
//   over 120 -> [121, inf)
export const CLINICAL_PULSE_BANDS = defineTable({
  id: 'pulse/clinical',
  measure: 'pulse',
  unit: 'bpm',
  decimals: PULSE_DECIMALS,
  limit: READING_LIMITS.pulse,
  bands: [
    negativeReadingBand('ahaHeartRate'),
    VERY_LOW,
    {
      key: 'under-60',
      written: '40-59',
      interval: '[40, 60)',
      colour: 'yellow',
      label: 'Slow',
      advice:
        'A resting pulse under 60 bpm is slow (bradycardia). Measure again after sitting quietly for 5 minutes, and see a doctor if it stays low and you feel dizzy, faint, breathless or unusually tired.',
      source: 'ahaHeartRate',
    },
    {
      key: 'normal',
      written: '60-100',
      interval: '[60, 101)',
      colour: 'green',
      label: 'Normal',
      advice: 'A resting pulse of 60-100 bpm is in the usual clinical range for adults (AHA).',
      source: 'ahaHeartRate',
    },
    {
      key: 'fast',
      written: '101-120',
      interval: '[101, 121)',
      colour: 'yellow',
      label: 'Fast',
      advice:
        'A resting pulse over 100 bpm is fast (tachycardia). Sit quietly for 5 minutes and measure again; a fever, caffeine, anxiety or dehydration can raise it. See a doctor if it stays over 100.',
      source: 'ahaHeartRate',
    },
    {
      key: 'very-fast',
      written: 'over 120',
      interval: '[121, inf)',
      colour: 'red',
      label: 'Very fast',
      advice:
        'A resting pulse over 120 bpm is very fast. Sit quietly for 5 minutes and measure again; if it is still over 120, contact a doctor today.',
      source: 'ahaHeartRate',
    },
  ],
});

/** From this age a pulse under 50 is slow, never an athlete's (docs/clinical-reference.md). */
export const SLOW_PULSE_AGE = 65;

const SLOW_IN_LATER_LIFE = {
  band: 'slow-65',
  colour: 'yellow',
  result: 'Slow',
  advice: `At ${SLOW_PULSE_AGE} or over, a resting pulse under 50 bpm is slow rather than a sign of fitness: it can come from heart rhythm problems or from medicines such as beta blockers. Measure again after sitting quietly for 5 minutes, and see a doctor soon; call the emergency number if you feel faint, dizzy, breathless or have chest pain. ${citation('ahaHeartRate')}`,
} as const;

function sentenceCase(label: string): string {
  return label.charAt(0) + label.slice(1).toLowerCase();
}

export const PULSE_INVALID: InvalidAdvice = {
  source: 'ahaHeartRate',
  advice: 'Enter your pulse as a whole number of beats per minute from 20 to 250, for example 72.',
};

/** What the pulse rating needs to know about the person, and the day the reading was taken. */
export interface PulseProfile {
  readonly dob?: string | Date | null;
  readonly gender?: string | null;
  /** The day of the reading; age is counted on this day. */
  readonly on?: string | Date | null;
}

/** 'Male' or 'Female' in any letter case; anything else is neither. */
export function pulseGender(gender: unknown): PulseGender | null {
  if (typeof gender !== 'string') return null;
  const word = gender.trim().toLowerCase();
  return PULSE_GENDERS.find((known) => known.toLowerCase() === word) ?? null;
}

export function pulseAgeBand(age: number): PulseAgeBand | null {
  return (
    PULSE_AGE_BANDS.find((band) => age >= band.from && (band.to === null || age <= band.to))?.key ??
    null
  );
}

/** The table that rates this person's pulse on the reading's day. */
export function pulseTableFor(profile: PulseProfile | null | undefined): BandTable {
  return pulseTableForAge(profile?.gender, ageInYears(profile?.dob, profile?.on));
}

/** The table for a gender and an age in whole years; the general one when either is unknown. */
export function pulseTableForAge(gender: unknown, age: number | null): BandTable {
  const chartGender = pulseGender(gender);
  const ageBand = age === null ? null : pulseAgeBand(age);
  if (chartGender === null || ageBand === null) return GENERAL_PULSE_BANDS;
  return PULSE_BANDS[chartGender][ageBand];
}

/**
 * Rates a value read at the boundary: by the clinical range, with the fitness chart for this
 * gender and age (`table`) as a second line from 60 to 100 bpm, and deciding under 60.
 */
export function ratePulse(value: ParsedValue, table: BandTable, age: number | null): Analysis {
  const clinical = analyseNumber(CLINICAL_PULSE_BANDS, value, PULSE_INVALID);
  const fitness = analyseNumber(table, value, PULSE_INVALID);
  if (clinical.band === INVALID_BAND || clinical.band === VERY_LOW.key) {
    return withPulseQuoted(clinical);
  }
  if (clinical.band === 'under-60') {
    const slowForAge = age !== null && age >= SLOW_PULSE_AGE && (value.number ?? 0) < 49.5;
    return withPulseQuoted(
      slowForAge
        ? { ...clinical, ...SLOW_IN_LATER_LIFE, source: sourceNames('ahaHeartRate') }
        : fitness,
    );
  }
  // A fitness rating describes a resting pulse in the usual range; beside a fast one ('Fitness:
  // Poor' under 'Fast') it reads as a judgement and says nothing the clinical range does not.
  if (table === GENERAL_PULSE_BANDS || clinical.band !== 'normal') return withPulseQuoted(clinical);
  return withPulseQuoted({
    ...clinical,
    detail: `Fitness: ${sentenceCase(fitness.result)}`,
    advice: `${clinical.advice} ${fitness.advice}`,
    source: fitness.source,
  });
}

/** Rated on the reading's own day; the advice starts with the person's own value. */
export function interpretPulse(input: unknown, profile?: PulseProfile | null): Analysis {
  const age = ageInYears(profile?.dob, profile?.on);
  return ratePulse(parseValue(input), pulseTableForAge(profile?.gender, age), age);
}

/**
 * The advice with the person's own value in front ('Your resting pulse: 180 bpm. …'); also used
 * after the urgency layer has replaced the band's advice with its own.
 */
export function withPulseQuoted(analysis: Analysis): Analysis {
  if (analysis.band === INVALID_BAND || analysis.value === null) return analysis;
  return { ...analysis, advice: `Your resting pulse: ${analysis.value} bpm. ${analysis.advice}` };
}

// Urgency (docs/clinical-reference.md, 'Urgency'): a layer over the bands, read by urgency.rules.ts.

export const PULSE_URGENCY: readonly UrgencyRule[] = [
  {
    measure: 'pulse',
    level: 'now',
    written: 'under 40 or over 150 bpm at rest',
    value: ['[0, 40)', '(150, inf)'],
    firstAction: `If you feel faint, breathless or dizzy, or have chest pain, call the emergency number now, ${TO_HOSPITAL}. Otherwise sit or lie down, keep still for 5 minutes and measure again; if it is still under 40 or over 150, ${CALL_NOW_WITHIN}`,
    emergencySigns:
      'Fainting, dizziness, breathlessness, chest pain or confusion mean the heart is not coping.',
    why: "A resting pulse under 40 or over 150 needs urgent care; these thresholds are Vitalia's own, set to be safe.",
    source: 'ahaHeartRate',
  },
  {
    measure: 'pulse',
    level: 'today',
    written: '121-150 bpm at rest',
    value: ['(120, 150]'],
    firstAction:
      'Sit quietly for 5 minutes and measure again; if your resting pulse is still over 120, contact a doctor today.',
    emergencySigns:
      'Call the emergency number now, or have someone take you to the nearest hospital emergency unit, if you feel faint, breathless or dizzy, or have chest pain or a pounding heart that does not settle.',
    why: "AHA calls a resting pulse over 100 fast; contacting a doctor the same day from 121 is Vitalia's own threshold.",
    source: 'ahaHeartRate',
  },
];

export const PULSE_MEASURE = defineMeasure({
  id: 'pulse',
  slug: 'pulse',
  name: message('measure.pulse.name', 'Pulse'),
  unit: 'bpm',
  wire: { tag: 'Pulse Value', value: READING_LIMITS.pulse, second: null },
  freshForDays: 90,
  source: 'ahaHeartRate',
  bandTables: [
    CLINICAL_PULSE_BANDS,
    ...Object.values(PULSE_BANDS.Male),
    ...Object.values(PULSE_BANDS.Female),
    GENERAL_PULSE_BANDS,
  ],
  urgency: PULSE_URGENCY,
  ratedDecimals: PULSE_DECIMALS,
  // Age is counted on the reading's own day.
  rate: (reading, profile) => {
    const age = ageAtReading(profile, reading);
    return ratePulse(reading.value, pulseTableForAge(profile.gender, age), age);
  },
  afterUrgency: withPulseQuoted,
  form: { kind: 'number', label: message('measure.pulse.field', 'Resting pulse'), helper: null },
  plot: { kind: 'number' },
  prompt: message('measure.pulse.prompt', 'Type your resting pulse to see what it means.'),
  from: message('measure.pulse.from', 'From a monitor or counted at the wrist'),
  // loinc.org/8867-4; the R4 heartrate profile, /min.
  codes: {
    category: 'vital-signs',
    profile: 'heartrate',
    codings: [{ system: 'loinc', code: '8867-4', display: 'Heart rate' }],
    unit: { code: '/min', unit: 'beats/minute' },
    components: null,
  },
  importColumns: [
    {
      role: 'pulse',
      label: message('import.column.pulse', 'Pulse (bpm)'),
      part: 'value',
      header: /pulse|puls|heart\s*rate|\bhr\b|\bbpm\b/i,
    },
  ],
  articleSlug: 'resting-heart-rate',
});
