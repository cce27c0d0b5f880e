/**
 * The access token as the browser keeps it (ordering §3 Session state: session keys access_token
 * and role) and its decoded claims. The JWT is not verified here (the server does); the payload is
 * only read for the user's id, role, name, email and expiry.
 */
import { type AccessTokenClaims, isRole, type Role } from '@selvedge/shared';

export const TOKEN_KEY = 'access_token';
export const ROLE_KEY = 'role';
export const REDIRECT_KEY = 'redirect_path';

/** The signed-in user, from the token's claims. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** Expiry, seconds since the epoch (JWT `exp`). */
  exp: number;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads the claims of a JWT payload; null when the token is not a readable JWT with an exp. */
export function decodeToken(token: string): SessionUser | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const claims = JSON.parse(base64UrlDecode(parts[1])) as Partial<AccessTokenClaims>;
    if (typeof claims.exp !== 'number') return null;
    return {
      id: String(claims.sub ?? ''),
      email: String(claims.email ?? ''),
      name: String(claims.name ?? claims.email ?? ''),
      role: isRole(claims.role) ? claims.role : 'NONE',
      exp: claims.exp,
    };
  } catch {
    return null;
  }
}

/** True when the expiry has passed (with a small margin so a call does not leave with a dying token). */
export function isExpired(user: Pick<SessionUser, 'exp'>, now = Date.now(), marginMs = 2_000): boolean {
  return user.exp * 1000 <= now + marginMs;
}

/** Reads the stored token (sessionStorage, so each tab has its own session). */
export function readStoredToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** Stores the token and the role under the spec's keys. */
export function storeToken(token: string, role: Role): void {
  sessionStorage.setItem(TOKEN_KEY, token);
  sessionStorage.setItem(ROLE_KEY, role);
}

/**
 * Removes the session data from sessionStorage: the token, the role and everything the screens kept
 * for this user (stored order and product searches...; ordering §3 Session state: "Session data is cleared on
 * logout"). Only the path to return to after an expired session's new login stays.
 */
export function clearStoredToken(): void {
  try {
    for (const key of Object.keys(sessionStorage)) {
      if (key !== REDIRECT_KEY) sessionStorage.removeItem(key);
    }
  } catch {
    // Storage unavailable (private mode): nothing was stored.
  }
}
