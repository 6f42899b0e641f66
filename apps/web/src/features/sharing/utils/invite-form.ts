// The invite form: what a person chooses (a doctor, measures, calendar days) and how it becomes the
// contract's ShareRequest, which then checks it with the server's own rules and messages.
import dayjs, { type Dayjs } from 'dayjs';
import { shareRequest, type ShareRequest } from '@vitalia/api/sharing.contract';
import { z } from '@vitalia/api/zod';
import { checkedBy } from './contract-check';
import { chosenMeasures, measureChoiceFields } from './measure-choice';

const calendarDay = z.custom<Dayjs | null>((value) => value === null || dayjs.isDayjs(value));

/**
 * A day chosen in the person's own calendar as the instant it starts there, with the offset that
 * says where: 1 September in Lagos is '2026-09-01T00:00:00+01:00'.
 */
export function startOfDay(day: Dayjs): string {
  return day.startOf('day').format();
}

/** The instant a share 'until 31 December' ends: the start of 1 January, so the 31st is shared. */
export function endOfDayChosen(day: Dayjs): string {
  return startOfDay(day.add(1, 'day'));
}

function wholeDay(day: Dayjs | null, field: 'from' | 'until', context: z.RefinementCtx) {
  if (day?.isValid()) return day;
  context.addIssue({
    code: 'custom',
    path: [field],
    message: 'must be a whole date, such as 31/12/2026',
  });
  return null;
}

export const inviteForm = z
  .object({
    doctorEmail: z.string(),
    ...measureChoiceFields,
    includeAssessment: z.boolean(),
    fromChoice: z.enum(['all', 'day']),
    from: calendarDay,
    untilChoice: z.enum(['none', 'day']),
    until: calendarDay,
  })
  .transform((form, context): ShareRequest => {
    const from = form.fromChoice === 'day' ? wholeDay(form.from, 'from', context) : null;
    const until = form.untilChoice === 'day' ? wholeDay(form.until, 'until', context) : null;
    // Said in days, as chosen; the contract's 'later than from' speaks of the instants sent.
    if (from && until && until.isBefore(from, 'day')) {
      context.addIssue({
        code: 'custom',
        path: ['until'],
        message: 'must be on or after the first day shared',
      });
    }
    const request = {
      doctorEmail: form.doctorEmail,
      measures: chosenMeasures(form, context),
      includeAssessment: form.includeAssessment,
      from: from && startOfDay(from),
      until: until && endOfDayChosen(until),
    };
    return checkedBy(shareRequest, request, context);
  });
export type InviteFormInput = z.input<typeof inviteForm>;

export const emptyInvite: InviteFormInput = {
  doctorEmail: '',
  measureChoice: 'all',
  measures: [],
  includeAssessment: false,
  fromChoice: 'all',
  from: null,
  untilChoice: 'none',
  until: null,
};
