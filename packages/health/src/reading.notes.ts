// What is said under every set of results (docs/clinical-reference.md, 'Notes'): Vitalia follows
// readings and does not diagnose, and its ranges are for adults who are not pregnant.
import { ageOn, calendarDate, type CalendarDate } from './age.calendar.ts';

export const GENERAL_NOTE =
  'Vitalia helps you follow your readings; it does not diagnose. Its ranges are for adults. If you told the risk questionnaire that you are pregnant, blood pressure is rated for pregnancy and sugar and weight advice say that targets differ; ask your midwife or doctor which ranges apply to you.';

export const UNDER_18_NOTE =
  'These ranges are for adults and do not apply to people under 18. Ask a doctor or nurse what is usual for your age.';

export const ADULT_AGE = 18;

/** The age note for a person with this date of birth on this day: null for adults and the unknown. */
export function ageNote(dob: CalendarDate | null, on: Date | string): string | null {
  const day = calendarDate(on);
  const age = dob === null || day === null ? null : ageOn(dob, day);
  return age !== null && age < ADULT_AGE ? UNDER_18_NOTE : null;
}
