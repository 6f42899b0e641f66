// docs/clinical-reference.md, written from the interpreter's own data: every band, rule, urgency
// threshold, limit and source, so that the document cannot say one thing while the code does
// another. `npm run docs:clinical` writes it; a test in npm test fails when it is not current.
import type { Band, BandTable, Interval, Outcome } from './band.model.ts';
import { CONDITION_USES, CONDITIONS } from './conditions.ts';
import { BLOOD_PRESSURE_RULES } from './blood-pressure.measure.ts';
import { BREATHING_OUTCOMES, FEV_BANDS } from './breathing.measure.ts';
import {
  ALL_READING_LIMITS,
  MEASURE_COUNT,
  MEASURE_LIST,
  MEASURES,
  URGENCY_RULES,
  type Measure,
  type MeasureId,
} from './measure.catalog.ts';
import { MOOD_BANDS, MOOD_RE_ENTER } from './mood.measure.ts';
import {
  CLINICAL_PULSE_BANDS,
  GENERAL_PULSE_BANDS,
  SLOW_PULSE_AGE,
  PULSE_AGE_BANDS,
  PULSE_BANDS,
  PULSE_GENDERS,
  PULSE_LABELS,
  RESTING_PULSE_CHART,
} from './pulse.measure.ts';
import { GENERAL_NOTE, GENERAL_NOTE_IN_PREGNANCY, UNDER_18_NOTE } from './reading.notes.ts';
import { SOURCES, sourceIds, type SourceId, type Sources } from './source.catalog.ts';
import { METER_OUT_OF_RANGE, SUGAR_BANDS } from './sugar.measure.ts';
import { ADA_GLUCOSE_PAIRS } from './sugar.units.ts';
import {
  INFECTION_SIGNS,
  NEWS2_TABLE,
  NEWS2_URGENT_TOTAL,
  TOGETHER_WINDOW_MINUTES,
} from './together.rules.ts';
import type { UrgencyRule } from './urgency.rules.ts';

const SOURCE_IDS = Object.keys(SOURCES) as SourceId[];

/** '[1]', '[1], [4]': the numbers of the sources in the list at the end. */
function sourceRefs(sources: Sources): string {
  return sourceIds(sources)
    .map((id) => `[${SOURCE_IDS.indexOf(id) + 1}]`)
    .join(', ');
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
}

function row(cells: readonly string[]): string {
  return `| ${cells.map(cell).join(' | ')} |`;
}

function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  return [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');
}

function edge(value: number | null, side: 'lower' | 'upper'): string {
  if (value === null) return side === 'lower' ? '-inf' : 'inf';
  return String(value);
}

export function intervalText(edges: Interval): string {
  const open = edges.lower !== null && edges.lowerInclusive ? '[' : '(';
  const close = edges.upper !== null && edges.upperInclusive ? ']' : ')';
  return `${open}${edge(edges.lower, 'lower')}, ${edge(edges.upper, 'upper')}${close}`;
}

/** The advice without its closing citation, which the Sources column gives as numbers. */
function adviceText(outcome: Outcome): string {
  const citation = outcome.advice.lastIndexOf(' (Source');
  return citation === -1 ? outcome.advice : outcome.advice.slice(0, citation);
}

function bandRows(bands: readonly Band[]): string[][] {
  return bands.map((band) => [
    band.written,
    intervalText(band),
    band.colour,
    band.label,
    adviceText(band),
    sourceRefs(band.source),
  ]);
}

const BAND_HEAD = ['Written', 'Interval', 'Colour', 'Label', 'Advice', 'Sources'];

function bandTable(title: string, bandTableData: BandTable, note?: string): string {
  const rounding =
    bandTableData.decimals === null
      ? 'Rated on every digit.'
      : `Rounded to ${bandTableData.decimals} decimal${bandTableData.decimals === 1 ? '' : 's'} (half away from zero) before it is rated.`;
  const shown =
    bandTableData.shownDecimals === null
      ? ''
      : ` Shown cut (not rounded) to ${bandTableData.shownDecimals} decimal, so the figure shown never sits across an edge from its rating.`;
  return [
    `### ${title}`,
    '',
    `Table \`${bandTableData.id}\`, ${bandTableData.unit}. ${rounding}${shown}${note ? ` ${note}` : ''}`,
    '',
    table(BAND_HEAD, bandRows(bandTableData.bands)),
  ].join('\n');
}

