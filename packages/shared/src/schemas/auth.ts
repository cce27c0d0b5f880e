/** Sign-in and password calls (ordering §7 Auth). */
import { z } from 'zod';
import { LIMITS, MESSAGES } from '../messages';

export const loginRequest = z
  .object({
    email: z.string().trim().min(1, 'Email is required').max(320),
    password: z.string().min(1, 'Password is required').max(1024),
  })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginResponse = z.object({ access_token: z.string() }).meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof loginResponse>;

export const updatePasswordQuery = z.object({ token: z.string().min(1, 'token is required') });
export const updatePasswordRequest = z
  .object({
    password: z.string().min(LIMITS.minPasswordLength, MESSAGES.passwordTooShort).max(1024),
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
