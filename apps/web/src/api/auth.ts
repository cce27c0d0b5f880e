/** Sign-in and password calls (ordering §7 Auth). */
import type { LoginRequest, LoginResponse, UpdatePasswordRequest } from '@selvedge/shared';
import { api } from './client';

/** POST /auth/login {email, password} → {access_token}. No bearer. */
export function login(body: LoginRequest): Promise<LoginResponse> {
  return api.post<LoginResponse>('/auth/login', body, { auth: false });
}

/** GET /auth/logout with the bearer. A 401 here is not treated as an expired session. */
export function logoutCall(): Promise<unknown> {
  return api.get('/auth/logout', { expireOn401: false });
}

/** POST /auth/update-password?token=… {password}. No bearer: the token in the query authorises it. */
export function updatePassword(token: string, body: UpdatePasswordRequest): Promise<unknown> {
  return api.post('/auth/update-password', body, { auth: false, query: { token } });
}
