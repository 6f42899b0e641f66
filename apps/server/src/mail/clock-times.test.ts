// Every time of day a mail says is on the 24-hour clock, '19:25', never '7:25 PM', as on the web
// (docs/decisions/0053-one-voice-and-visible-focus.md). The samples are afternoon times, which a
// 12-hour clock would write with PM.
import { describe, expect, it } from 'vitest';
import type { MailSite } from './site.ts';
import { renderMail, type MailOrder } from './templates.ts';

const site: MailSite = { publicUrl: 'https://vitalia.example', emergencyNumber: '112' };
const to = 'ada@example.com';
const evening = new Date('2026-12-03T19:25:00Z');

const twelveHour = /\d\s?(?:AM|PM|a\.m\.|p\.m\.)/i;

const cases: Array<[string, MailOrder, string]> = [
  [
    'a reminder',
    {
      to,
      template: 'reminder',
      values: {
        measure: 'pulse',
        time: '19:30',
        days: [1, 2, 3, 4, 5],
        timeZone: 'Africa/Lagos',
        stopToken: 'stop-token',
        usefulUntil: evening,
      },
    },
    '19:30',
  ],
  [
    'the weekly summary, in the person’s time zone',
    {
      to,
      template: 'weekly-summary',
      values: {
        week: {
          from: new Date('2026-11-23T14:00:00Z'),
          to: new Date('2026-11-30T14:00:00Z'),
          measures: [
            {
              measure: 'oxygen',
              count: 1,
              summary: 'one reading, 91 %',
              change: null,
              urgent: [
                {
                  takenAt: new Date('2026-11-25T14:10:00Z'),
                  reading: '91 %',
                  result: 'Low',
                  firstAction: 'Sit upright and measure again in 5 minutes.',
                },
              ],
            },
          ],
          unread: [],
        },
        timeZone: 'Africa/Lagos',
        stopToken: 'stop-token',
      },
    },
    // 14:10 UTC is 15:10 in Lagos.
    '15:10',
  ],
  [
    'a change to the account',
    {
      to,
      template: 'account-change',
      values: { change: 'password changed', at: evening, device: 'Firefox', ip: '192.0.2.1' },
    },
    '19:25',
  ],
  [
    'a first look at shared readings',
    { to, template: 'first-look', values: { who: 'Dr Bello', kind: 'doctor', at: evening } },
    '19:25',
  ],
  [
    'a deletion begun',
    { to, template: 'deletion-started', values: { purgeAfter: evening } },
    '19:25',
  ],
];

describe('times of day in mail', () => {
  it.each(cases)('%s says %s on the 24-hour clock', (_what, order, time) => {
    const mail = renderMail(order, site);
    expect(mail.text).toContain(time);
    expect(mail.html).toContain(time);
    expect(mail.subject).not.toMatch(twelveHour);
    expect(mail.text).not.toMatch(twelveHour);
    expect(mail.html).not.toMatch(twelveHour);
  });
});
