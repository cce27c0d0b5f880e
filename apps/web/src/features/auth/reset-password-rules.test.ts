import { MESSAGES } from '@selvedge/shared';
import { describe, expect, it } from 'vitest';
import { validateReset } from './reset-password-rules';

const long = 'a'.repeat(14);

describe('reset password (ordering §5 Validation)', () => {
  it('requires both fields', () => {
    expect(validateReset({ password: '', confirmPassword: '' })).toEqual({
      password: MESSAGES.confirmPasswordRequired,
      confirmPassword: MESSAGES.confirmPasswordRequired,
    });
    expect(validateReset({ password: 'short', confirmPassword: '' })).toEqual({
      confirmPassword: MESSAGES.confirmPasswordRequired,
    });
  });

  it('wants at least 14 characters, the same twice', () => {
    expect(validateReset({ password: long, confirmPassword: long })).toEqual({});
    expect(validateReset({ password: long.slice(1), confirmPassword: long.slice(1) })).toEqual({
      password: MESSAGES.passwordTooShort,
    });
    expect(validateReset({ password: long, confirmPassword: `${long}b` })).toEqual({
      confirmPassword: MESSAGES.passwordsMustMatch,
    });
  });
});
