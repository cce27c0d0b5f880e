/**
 * React access to the session (ordering §3 Session state): authenticated flag, user, role,
 * remembered login redirect path and hasVendor, plus logout.
 */
import type { Role } from '@selvedge/shared';
import { useSyncExternalStore } from 'react';
import { useHasVendorQuery } from '../../api/lookups';
import { getRedirectPath, getSession, logout, type SessionState, subscribeSession } from './session-store';
import type { SessionUser } from './token';

/** The raw session snapshot (status, token, user); re-renders on change. */
export function useSessionState(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** What screens need to know about the session. */
export interface SessionInfo {
  authenticated: boolean;
  status: SessionState['status'];
  user: SessionUser | null;
  role: Role | null;
  /** Whether the user is linked to a vendor; null while unknown (loading, failed or signed out). */
  hasVendor: boolean | null;
  /** The path remembered for after sign-in, if any. */
  redirectPath: string | null;
  /** The user's own Log Out. */
  logout: () => Promise<void>;
}

const userLogout = () => logout('user');

/** The signed-in user and role (null when signed out), from the session alone. */
export interface SessionUserInfo {
  authenticated: boolean;
  user: SessionUser | null;
  role: Role | null;
}

/**
 * The signed-in user and role, without hasVendor: a screen that needs no more does not render again
 * when /has-vendor answers (decision 0021, total blocking time of the first load).
 */
export function useSessionUser(): SessionUserInfo {
  const state = useSessionState();
  const authenticated = state.status === 'signed-in';
  const user = authenticated ? state.user : null;
  return { authenticated, user, role: user?.role ?? null };
}

/** The session as screens use it. */
export function useSession(): SessionInfo {
  const state = useSessionState();
  const authenticated = state.status === 'signed-in';
  const user = authenticated ? state.user : null;
  const hasVendor = useHasVendorQuery(user?.id ?? null);
  return {
    authenticated,
    status: state.status,
    user,
    role: user?.role ?? null,
    hasVendor: user ? (hasVendor.data?.hasVendor ?? null) : null,
    redirectPath: getRedirectPath(),
    logout: userLogout,
  };
}
