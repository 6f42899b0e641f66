import { z } from '@vitalia/api/zod';
import {
  newPassword,
  passwordLimits,
  passwordResetRequest,
  registerRequest,
} from '@vitalia/api/identity.contract';

/** The server's rules, said before the person types rather than after they fail. */
export const passwordRules = `Use ${passwordLimits.min} to ${passwordLimits.max} characters. Very common passwords are refused.`;

// `when` lets the comparison run while other fields are still wrong, so every problem shows at
// once instead of one after another.
const mismatch = {
  path: ['confirmPassword'],
  message: 'must match the password',
  when: () => true,
};

/** Registration's first step: the address alone (docs/decisions/0051). */
export const registerForm = registerRequest.pick({ Username: true });
export type RegisterForm = z.infer<typeof registerForm>;

/** Registration's last step, on the mailed link's page: the password, with a confirmation. */
export const choosePasswordForm = z
  .object({ Password: newPassword, confirmPassword: z.string() })
  .refine((values) => values.confirmPassword === values.Password, mismatch);
export type ChoosePasswordForm = z.infer<typeof choosePasswordForm>;

/** Password change, before the dialog asks for the current password. */
export const newPasswordForm = z
  .object({ newPassword, confirmPassword: z.string() })
  .refine((values) => values.confirmPassword === values.newPassword, mismatch);
export type NewPasswordForm = z.infer<typeof newPasswordForm>;

/**
 * Finishing a reset: the address and the new password of the contract's request (the token
 * comes from the link), plus a confirmation.
 */
export const setNewPasswordForm = passwordResetRequest
  .pick({ Username: true, NewPasword: true })
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.confirmPassword === values.NewPasword, mismatch);
export type SetNewPasswordForm = z.infer<typeof setNewPasswordForm>;
