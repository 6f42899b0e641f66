import type { ErrorOption, FieldError } from 'react-hook-form';
import { fieldMessage } from '../../../lib/form-field';

/**
 * The server's refusal of a typed password ("password: is not your current password."), as an
 * error for the password field that reads as a sentence of its own.
 */
export function serverRefusal(message: string): ErrorOption {
  return { type: 'server', message: `The password you typed ${message}` };
}

/** The text under a current-password field: the server's sentence, or the form's own check. */
export function passwordHelp(error: FieldError | undefined): string | undefined {
  return error?.type === 'server' ? error.message : fieldMessage('Current password', error);
}
