/** Reset password rules (ordering §5 Validation), with the spec's texts (PASSWORD_MESSAGES). */
import { LIMITS, PASSWORD_MESSAGES } from '@selvedge/shared';

/** Values of the reset password form. */
export interface ResetValues {
  password: string;
  confirmPassword: string;
}

/** Validation of ordering §5: both required, at least 14 characters, and equal. */
export function validateReset(values: ResetValues): Partial<Record<keyof ResetValues, string>> {
  const errors: Partial<Record<keyof ResetValues, string>> = {};
  if (!values.password || !values.confirmPassword) {
    if (!values.password) errors.password = PASSWORD_MESSAGES.confirmPasswordRequired;
    if (!values.confirmPassword) errors.confirmPassword = PASSWORD_MESSAGES.confirmPasswordRequired;
    return errors;
  }
  if (values.password.length < LIMITS.minPasswordLength) errors.password = PASSWORD_MESSAGES.passwordTooShort;
  if (values.password !== values.confirmPassword)
    errors.confirmPassword = PASSWORD_MESSAGES.passwordsMustMatch;
  return errors;
}
