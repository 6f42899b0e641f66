// The weekly summary's week (docs/decisions/0022-reminders.md): for each measure read in the week,
// how many readings, their average where an average means something, a change of rating, and
// every urgent reading. Ratings come from the interpreter (docs/clinical-reference.md), as on the
// screens; mail/templates/weekly-summary.ts says it.
import { analyseReading, type HealthProfile } from '@vitalia/health/analysis';
import type { Analysis } from '@vitalia/health/analysis.model';
import { MEASURE_IDS, MEASURES, type MeasureId } from '@vitalia/health/measure.catalog';
import { MEASURE_TAGS } from '@vitalia/api/records.contract';
import type { Units } from '@vitalia/api/identity.contract';
import {
  celsiusToFahrenheit,
  cholesterolMgdlToMmol,
  glucoseMgdlToMmol,
} from '@vitalia/health/units.convert';
import type { Database } from '../../db/database.ts';
import type { MeasureWeek, Week } from '../../mail/templates/weekly-summary.ts';
import {
  wireReadingOf as wire,
  type ReadingRow as RecordRow,
} from '../../readings/readings.repository.ts';
import { newestBefore, readingsTakenBetween } from '../../readings/readings.queries.ts';

// Values are stored and rated in mg/dL and °C; the mail says them in the units the person chose
// on their profile, as every screen does (docs/decisions/0050-one-unit-choice-per-account.md).
const alternatives: Partial<
  Record<MeasureId, { unit: string; convert: (value: unknown) => number | null }>
> = {
  sugar: { unit: 'mmol/L', convert: (value) => glucoseMgdlToMmol(value) },
  cholesterol: { unit: 'mmol/L', convert: (value) => cholesterolMgdlToMmol(value) },
  temperature: { unit: '°F', convert: (value) => celsiusToFahrenheit(value) },
};

function chosenUnit(measure: MeasureId, units: Units): string | undefined {
  return measure === 'sugar' || measure === 'cholesterol' || measure === 'temperature'
    ? units[measure]
    : undefined;
}

/** A canonical value and its unit, as the person reads them: `convert` when they chose the other unit. */
function inChosenUnit(
  measure: MeasureId,
  value: number | string,
  units: Units,
): { value: string; unit: string } {
  const unit = MEASURES[measure].unit ?? '';
  const other = alternatives[measure];
  if (!other || chosenUnit(measure, units) !== other.unit) return { value: String(value), unit };
  const converted = other.convert(value);
  return converted === null
    ? { value: String(value), unit }
    : { value: converted.toFixed(1), unit: other.unit };
}

/**
 * One reading as the person reads it: as rated when that is already in their unit (a sugar typed
 * in mmol/L is rated as typed), else its stored value in the unit they chose.
 */
function shown(measure: MeasureId, row: RecordRow, analysis: Analysis, units: Units): string {
  if (!analysis.unit) return analysis.value ?? '';
  const chosen = chosenUnit(measure, units);
  if (!chosen || chosen === analysis.unit) return `${analysis.value ?? ''} ${analysis.unit}`;
  const { value, unit } = inChosenUnit(measure, row.tagValue, units);
  return `${value} ${unit}`;
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const numbers = (rows: RecordRow[], pick: (row: RecordRow) => string | null) =>
  rows.map((row) => Number(pick(row))).filter((value) => Number.isFinite(value));

/** Decimals an average is given in, by measure: as the readings themselves are written. */
const decimals: Partial<Record<MeasureId, number>> = { temperature: 1, bmi: 1 };

function summaryOf(
  measure: MeasureId,
  rows: RecordRow[],
  analyses: Analysis[],
  units: Units,
): string {
  if (rows.length === 1) return `one reading, ${shown(measure, rows[0]!, analyses[0]!, units)}`;
  const unit = MEASURES[measure].unit;
  if (measure === 'mood') {
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(row.tagValue, (counts.get(row.tagValue) ?? 0) + 1);
    const [top] = [...counts.entries()].sort((a, b) => b[1] - a[1]);
    return `${rows.length} readings, mostly ${top![0]}`;
  }
  if (measure === 'sugar') {
    // Fasting and after-meal readings have different ranges: an average of both means nothing.
    const values = numbers(rows, (row) => row.tagValue);
    const lowest = inChosenUnit(measure, Math.min(...values), units);
    const highest = inChosenUnit(measure, Math.max(...values), units);
    return `${rows.length} readings, lowest ${lowest.value} and highest ${highest.value} ${highest.unit}`;
  }
  if (measure === 'bloodPressure') {
    const systolic = Math.round(mean(numbers(rows, (row) => row.tagValue)));
    const diastolic = Math.round(mean(numbers(rows, (row) => row.minTagValue)));
    return `${rows.length} readings, average ${systolic}/${diastolic} ${unit}`;
  }
  const average = mean(numbers(rows, (row) => row.tagValue)).toFixed(decimals[measure] ?? 0);
  const said = inChosenUnit(measure, average, units);
  return `${rows.length} readings, average ${said.value} ${said.unit}`;
}

/** The week [from, to) of a person's readings, measure by measure. */
export async function weekOf(
  db: Database,
  userId: string,
  from: Date,
  to: Date,
  profile: HealthProfile,
  units: Units,
): Promise<Week> {
  const rows = await readingsTakenBetween(db, userId, from, to);
  const measures: MeasureWeek[] = [];
  const unread: MeasureId[] = [];
  for (const measure of MEASURE_IDS) {
    const tag = MEASURE_TAGS[measure];
    const ofMeasure = rows.filter((row) => row.tag === tag);
    if (ofMeasure.length === 0) {
      unread.push(measure);
      continue;
    }
    const analyses = ofMeasure.map((row) => analyseReading(measure, wire(row), profile, to));
    const before = await newestBefore(db, userId, tag, from);
    const first = before ? analyseReading(measure, wire(before), profile, to) : analyses[0]!;
    const last = analyses[analyses.length - 1]!;
    measures.push({
      measure,
      count: ofMeasure.length,
      summary: summaryOf(measure, ofMeasure, analyses, units),
      change: first.result !== last.result ? `${first.result}, then ${last.result}` : null,
      urgent: analyses.flatMap((analysis, index) =>
        analysis.urgency
          ? [
              {
                takenAt: ofMeasure[index]!.takenAt,
                reading: shown(measure, ofMeasure[index]!, analysis, units),
                result: analysis.result,
                firstAction: analysis.firstAction,
              },
            ]
          : [],
      ),
    });
  }
  return { from, to, measures, unread };
}
