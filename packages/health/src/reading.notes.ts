// What is said under every set of results (docs/clinical-reference.md, 'Notes'): Vitalia follows
// readings and does not diagnose, and its ranges are for adults who are not pregnant; a person who
// said they are pregnant is told what is rated for pregnancy and what is not.
import { ageOn, calendarDate, type CalendarDate } from './age.calendar.ts';

export const GENERAL_NOTE =
  'Vitalia helps you follow your readings; it does not diagnose. Its ranges are for adults who are not pregnant: if you are pregnant, say so in the risk questionnaire, and ask your midwife or doctor which ranges apply to you.';

/** The general note for a person who told the questionnaire that they are pregnant. */
export const GENERAL_NOTE_IN_PREGNANCY =
  'Vitalia helps you follow your readings; it does not diagnose. You told the risk questionnaire that you are pregnant: blood pressure is rated for pregnancy, and blood sugar and BMI advice say that pregnancy targets differ; pulse, temperature, oxygen, breathing and readings read together are not adjusted. Ask your midwife or doctor which ranges apply to you.';

export const UNDER_18_NOTE =
  'These ranges are for adults and do not apply to people under 18. Ask a doctor or nurse what is usual for your age.';

export const ADULT_AGE = 18;

/** The age note for a person with this date of birth on this day: null for adults and the unknown. */
export function ageNote(dob: CalendarDate | null, on: Date | string): string | null {
  const day = calendarDate(on);
  const age = dob === null || day === null ? null : ageOn(dob, day);
  return age !== null && age < ADULT_AGE ? UNDER_18_NOTE : null;
}
