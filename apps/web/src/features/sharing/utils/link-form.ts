import { linkRequest, type LinkRequest } from '@vitalia/api/sharing.contract';
import { z } from '@vitalia/api/zod';
import { checkedBy } from './contract-check';
import { chosenMeasures, measureChoiceFields } from './measure-choice';

/** How long a link may last, as people choose it; the contract allows any hour up to 30 days. */
export const LINK_LIFETIMES = [
  { hours: 1, name: '1 hour' },
  { hours: 24, name: '1 day' },
  { hours: 7 * 24, name: '7 days' },
  { hours: 30 * 24, name: '30 days' },
] as const;

export const linkForm = z
  .object({
    label: z.string(),
    ...measureChoiceFields,
    lifetimeHours: z.number(),
    withCode: z.boolean(),
  })
  .transform((form, context): LinkRequest => {
    const request = {
      label: form.label,
      measures: chosenMeasures(form, context),
      lifetimeHours: form.lifetimeHours,
      withCode: form.withCode,
    };
    return checkedBy(linkRequest, request, context);
  });
export type LinkFormInput = z.input<typeof linkForm>;

// A day: long enough for a visit later today, short enough not to outlive it by much.
export const emptyLink: LinkFormInput = {
  label: '',
  measureChoice: 'all',
  measures: [],
  lifetimeHours: 24,
  withCode: true,
};