function outcomeTable(outcomes: readonly Outcome[]): string {
  return table(
    ['Written', 'Colour', 'Label', 'Advice', 'Sources'],
    outcomes.map((outcome) => [
      outcome.written,
      outcome.colour,
      outcome.label,
      adviceText(outcome),
      sourceRefs(outcome.source),
    ]),
  );
}

function sugarSection(): string {
  const contexts = Object.entries(SUGAR_BANDS).map(([key, sugarTable]) =>
    bandTable(`Blood sugar: ${key.replace(/-/g, ' ')}`, sugarTable),
  );
  const pairs = table(
    ['mmol/L', 'mg/dL'],
    ADA_GLUCOSE_PAIRS.map(([mmol, mgdl]) => [mmol.toFixed(1), String(mgdl)]),
  );
  return [
    '## Blood sugar',
    '',
    'The circumstances come from the narration, read as whole words in any letter case: `HadDiabetics` (a person with diabetes) and `HadMeal` (after a meal); `HadMeal:true` counts, `NotHadDiabetics` and `HadDiabetics:false` do not. Without them a reading is rated as fasting and not diabetic.',
    '',
    ...contexts.flatMap((section) => [section, '']),
    '### Blood sugar in mmol/L',
    '',
    'A value typed in mmol/L is kept as typed (`enteredValue`, `enteredUnit`) and rated as the mg/dL value ADA publishes beside it. Between two pairs it is placed in proportion; below the first pair and above the last, by the molar factor 18.016. The map only rises and every band edge is one of its pairs, so no rounding can move a reading across an edge. A value under 40 typed as mg/dL, or over 40 typed as mmol/L, is questioned before it is saved.',
    '',
    pairs,
    '',
    '### A meter that shows HI or LO',
    '',
    `A meter shows HI or LO when the sugar is beyond what it can measure, so there is no number to type. The form says, under the sugar field: "${METER_OUT_OF_RANGE.question.en} ${METER_OUT_OF_RANGE.high.en} ${METER_OUT_OF_RANGE.low.en}"`,
  ].join('\n');
}

function pulseSection(): string {
  const chartHead = ['Label', ...PULSE_AGE_BANDS.map((band) => band.key)];
  const charts = PULSE_GENDERS.map((gender) =>
    [
      `### Resting pulse chart: ${gender === 'Male' ? 'men' : 'women'} (bpm)`,
      '',
      table(
        chartHead,
        PULSE_LABELS.map((label) => [label, ...RESTING_PULSE_CHART[gender][label]]),
      ),
    ].join('\n'),
  );
  const example = PULSE_BANDS.Female['26-35'];
  const lowBands = example.bands.filter((band) => band.key !== 'invalid').slice(0, 2);
  return [
    '## Pulse',
    '',
    `Rated at rest. The colour, the label and the score follow the clinical resting range (AHA: 60-100 bpm) below; the resting heart rate chart, by sex and by age on the day the reading was taken, rates fitness and is shown as a second line ('Fitness: Below average') for a pulse of 60-100 bpm only (beside 'Fast' it would read as a judgement), so that 78-88 bpm at rest is never read as 'too low' or 'poor'. Under 60 bpm the chart decides (Athlete to Average green, below the Athlete band yellow), except that from ${SLOW_PULSE_AGE} a pulse under 50 is 'Slow' (yellow), never 'Athlete'. The advice starts with the person's own value.`,
    '',
    bandTable('Pulse: the clinical resting range', CLINICAL_PULSE_BANDS),
    '',
    ...charts.flatMap((section) => [section, '']),
    'Below the Athlete band (the same in every column; women aged 26-35 shown):',
    '',
    table(BAND_HEAD, bandRows(lowBands)),
    '',
    bandTable(
      'Pulse without the chart',
      GENERAL_PULSE_BANDS,
      'For anyone under 18, without a date of birth, or with a gender other than Male or Female.',
    ),
  ].join('\n');
}

