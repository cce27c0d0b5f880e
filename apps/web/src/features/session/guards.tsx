/**
 * Route guards (ordering §2): `RequireRole` protects a route with ROUTE_ACCESS; `RoleRedirect` is
 * the home route '/' that sends a signed-in user to the landing page of their role.
 */
import { type AppRoute, canAccessRoute, landingRouteFor, type Role } from '@selvedge/shared';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { rememberRedirectPath } from './session-store';
import { useSessionState } from './use-session';

/** State handed to /login when a signed-in user's role may not open a page. */
export interface DeniedState {
  denied: { path: string; role: Role };
}

/** Reads DeniedState from a location's state, if present. */
export function deniedFrom(state: unknown): DeniedState['denied'] | null {
  if (state && typeof state === 'object' && 'denied' in state) {
    const denied = (state as DeniedState).denied;
    if (denied && typeof denied.path === 'string') return denied;
  }
  return null;
}

/**
 * Renders the route (children or <Outlet/>) only for roles allowed on `route`. Signed out: remembers
 * the requested path+query and goes to /login. Signed in with another role: goes to /login, which
 * explains that the role may not open the page.
 */
export function RequireRole({ route, children }: { route: AppRoute; children?: ReactNode }) {
  const { status, user, endedBy } = useSessionState();
  const location = useLocation();
  const here = location.pathname + location.search;

  if (status === 'signing-out') return null;
  if (status === 'signed-out' || !user) {
    // An unauthenticated visit remembers where it wanted to go (idempotent: same value on every
    // render); a page left by a logout does not (the logout already decided).
    if (!endedBy) rememberRedirectPath(here);
    return <Navigate to="/login" replace />;
  }
  if (!canAccessRoute(route, user.role)) {
    rememberRedirectPath(here);
    const state: DeniedState = { denied: { path: here, role: user.role } };
    return <Navigate to="/login" replace state={state} />;
  }
  return children ?? <Outlet />;
}

/** The home route '/': landing page for the role (VENDOR → /product-list, others → /order-list), else /login. */
export function RoleRedirect() {
  const { status, user } = useSessionState();
  if (status === 'signing-out') return null;
  if (status === 'signed-out' || !user) return <Navigate to="/login" replace />;
  const target = landingRouteFor(user.role);
  if (target === '/login') {
    const state: DeniedState = { denied: { path: '/', role: user.role } };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Navigate to={target} replace />;
}
