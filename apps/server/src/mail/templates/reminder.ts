// A reminder to measure (docs/decisions/0022-reminders.md). It carries a link that stops it
// without signing in, and the List-Unsubscribe headers of RFC 8058 for mail apps' own button.
import { MEASURES, type MeasureId } from '@vitalia/health/measure.catalog';
import {
  remindersPaths,
  unsubscribePagePrefix,
  weekdayNames,
  type WEEKDAYS,
} from '@vitalia/api/reminders.contract';
import { linkMessage, type MailContent } from '../layout.ts';
import type { MailSite } from '../site.ts';

type Weekday = (typeof WEEKDAYS)[number];

/** 'Monday, Wednesday and Friday'; 'every day'. */
export function daysText(days: readonly Weekday[]): string {
  if (days.length === 7) return 'every day';
  const names = days.map((day) => weekdayNames[day]);
  return names.length === 1
    ? names[0]!
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`;
}

/** The headers that let a mail app stop a mail that comes again with one press (RFC 8058). */
export function oneClickStop(site: MailSite, token: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${site.publicUrl}${remindersPaths.unsubscribe.replace(':token', token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

export function reminder(
  values: {
    measure: MeasureId;
    /** 'HH:MM' in the reminder's time zone. */
    time: string;
    days: readonly Weekday[];
    timeZone: string;
    stopToken: string;
    usefulUntil: Date;
  },
  site: MailSite,
): MailContent {
  const measure = MEASURES[values.measure];
  const name = measure.displayName.toLowerCase();
  return {
    subject: `Time to measure your ${name}`,
    blocks: linkMessage({
      intro: `It is ${values.time}: time to measure your ${name}, as you asked. It takes a minute, and Vitalia tells you at once what the reading means.`,
      action: `Record your ${name}`,
      link: `${site.publicUrl}/healths/${measure.slug}?add=1`,
      outro: `You set this reminder for ${daysText(values.days)} at ${values.time} (${values.timeZone}). If you have measured since the last one, we do not send it.`,
      footer: {
        text: `You get this mail because you set a reminder on Vitalia.`,
        action: `Stop reminders for ${name}`,
        link: `${site.publicUrl}${unsubscribePagePrefix}${values.stopToken}`,
      },
    }),
    headers: oneClickStop(site, values.stopToken),
    usefulUntil: values.usefulUntil,
  };
}
