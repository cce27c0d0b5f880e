/** Sign-in and password calls (ordering §7 Auth). */
import { z } from 'zod';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { VALIDATION_MESSAGES as V } from '../messages/validation';
import { safeText } from './common';

export const loginRequest = z
  .object({
    email: safeText(320)
      .transform((v) => v.trim())
      .pipe(z.string().min(1, V.required('Email'))),
    password: safeText(1024).pipe(z.string().min(1, V.required('Password'))),
  })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginResponse = z.object({ access_token: z.string() }).meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof loginResponse>;

export const updatePasswordQuery = z.object({
  token: z
    .string()
    .min(1, V.required('token'))
    .max(200, V.resetToken)
    .regex(/^[A-Za-z0-9_-]+$/, V.resetToken),
});
export const updatePasswordRequest = z
  .object({
    password: safeText(1024).pipe(z.string().min(LIMITS.minPasswordLength, MESSAGES.passwordTooShort)),
  })
  .meta({ id: 'UpdatePasswordRequest' });
export type UpdatePasswordRequest = z.infer<typeof updatePasswordRequest>;

/** Claims carried in the access token (signed, HS256). */
export interface AccessTokenClaims {
  sub: string;
  role: string;
  jti: string;
  email: string;
  name: string;
  exp: number;
}
