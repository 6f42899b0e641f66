import { z } from './zod.ts';

/**
 * Every failure answers this body (docs/decisions/0003-error-model-and-contract.md). Clients show `errors[0]`; a 400 carries
 * one message per bad field, each starting with the field's name.
 */
export const errorResponse = z
  .object({
    errors: z.array(z.string()).min(1),
  })
  .meta({ id: 'ErrorResponse', description: 'Human-readable messages; clients show the first.' });

export type ErrorResponse = z.infer<typeof errorResponse>;