function bloodPressureSection(): string {
  return [
    '## Blood pressure',
    '',
    'Systolic over diastolic, mmHg. The rules are tried in order and the first that holds wins; every rule but the last needs only one of its numbers. A diastolic not below the systolic, or either number outside its limit, is invalid (yellow).',
    '',
    table(
      ['Rule', 'Written', 'Systolic', 'Diastolic', 'Colour', 'Label', 'Advice', 'Sources'],
      BLOOD_PRESSURE_RULES.map((rule) => [
        String(rule.rule),
        rule.written,
        rule.systolic === null ? '' : intervalText(rule.systolic),
        rule.diastolic === null ? '' : intervalText(rule.diastolic),
        rule.colour,
        rule.label,
        adviceText(rule),
        sourceRefs(rule.source),
      ]),
    ),
  ].join('\n');
}

function breathingSection(): string {
  return [
    '## Breathing',
    '',
    "FEV1 and FEV2 as % of the predicted value. Each value is placed under, at or over 80; the pair is then rated together. An FEV1 under 50 adds 'see a doctor' to the advice (GOLD grades 3-4).",
    '',
    bandTable('Each value', FEV_BANDS),
    '',
    '### The pair',
    '',
    outcomeTable(Object.values(BREATHING_OUTCOMES)),
  ].join('\n');
}

function moodSection(): string {
  return ['## Mood', '', outcomeTable([...MOOD_BANDS, MOOD_RE_ENTER])].join('\n');
}

// The measures whose rating is more than one table of one number have a section of their own.
const OWN_SECTIONS: Partial<Record<MeasureId, () => string>> = {
  sugar: sugarSection,
  mood: moodSection,
  pulse: pulseSection,
  bloodPressure: bloodPressureSection,
  breathing: breathingSection,
};

/** A measure's section: its own, or its band tables under its name. */
function measureSection(measure: Measure): string {
  const own = OWN_SECTIONS[measure.id];
  if (own) return own();
  const title = 'label' in measure.form ? measure.form.label.en : measure.displayName;
  return [
    `## ${measure.displayName}`,
    '',
    ...measure.bandTables.map((bands) => bandTable(title, bands)),
  ].join('\n');
}

/**
 * 'value in [50, 93)', 'systolic in (-inf, 50] or diastolic in (-inf, 33]', 'band bad-mood',
 * with the condition it needs and the chip's own word when it has them.
 */
function urgencyCondition(rule: UrgencyRule): string {
  const second = rule.measure === 'bloodPressure' ? 'diastolic' : 'FEV1';
  const first = rule.measure === 'bloodPressure' ? 'systolic' : 'value';
  const parts = [
    ...(rule.value ?? []).map((edges) => `${first} in ${edges}`),
    ...(rule.second ?? []).map((edges) => `${second} in ${edges}`),
    ...(rule.difference ?? []).map((edges) => `${first} - ${second} in ${edges}`),
    ...(rule.bands ?? []).map((band) => `band ${band}`),
  ].join(rule.join === 'and' ? ' and ' : ' or ');
  const only = rule.onlyWith ? `; only with \`${rule.onlyWith}\`` : '';
  const label = rule.label ? `; label '${rule.label}'` : '';
  return `${parts}${only}${label}`;
}

function toldUsSection(): string {
  return [
    '## What the person told us',
    '',
    `The assessment's optional questions (\`Diabetes\`, \`HighBloodPressure\`, \`SickleCell\`, \`Pregnant\`, \`AsthmaOrCopd\`, \`HeartDisease\`) change a reading only where a rule names them, and the questionnaire shows each answer's use beside the question. Rules that read them are marked 'only with' in the urgency table. Age needs no question: from ${SLOW_PULSE_AGE} a pulse under 50 is 'Slow', never 'Athlete'.`,
    '',
    table(
      ['Answer', 'What it changes'],
      CONDITIONS.map((condition) => [`\`${condition}\``, CONDITION_USES[condition]]),
    ),
  ].join('\n');
}

