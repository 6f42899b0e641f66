// The weekly summary's week (docs/decisions/0022-reminders.md): for each measure read in the week,
// how many readings, their average where an average means something, a change of rating, and
// every urgent reading. Ratings come from the interpreter (docs/clinical-reference.md), as on the
// screens; mail/templates/weekly-summary.ts says it.
import { analyseReading, type HealthProfile } from '@vitalia/health/analysis';
import type { Analysis } from '@vitalia/health/analysis.model';
import { MEASURE_IDS, MEASURES, type MeasureId } from '@vitalia/health/measure.catalog';
import { MEASURE_TAGS } from '@vitalia/api/records.contract';
import type { Database } from '../../db/database.ts';
import type { MeasureWeek, Week } from '../../mail/templates/weekly-summary.ts';
import {
  wireReadingOf as wire,
  type ReadingRow as RecordRow,
} from '../../readings/readings.repository.ts';
import { newestBefore, readingsTakenBetween } from '../../readings/readings.queries.ts';

const shown = (analysis: Analysis) =>
  analysis.unit ? `${analysis.value ?? ''} ${analysis.unit}` : (analysis.value ?? '');

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const numbers = (rows: RecordRow[], pick: (row: RecordRow) => string | null) =>
  rows.map((row) => Number(pick(row))).filter((value) => Number.isFinite(value));

/** Decimals an average is given in, by measure: as the readings themselves are written. */
const decimals: Partial<Record<MeasureId, number>> = { temperature: 1, bmi: 1 };

function summaryOf(measure: MeasureId, rows: RecordRow[], analyses: Analysis[]): string {
  if (rows.length === 1) return `one reading, ${shown(analyses[0]!)}`;
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
    return `${rows.length} readings, lowest ${Math.min(...values)} and highest ${Math.max(...values)} ${unit}`;
  }
  if (measure === 'bloodPressure') {
    const systolic = Math.round(mean(numbers(rows, (row) => row.tagValue)));
    const diastolic = Math.round(mean(numbers(rows, (row) => row.minTagValue)));
    return `${rows.length} readings, average ${systolic}/${diastolic} ${unit}`;
  }
  const average = mean(numbers(rows, (row) => row.tagValue)).toFixed(decimals[measure] ?? 0);
  return `${rows.length} readings, average ${average} ${unit}`;
}

/** The week [from, to) of a person's readings, measure by measure. */
export async function weekOf(
  db: Database,
  userId: string,
  from: Date,
  to: Date,
  profile: HealthProfile,
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
      summary: summaryOf(measure, ofMeasure, analyses),
      change: first.result !== last.result ? `${first.result}, then ${last.result}` : null,
      urgent: analyses.flatMap((analysis, index) =>
        analysis.urgency
          ? [
              {
                takenAt: ofMeasure[index]!.takenAt,
                reading: shown(analysis),
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
