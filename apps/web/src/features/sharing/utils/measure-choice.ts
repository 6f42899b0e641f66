import { MEASURE_IDS, MEASURES, type MeasureId } from '@vitalia/health/measure.catalog';
import { sharedMeasure } from '@vitalia/api/sharing.contract';
import { z } from '@vitalia/api/zod';
import { measureInSentence } from '../../../readings/format/reading-format';

/** What an invite or a link shares: every measure, or the ones ticked. */
export const measureChoiceFields = {
  measureChoice: z.enum(['all', 'chosen']),
  measures: z.array(sharedMeasure),
};

export interface MeasureChoiceValues {
  measureChoice: 'all' | 'chosen';
  measures: MeasureId[];
}

/**
 * The request's `measures`: null for all of them, else the ones ticked in the catalogue's order.
 * None ticked is refused here in the form's words; the contract's ('send null') are the wire's.
 */
export function chosenMeasures(form: MeasureChoiceValues, context: z.RefinementCtx) {
  if (form.measureChoice === 'all') return null;
  if (form.measures.length === 0) {
    context.addIssue({
      code: 'custom',
      path: ['measures'],
      message: 'must include at least one, or choose All measures',
    });
  }
  return MEASURE_IDS.filter((id) => form.measures.includes(id));
}

/** 'All measures', 'Blood pressure', 'Blood pressure and pulse', 'Blood pressure, pulse and BMI'. */
export function measuresText(allMeasures: boolean, measures: readonly MeasureId[]): string {
  if (allMeasures) return 'All measures';
  const names = measures.map((id, index) =>
    index === 0 ? MEASURES[id].displayName : measureInSentence(id),
  );
  if (names.length <= 1) return names[0] ?? 'No measures';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
