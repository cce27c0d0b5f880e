/**
 * What a server route requires, as data (ARCHITECTURE.md Who may do what): a call family of API_ACCESS,
 * a capability of ordering §6, or an order/artwork action of the state machine
 * (rules/orderWorkflow.ts), or a per-user permission (USER_PERMISSIONS: its roles and the user's own
 * flag, loaded with the session). Every route declares one; the server collects them when routes
 * register, answers 401/403 from them, and one test checks every registered route against
 * `rolesAllowed` for every role — so a route added later is covered without a test of its own.
 */
import {
  API_ACCESS,
  type ApiPermission,
  CAPABILITIES,
  type Capability,
  USER_PERMISSIONS,
  type UserPermission,
  type UserPermissionFlags,
} from './permissions';
import { type Role, SIGNED_IN_ROLES } from './roles';
import { ORDER_ACTION_RULES, type OrderAction } from './rules/orderWorkflow';

export type RoutePermission =
  | 'public'
  | ApiPermission
  | { capability: Capability }
  | { orderAction: OrderAction }
  | { userPermission: UserPermission };

/** The roles a route admits (before any row-level check), or 'public' for routes without sign-in. */
export function rolesAllowed(permission: RoutePermission): readonly Role[] | 'public' {
  if (permission === 'public') return 'public';
  if (typeof permission === 'string') return API_ACCESS[permission];
  if ('capability' in permission) return CAPABILITIES[permission.capability];
  if ('userPermission' in permission) return USER_PERMISSIONS[permission.userPermission];
  return ORDER_ACTION_RULES[permission.orderAction].roles;
}

/**
 * True when `role` passes the route's permission (a public route admits everyone); a per-user
 * permission also needs the user's flag in `flags` (absent flags refuse).
 */
export function isRouteAllowed(
  permission: RoutePermission,
  role: Role | null | undefined,
  flags?: Partial<UserPermissionFlags>,
): boolean {
  const roles = rolesAllowed(permission);
  if (roles === 'public') return true;
  if (!role || !roles.includes(role)) return false;
  const flag = userPermissionOf(permission);
  return flag === null || flags?.[flag] === true;
}

/** The per-user flag a permission needs besides the role, or null. */
export function userPermissionOf(permission: RoutePermission): UserPermission | null {
  return typeof permission === 'object' && 'userPermission' in permission ? permission.userPermission : null;
}

/** A readable name of a permission, for docs and test names: 'ordersRead', 'capability:approveFinance'. */
export function describePermission(permission: RoutePermission): string {
  if (typeof permission === 'string') return permission;
  if ('capability' in permission) return `capability:${permission.capability}`;
  if ('userPermission' in permission) return `userPermission:${permission.userPermission}`;
  return `orderAction:${permission.orderAction}`;
}

/** Signed-in roles a permission refuses (403). */
export function rolesRefused(permission: RoutePermission): Role[] {
  const roles = rolesAllowed(permission);
  return roles === 'public' ? [] : SIGNED_IN_ROLES.filter((r) => !roles.includes(r));
}