function urgencySection(): string {
  return [
    '## Urgency',
    '',
    "A layer over the bands, computed from the numbers alone: `now` is emergency care now, `today` a doctor or clinic today. An urgent result is red and earns no point; it can turn green or yellow red, never the reverse. Its advice is the rule's own: what to do first, the signs that make it an emergency, and why. Where two written ranges leave a gap between integers, the gap belongs to the more urgent level. A pulse and a temperature are read both as rated (rounded) and as typed, and the more urgent answer stands: 39.6 bpm is under 40 though it rounds to 40. An invalid reading has no urgency: it is asked to be entered again. The screens show an urgent result in a banner above everything, with the emergency number (`EMERGENCY_NUMBER`, 112 by default) as a link, and for mood the crisis line (`CRISIS_LINE`) when one is set, until a newer reading of that measure is not urgent. The banner stands for 24 hours after the reading was taken; an urgent reading older than that shows no emergency banner but says how many days old it is and asks, if the person still feels unwell, for a new reading now. A reading is never stored as taken after the server received it, so a phone clock running fast cannot keep an older reading 'newest'. Every `now` advice adds 'or have someone take you to the nearest hospital emergency unit', since an ambulance may not come where Vitalia is used. A rule may give the chip its own word ('Very low', 'Unusual: measure again now'), so that a label never sounds calmer than its advice. For the Nigerian context, every fever (38.0 degrees C or more) asks for a malaria test the same day (WHO: test every suspected case before treating), and the only medicine fever advice names is paracetamol, since ibuprofen and aspirin are unsafe in dengue and Lassa fever. A blood pressure pair more likely a cuff error than a body (diastolic 40 or less with systolic 130 or more, or a difference over 100) is labelled 'Unusual: measure again now'; it is `today`, and `now` when its bottom number is 40 or less, which Vitalia does not risk calling an error before a second reading. A top number of 250 or more may be an error too, but if real it is an emergency: it is `now`, labelled 'Very high: emergency', and its advice asks for a second reading at once and emergency care if it is still 250 or more; a crisis (180/120) is named before a wide gap, which is common with stiff arteries (docs/decisions/0046-whole-person-readings.md).",
    '',
    table(
      [
        'Measure',
        'Level',
        'Threshold',
        'Reads',
        'Interval',
        'First action',
        'Emergency signs',
        'Why',
        'Sources',
      ],
      URGENCY_RULES.map((rule) => [
        MEASURES[rule.measure].displayName,
        rule.level,
        rule.written,
        urgencyCondition(rule),
        rule.firstAction,
        rule.emergencySigns,
        rule.why,
        sourceRefs(rule.source),
      ]),
    ),
  ].join('\n');
}

function togetherSection(): string {
  const signs = Object.values(INFECTION_SIGNS).filter(
    (sign): sign is Exclude<typeof sign, string> => typeof sign !== 'string',
  );
  return [
    '## Readings read together',
    '',
    `The newest readings of different measures taken within ${TOGETHER_WINDOW_MINUTES} minutes of each other (${TOGETHER_WINDOW_MINUTES} included) are read together, on top of each one's own rating, which they never change; readings further apart are not combined. Every set of readings within the window is read and the most urgent answer stands, so adding a reading can only raise concern. A reading that cannot be rated (invalid) is not combined. The analysis answers it as \`together\` (urgency, the NEWS2 total and the reasons, each naming the readings it combined), and the screens show it in a banner that begins 'Together, these readings'.`,
    '',
    `**Early-warning score (\`EARLY_WARNING\`).** Each of the five signs of the Royal College of Physicians' NEWS2 that a person can measure at home is scored with its chart (SpO2 scale 1; blood pressure by its systolic number). With two or more of them in the window, a total of ${NEWS2_URGENT_TOTAL} or more is \`now\`, and one sign scoring 3 is at least \`today\`. NEWS2 was made for clinicians observing patients; using it on home readings is Vitalia's adaptation, and the advice says it is a warning, not a diagnosis. A value between two written ranges scores the higher. ${sourceRefs('rcpNews2')}`,
    '',
    table(
      ['Sign', 'Written', 'Interval', 'Score'],
      NEWS2_TABLE.map((row) => [
        MEASURES[row.measure].displayName,
        row.written,
        row.interval,
        String(row.score),
      ]),
    ),
    '',
    `**Possible serious infection (\`POSSIBLE_SERIOUS_INFECTION\`), \`now\`.** A temperature in ${INFECTION_SIGNS.fever} or ${INFECTION_SIGNS.cold} degrees C together with any of: ${signs.map((sign) => `${sign.written} (${sign.interval})`).join('; ')}. In a country where malaria is common, such a picture may be sepsis or severe malaria, and the advice is the nearest hospital emergency unit now. ${sourceRefs(['niceSepsis', 'whoMalaria'])}`,
    '',
    `**Possible shock (\`POSSIBLE_SHOCK\`), \`now\`.** A pulse at or above the systolic pressure (a shock index of 1 or more). Reading it on two home readings taken within the hour is Vitalia's adaptation. ${sourceRefs('shockIndex')}`,
  ].join('\n');
}

