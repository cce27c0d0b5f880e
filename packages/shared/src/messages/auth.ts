/** Texts of signing in, signing out and passwords (ordering §2 Login, Reset password; §5; §9). */

/** ordering §5 Validation rules (Reset password) and §8 Success messages; the expiry notice is ours (§9). */
export const PASSWORD_MESSAGES = {
  confirmPasswordRequired: 'Please enter and confirm your password',
  passwordsMustMatch: 'Passwords must match',
  passwordTooShort: 'Password must be at least 14 characters long',
  passwordUpdated: 'Password Successfully Updated',
  /** Ours: the spec gives the rule (§9, six months) but no text. */
  passwordExpiryNotice: 'For your security, a password expires after six months of inactivity.',
} as const;

/**
 * Ours: the auth calls' refusals and answers (ordering §7 Auth; §8 says only that a login reply
 * without a token shows its message). `throttled` takes the wait in minutes.
 */
export const AUTH_MESSAGES = {
  invalidCredentials: 'The email or password is incorrect.',
  inactive: 'This account is inactive. Please contact an administrator.',
  expired:
    'Your password has expired after six months without a login. Please ask an administrator to send you a password reset link.',
  throttled: (minutes: number) =>
    `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please ask for a new one.',
  loggedOut: 'Logged out',
  userNotFound: 'User not found.',
} as const;
