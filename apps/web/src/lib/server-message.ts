import { isHttpError } from './http-error';
import type { ErrorDetail } from '@vitalia/api/errors.schema';
import { apiErrorMessage } from './api-client';

// A failed call's `details` (docs/decisions/0003-error-model-and-contract.md): each problem with a
// stable code and, where it has one, the field it is about. Forms place messages by `field` and
// react by `code`, so the server may reword a message without breaking a screen.

/** A problem with one field of the body a form sent. */
export interface FieldProblem {
  field: string;
  message: string;
  code: string;
}

/** Every problem of a failed call, in the server's order; none for other failures. */
export function serverProblems(error: unknown): ErrorDetail[] {
  if (!isHttpError(error)) return [];
  const data: unknown = error.response?.data;
  if (typeof data !== 'object' || data === null || !('details' in data)) return [];
  if (!Array.isArray(data.details)) return [];
  return data.details.flatMap((entry: unknown) => {
    const detail = errorDetailOf(entry);
    return detail ? [detail] : [];
  });
}

const places: readonly unknown[] = ['query', 'path', 'header'] satisfies ErrorDetail['in'][];

/**
 * One of `details` as the contract's ErrorDetail (packages/api/src/errors.schema.ts) reads it,
 * checked by hand: the sign-in page shows these before it has loaded zod (docs/performance.md).
 * server-message.test.ts holds it to the schema's answers.
 */
export function errorDetailOf(entry: unknown): ErrorDetail | null {
  if (typeof entry !== 'object' || entry === null) return null;
  const { code, field, in: place, message } = entry as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  if (field !== undefined && typeof field !== 'string') return null;
  if (place !== undefined && !places.includes(place)) return null;
  return {
    code,
    ...(field === undefined ? {} : { field }),
    ...(place === undefined ? {} : { in: place as ErrorDetail['in'] }),
    message,
  };
}

/** Whether a failed call answered this code, e.g. 'SLUG_TAKEN'. */
export function hasProblemCode(error: unknown, code: string): boolean {
  return serverProblems(error).some((problem) => problem.code === code);
}

/** The problems of a failed call that name a field of the body, in the server's order. */
export function fieldProblems(error: unknown): FieldProblem[] {
  return serverProblems(error).flatMap(({ field, message, code, in: place }) =>
    field !== undefined && place === undefined ? [{ field, message, code }] : [],
  );
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