function limitsSection(): string {
  return [
    '## Limits',
    '',
    'The limits of a possible human measurement. Outside them a value is invalid (yellow, "please re-enter") in the interpreter, the browser preview and the server, which refuses to save it with a 400 that names the field.',
    '',
    table(
      ['Value', 'Minimum', 'Maximum', 'Unit', 'Why'],
      ALL_READING_LIMITS.map((limit) => [
        limit.name,
        String(limit.min),
        String(limit.max),
        limit.unit,
        limit.why,
      ]),
    ),
  ].join('\n');
}

function scoreSection(): string {
  return [
    '## The score',
    '',
    `A measure's OK flag is 1 when its newest reading is green and not old; \`forScaleOk\` is the sum of the ${MEASURE_COUNT} flags. The person follows a measure while its newest reading is not old, or when they chose it on My Health (\`followed\`; a chosen measure is counted before its first reading, and stays counted when its reading grows old, so the score asks for it), and the screens show the score as 'In range: n of m', m being the measures followed, beside how many of the ${MEASURE_COUNT} have a reading at all (\`recorded\`): three readings in range are 'In range: 3 of 3', not three out of ${MEASURE_COUNT}. A reading older than the days below is marked 'old reading', earns no point, stops being followed and is asked to be taken again.`,
    '',
    table(
      ['Measure', 'Old after (days)'],
      MEASURE_LIST.map((measure) => [measure.displayName, String(measure.freshForDays)]),
    ),
  ].join('\n');
}

function notesSection(): string {
  return [
    '## Notes',
    '',
    'Said under every set of results:',
    '',
    `> ${GENERAL_NOTE}`,
    '',
    'Said instead to a person who told the questionnaire that they are pregnant:',
    '',
    `> ${GENERAL_NOTE_IN_PREGNANCY}`,
    '',
    'Added for a person under 18 by date of birth:',
    '',
    `> ${UNDER_18_NOTE}`,
  ].join('\n');
}

function sourcesSection(): string {
  return [
    '## Sources',
    '',
    ...SOURCE_IDS.map(
      (id, index) =>
        `${index + 1}. ${SOURCES[id].citation}. Vitalia takes from it: ${SOURCES[id].uses}.`,
    ),
  ].join('\n');
}

/** The whole document, as Markdown. */
export function renderClinicalReference(): string {
  const sections = [
    '# Clinical reference',
    '',
    '<!-- Written by `npm run docs:clinical` from packages/health; do not edit by hand. npm test fails when it is not current. -->',
    '',
    "How Vitalia rates each reading: the bands (green in range, yellow borderline or invalid, red out of range; grey means no reading), the urgency layer over them, the limits of a possible measurement, the score and the published sources. The labels and colours of the product's original bands are kept; the urgency layer and the safety bands from published guidance can only raise concern. Where Vitalia's band differs from the guideline it cites, the advice says so in a sentence of its own. docs/decisions/0019-clinical-safety.md records why.",
    '',
    "Intervals use the usual notation: `[` and `]` include the edge, `(` and `)` leave it out. A written range 'a-b' between two others stretches to meet them, so a decimal between two written integers belongs to exactly one band; a normal band keeps its written edges.",
    '',
    ...MEASURE_LIST.flatMap((measure) => [measureSection(measure), '']),
    urgencySection(),
    '',
    togetherSection(),
    '',
    toldUsSection(),
    '',
    limitsSection(),
    '',
    scoreSection(),
    '',
    notesSection(),
    '',
    sourcesSection(),
    '',
  ];
  return sections.join('\n');
}
