import { isAxiosError } from 'axios';
import { apiErrorMessage } from './api-client';

/** One of the server's 400 messages, "Field: what to fix", split at the wire name of the field. */
export interface FieldProblem {
  field: string;
  message: string;
}

const namedField = /^([A-Za-z][\w.]*): (.+)$/;

/** Every message of a failed call that names a field, in the server's order. */
export function fieldProblems(error: unknown): FieldProblem[] {
  if (!isAxiosError(error) || error.response?.status !== 400) return [];
  const data: unknown = error.response.data;
  if (typeof data !== 'object' || data === null || !('errors' in data)) return [];
  if (!Array.isArray(data.errors)) return [];
  return data.errors.flatMap((entry: unknown) => {
    const match = typeof entry === 'string' ? namedField.exec(entry) : null;
    return match?.[1] && match[2] ? [{ field: match[1], message: match[2] }] : [];
  });
}

/**
 * Puts each field problem of a failed call beside its field through `place`, which answers false
 * for a field the form does not have. Answers what is left to say above the form: null when every
 * problem found its field, else the first that did not (or the call's message when none named a
 * field).
 */
export function placeFieldProblems(
  error: unknown,
  place: (problem: FieldProblem) => boolean,
): string | null {
  const problems = fieldProblems(error);
  if (problems.length === 0) return apiErrorMessage(error);
  const unplaced = problems.filter((problem) => !place(problem));
  const [first] = unplaced;
  return first ? `${first.field}: ${first.message}` : null;
}
