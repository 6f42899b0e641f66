import { placeFieldProblems } from '../../../lib/server-message';

/**
 * Puts a refused call's problems beside the form's fields that the request names alike, through
 * `place`; answers what is left to say above the form (placeFieldProblems in lib/server-message.ts).
 */
export function placeOnFields<F extends string>(
  error: unknown,
  fields: readonly F[],
  place: (field: F, message: string) => void,
): string | null {
  return placeFieldProblems(error, ({ field, message }) => {
    const known = fields.find((each) => each === field);
    if (known === undefined) return false;
    place(known, message);
    return true;
  });
}
