/**
 * The session (ordering §3 Session state, §4 Session): who is signed in, kept in sessionStorage and
 * in a tiny external store that React reads with useSyncExternalStore and non-React code (the API
 * client) reads directly.
 *
 * status: 'signed-in' → 'signing-out' (token already gone, moving to /login) → 'signed-out'.
 * The middle state lets route guards stay quiet while a logout navigates, so a logout does not
 * count as an "unauthenticated visit" whose path would be remembered.
 */
import { type AppRoute, canAccessRoute, GENERIC_MESSAGES, ROUTE_ACCESS, type Role } from '@selvedge/shared';
import { logoutCall } from '../../api/auth';
import { ApiError, configureApiClient } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { showAlert } from '../../ui/alert-dialog';
import { clearMessages, showError } from '../../ui/messages';
import { clearOverlays } from '../../ui/overlay';
import { announceSignIn } from './cross-tab';
import {
  clearStoredToken,
  decodeToken,
  isExpired,
  REDIRECT_KEY,
  readStoredToken,
  type SessionUser,
  storeToken,
} from './token';

export type SessionStatus = 'signed-in' | 'signing-out' | 'signed-out';

/** Why a session ended: the user's own Log Out, an expired token, or a sign-in on another tab. */
export type LogoutReason = 'user' | 'expired' | 'other-tab';

/** Snapshot of the session store. */
export interface SessionState {
  status: SessionStatus;
  token: string | null;
  user: SessionUser | null;
  /**
   * Set when this tab's session just ended by a logout, until the login page has shown. Guards
   * then leave the remembered path alone: the logout already decided it, and the page being left
   * may still render once with the session gone (router updates run in a transition).
   */
  endedBy: LogoutReason | null;
}

const SIGNED_OUT: SessionState = { status: 'signed-out', token: null, user: null, endedBy: null };

/** Routes anyone may open (ordering §2). */
export const PUBLIC_PATHS = ['/login', '/reset-password', '/terms-and-conditions'] as const;

function initialState(): SessionState {
  const token = readStoredToken();
  const user = token ? decodeToken(token) : null;
  if (!token || !user) {
    clearStoredToken();
    return SIGNED_OUT;
  }
  // An expired stored token stays "signed-in" until the watcher shows the alert and logs out.
  return { status: 'signed-in', token, user, endedBy: null };
}

let state: SessionState = initialState();
const listeners = new Set<() => void>();

function setState(next: SessionState) {
  state = next;
  for (const l of listeners) l();
}

/** Subscribes to session changes (for useSyncExternalStore). */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current session snapshot. */
export function getSession(): SessionState {
  return state;
}

/** True when a user is signed in and the token's expiry has passed. */
export function isSessionExpired(): boolean {
  return state.status === 'signed-in' && !!state.user && isExpired(state.user);
}

type Navigate = (to: string) => Promise<void> | void;
let navigate: Navigate = (to) => {
  window.location.assign(to);
};

/** Lets the router take over navigation after logout (set once by router.tsx). */
export function registerSessionNavigator(fn: Navigate): void {
  navigate = fn;
}

// ---- redirect path (ordering §2: an unauthenticated visit remembers the requested path) ----

/** Remembers the path (with query) to open after the next sign-in. */
export function rememberRedirectPath(path: string): void {
  try {
    sessionStorage.setItem(REDIRECT_KEY, path);
  } catch {
    /* storage unavailable */
  }
}

/** The remembered path, if any. */
export function getRedirectPath(): string | null {
  try {
    return sessionStorage.getItem(REDIRECT_KEY);
  } catch {
    return null;
  }
}

function forgetRedirectPath(): void {
  try {
    sessionStorage.removeItem(REDIRECT_KEY);
  } catch {
    /* storage unavailable */
  }
}

/** The app route whose access rule covers a path ('/order-details?orderId=1' → '/order-details'). */
export function appRouteOf(path: string): AppRoute | null {
  const pathname = new URL(path, window.location.origin).pathname.replace(/\/+$/, '') || '/';
  return pathname in ROUTE_ACCESS ? (pathname as AppRoute) : null;
}

/** True for /login, /reset-password and /terms-and-conditions. */
export function isPublicPath(path: string): boolean {
  const pathname = new URL(path, window.location.origin).pathname;
  return (PUBLIC_PATHS as readonly string[]).includes(pathname);
}

/**
 * Where to go after signing in: the remembered path when the new role may open it, else '/' (which
 * sends the user to the landing page of their role). Consumes the remembered path.
 */
export function takePostLoginPath(role: Role): string {
  const remembered = getRedirectPath();
  forgetRedirectPath();
  if (!remembered) return '/';
  const route = appRouteOf(remembered);
  return route && canAccessRoute(route, role) ? remembered : '/';
}

// ---- sign in / out ----

/**
 * Starts a session with a fresh access token (after login): stores it, tells the other tabs (which
 * log themselves out) and clears any data cached for a previous user. Throws if the token is unreadable.
 */
export function signIn(token: string): SessionUser {
  const user = decodeToken(token);
  if (!user) throw new ApiError(0, GENERIC_MESSAGES.unexpectedError);
  queryClient.clear();
  storeToken(token, user.role);
  setState({ status: 'signed-in', token, user, endedBy: null });
  announceSignIn();
  return user;
}

/**
 * Ends the session. 'user': calls GET /auth/logout (failure shows 'Error with logging out' but the
 * local session is cleared anyway). 'expired' and 'other-tab': local only (the alert is shown by the
 * caller). Then clears sessionStorage, the query cache, messages and overlays and goes to /login.
 * An expired session remembers the current page so signing in again returns there.
 */
export async function logout(reason: LogoutReason = 'user'): Promise<void> {
  if (state.status !== 'signed-in') return;
  if (reason === 'user') {
    clearMessages();
    try {
      await logoutCall();
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) showError(GENERIC_MESSAGES.logoutFailed);
    }
    if (state.status !== 'signed-in') return; // expired or replaced meanwhile
  }
  const here = window.location.pathname + window.location.search;
  if (reason === 'expired' && !isPublicPath(here)) rememberRedirectPath(here);
  else forgetRedirectPath();

  clearStoredToken();
  setState({ status: 'signing-out', token: null, user: state.user, endedBy: reason });
  try {
    if (window.location.pathname !== '/login') await navigate('/login');
  } finally {
    queryClient.clear();
    clearOverlays();
    setState({ ...SIGNED_OUT, endedBy: reason });
  }
}

/** Called by the login page once shown: from now on, unauthenticated visits remember their path again. */
export function acknowledgeLogout(): void {
  if (state.status === 'signed-out' && state.endedBy) setState({ ...state, endedBy: null });
}

/** The session expired (token exp passed, or a 401 on a call with the token): alert, then logout. */
export function expireSession(): void {
  if (state.status !== 'signed-in') return;
  void showAlert(GENERIC_MESSAGES.authExpired);
  void logout('expired');
}

/** Another tab signed in: alert, then logout (only if this tab is signed in). */
export function handleOtherTabSignIn(): void {
  if (state.status !== 'signed-in') return;
  void showAlert(GENERIC_MESSAGES.otherTabSignedIn);
  void logout('other-tab');
}

configureApiClient({
  getToken: () => (state.status === 'signed-in' ? state.token : null),
  isTokenExpired: isSessionExpired,
  onSessionExpired: expireSession,
});
