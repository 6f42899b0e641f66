// The weekly summary (decision 0022): for each measure read in the week, how many readings, their
// average where an average means something, a change of rating, and every urgent reading first.
// Ratings come from the interpreter (docs/clinical-reference.md), as on the screens.
import { analyseReading, type HealthProfile } from '@vitalia/health/analysis';
import type { Analysis } from '@vitalia/health/analysis.model';
import { MEASURE_IDS, MEASURES, type MeasureId } from '@vitalia/health/measure.catalog';
import { MEASURE_TAGS } from '@vitalia/api/records.contract';
import { unsubscribePagePrefix } from '@vitalia/api/reminders.contract';
import type { Database } from '../../db/database.ts';
import { escapeHtml, type MailMessage } from '../../plugins/mailer.ts';
import {
  wireReadingOf as wire,
  type ReadingRow as RecordRow,
} from '../../readings/readings.repository.ts';
import { newestBefore, readingsTakenBetween } from '../../readings/readings.queries.ts';

export interface UrgentReading {
  takenAt: Date;
  reading: string;
  result: string;
  firstAction: string | null;
}

export interface MeasureWeek {
  measure: MeasureId;
  count: number;
  /** 'average 128/82 mmHg', 'lowest 85 and highest 160 mg/dL', 'mostly Happy', or the one reading. */
  summary: string;
  /** 'Elevated, then Normal' when the rating changed over the week (from the reading before it). */
  change: string | null;
  urgent: UrgentReading[];
}

export interface Week {
  from: Date;
  to: Date;
  measures: MeasureWeek[];
  /** The measures with no reading in the week. */
  unread: MeasureId[];
}

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

function dayFormat(timeZone: string, options: Intl.DateTimeFormatOptions) {
  return new Intl.DateTimeFormat('en-GB', { timeZone, ...options });
}

/** The summary as a mail, in plain text and HTML. */
export function summaryMail(options: {
  to: string;
  week: Week;
  timeZone: string;
  publicUrl: string;
  stopToken: string;
  emergencyNumber: string;
}): MailMessage {
  const { to, week, timeZone, publicUrl } = options;
  const day = dayFormat(timeZone, { weekday: 'long', day: 'numeric', month: 'long' });
  const short = dayFormat(timeZone, { weekday: 'short', day: 'numeric', month: 'short' });
  const time = dayFormat(timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  // The week runs from one Monday 08:00 to the next, so it is named by its end.
  const span = `the week to ${day.format(week.to)}, ${time.format(week.to)}`;
  const urgent = week.measures.flatMap((each) =>
    each.urgent.map((reading) => ({ ...reading, measure: each.measure })),
  );
  const myHealth = `${publicUrl}/healths`;
  const stop = `${publicUrl}${unsubscribePagePrefix}${options.stopToken}`;
  const name = (measure: MeasureId) => MEASURES[measure].displayName;
  const urgentLine = (reading: (typeof urgent)[number]) =>
    `${name(reading.measure)} ${reading.reading} on ${short.format(reading.takenAt)} at ${time.format(reading.takenAt)}: ${reading.result}.${reading.firstAction ? ` ${reading.firstAction}` : ''}`;
  const measureLine = (each: MeasureWeek) =>
    `${name(each.measure)}: ${each.summary}.${each.change ? ` Rated ${each.change}.` : ''}`;
  const unreadText =
    week.unread.length > 0
      ? `No reading this week: ${week.unread.map((measure) => name(measure)).join(', ')}.`
      : '';
  const urgentIntro = `${urgent.length === 1 ? 'A reading' : `${urgent.length} readings`} this week needed care. If you have not acted on ${urgent.length === 1 ? 'it' : 'them'}, do so now; in an emergency call ${options.emergencyNumber}.`;

  const text = [
    `Your readings of ${span}.`,
    ...(urgent.length > 0
      ? ['', urgentIntro, ...urgent.map((each) => `- ${urgentLine(each)}`)]
      : []),
    '',
    ...week.measures.map(measureLine),
    ...(unreadText ? ['', unreadText] : []),
    '',
    `See every reading and what it means on My Health:\n${myHealth}`,
    '',
    'Vitalia helps you follow your readings; it does not diagnose.',
    '',
    `You get this mail because you asked for a weekly summary. Stop weekly summaries:\n${stop}`,
  ].join('\n');

  const row = (each: MeasureWeek) =>
    `<tr><th scope="row" style="text-align:left;padding:8px 12px 8px 0;border-top:1px solid #e3e6ec;vertical-align:top">${escapeHtml(name(each.measure))}</th><td style="padding:8px 0;border-top:1px solid #e3e6ec">${escapeHtml(each.summary)}${each.change ? `<br><span style="color:#555">Rated ${escapeHtml(each.change)}</span>` : ''}</td></tr>`;
  const html = `<!doctype html><html><body style="font-family:Roboto,Arial,sans-serif;color:#1a1a1a;max-width:560px">
<p>Your readings of ${escapeHtml(span)}.</p>
${
  urgent.length > 0
    ? `<div style="border-left:4px solid #b3261e;background:#fdecea;padding:10px 14px;margin:12px 0"><p style="margin:0 0 6px;font-weight:600">${escapeHtml(urgentIntro)}</p><ul style="margin:0;padding-left:18px">${urgent.map((each) => `<li>${escapeHtml(urgentLine(each))}</li>`).join('')}</ul></div>`
    : ''
}
<table style="border-collapse:collapse;width:100%;font-size:15px">${week.measures.map(row).join('')}</table>
${unreadText ? `<p style="color:#555;font-size:14px">${escapeHtml(unreadText)}</p>` : ''}
<p><a href="${escapeHtml(myHealth)}" style="display:inline-block;background:#0b2559;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Open My Health</a></p>
<p style="font-size:13px;color:#555">Vitalia helps you follow your readings; it does not diagnose.</p>
<p style="font-size:13px;color:#555">You get this mail because you asked for a weekly summary. <a href="${escapeHtml(stop)}" style="color:#0b2559">Stop weekly summaries</a></p>
</body></html>`;

  const oneClick = `${publicUrl}/api/v1/reminders/unsubscribe/${options.stopToken}`;
  return {
    to,
    subject: `Your week in Vitalia, to ${short.format(week.to)}`,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    // Held up past the middle of the week, it is old news; the next week's comes.
    usefulUntil: new Date(week.to.getTime() + 3 * 24 * 3600_000),
  };
}
