import { z } from './zod.ts';

/** One thing wrong with a request, for a client to place by `field` and react to by `code`. */
export const errorDetail = z
  .object({
    code: z.string().meta({
      description:
        'Stable and machine-readable, e.g. TOO_SMALL, INVALID_TYPE, NOT_FOUND, SLUG_TAKEN, WRONG_CREDENTIALS. Messages may be reworded; codes are not.',
      example: 'TOO_SMALL',
    }),
    field: z.string().optional().meta({
      description:
        'The field the problem is about, as a dotted path (items.0.count); in the body unless `in` says otherwise.',
      example: 'systolic',
    }),
    in: z.enum(['query', 'path', 'header']).optional().meta({
      description: 'Where the field is, when it is not in the body.',
    }),
    message: z.string().meta({
      description: 'What to fix, in words for a person, without the field name.',
      example: 'must be at least 40 mmHg',
    }),
  })
  .meta({ id: 'ErrorDetail' });

/**
 * Every failure answers this body (docs/decisions/0003-error-model-and-contract.md). Clients show
 * `errors[0]`; `details` says the same one for one, with a code and the field it is about.
 */
export const errorResponse = z
  .object({
    errors: z.array(z.string()).min(1),
    details: z.array(errorDetail).min(1),
  })
  .meta({
    id: 'ErrorResponse',
    description:
      'Human-readable messages (clients show the first) and, one for one, their codes and fields.',
  });

export type ErrorDetail = z.infer<typeof errorDetail>;
export type ErrorResponse = z.infer<typeof errorResponse>;
