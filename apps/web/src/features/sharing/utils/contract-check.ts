import { z } from '@vitalia/api/zod';

/**
 * The request a form built, checked by the contract's schema inside the form's own check, so the
 * person sees the form's problems and the contract's together rather than one set after the other
 * (a pipe stops at the first). Answers the request as the contract parses it.
 */
export function checkedBy<T>(schema: z.ZodType<T>, request: unknown, context: z.RefinementCtx): T {
  const checked = schema.safeParse(request);
  if (checked.success) return checked.data;
  for (const issue of checked.error.issues) {
    context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  }
  return z.NEVER;
}
