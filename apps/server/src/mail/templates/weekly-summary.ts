// The weekly summary (docs/decisions/0022-reminders.md): for each measure read in the week, how
// many readings, their average where an average means something, a change of rating, and every
// urgent reading first. The feature rates the week (features/reminders/weekly-summary.ts); this
// says it.
import { MEASURES, type MeasureId } from '@vitalia/health/measure.catalog';
import { unsubscribePagePrefix } from '@vitalia/api/reminders.contract';
import type { MailBlock, MailContent } from '../layout.ts';
import type { MailSite } from '../site.ts';
import { oneClickStop } from './reminder.ts';

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

function dayFormat(timeZone: string, options: Intl.DateTimeFormatOptions) {
  return new Intl.DateTimeFormat('en-GB', { timeZone, ...options });
}

export function weeklySummary(
  values: { week: Week; timeZone: string; stopToken: string },
  site: MailSite,
): MailContent {
  const { week, timeZone } = values;
  const day = dayFormat(timeZone, { weekday: 'long', day: 'numeric', month: 'long' });
  const short = dayFormat(timeZone, { weekday: 'short', day: 'numeric', month: 'short' });
  const time = dayFormat(timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  // The week runs from one Monday 08:00 to the next, so it is named by its end.
  const span = `the week to ${day.format(week.to)}, ${time.format(week.to)}`;
  const urgent = week.measures.flatMap((each) =>
    each.urgent.map((reading) => ({ ...reading, measure: each.measure })),
  );
  const name = (measure: MeasureId) => MEASURES[measure].displayName;
  const urgentLine = (reading: (typeof urgent)[number]) =>
    `${name(reading.measure)} ${reading.reading} on ${short.format(reading.takenAt)} at ${time.format(reading.takenAt)}: ${reading.result}.${reading.firstAction ? ` ${reading.firstAction}` : ''}`;
  const blocks: MailBlock[] = [{ kind: 'paragraph', text: `Your readings of ${span}.` }];
  if (urgent.length > 0) {
    blocks.push({
      kind: 'alert',
      title: `${urgent.length === 1 ? 'A reading' : `${urgent.length} readings`} this week needed care. If you have not acted on ${urgent.length === 1 ? 'it' : 'them'}, do so now; in an emergency call ${site.emergencyNumber}.`,
      lines: urgent.map(urgentLine),
    });
  }
  blocks.push({
    kind: 'table',
    labelsAre: 'headers',
    rows: week.measures.map((each) => ({
      label: name(each.measure),
      value: `${each.summary}.`,
      ...(each.change ? { note: `Rated ${each.change}.` } : {}),
    })),
  });
  if (week.unread.length > 0) {
    blocks.push({
      kind: 'paragraph',
      muted: true,
      text: `No reading this week: ${week.unread.map((measure) => name(measure)).join(', ')}.`,
    });
  }
  blocks.push(
    { kind: 'paragraph', text: 'See every reading and what it means on My Health.' },
    { kind: 'button', label: 'Open My Health', link: `${site.publicUrl}/healths`, spellOut: false },
    {
      kind: 'paragraph',
      muted: true,
      text: 'Vitalia helps you follow your readings; it does not diagnose.',
    },
    {
      kind: 'footer',
      text: 'You get this mail because you asked for a weekly summary.',
      action: {
        label: 'Stop weekly summaries',
        link: `${site.publicUrl}${unsubscribePagePrefix}${values.stopToken}`,
      },
    },
  );
  return {
    subject: `Your week in Vitalia, to ${short.format(week.to)}`,
    blocks,
    headers: oneClickStop(site, values.stopToken),
    // Held up past the middle of the week, it is old news; the next week's comes.
    usefulUntil: new Date(week.to.getTime() + 3 * 24 * 3600_000),
  };
}
