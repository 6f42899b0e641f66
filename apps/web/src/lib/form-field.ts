import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

/**
 * The contract's messages say what to fix ("must not be empty") and leave the field's name to
 * whoever shows them, so the text beside a field reads as a sentence: "Password must not be
 * empty".
 */
export function fieldMessage(
  label: string,
  error: Pick<FieldError, 'message'> | undefined,
): string | undefined {
  if (!error?.message) return undefined;
  return `${label} ${error.message}`;
}

/**
 * A react-hook-form registration for an MUI TextField: the ref goes to the input itself, so a
 * failed submit can move focus to the first bad field.
 */
export function textFieldRegistration({ ref, ...rest }: UseFormRegisterReturn) {
  return { ...rest, inputRef: ref };
}
