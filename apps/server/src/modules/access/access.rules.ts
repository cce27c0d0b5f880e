/**
 * What a user's role and assignments reach (ARCHITECTURE.md Who may do what; ordering §6), without
 * the database: the one rule every scope of the access module (access.ts) is derived from.
 *
 * - ADMIN: everything.
 * - VENDOR: its vendors (user_vendors): their orders, and the customers they buy for.
 * - CUSTOMER, CSR, ACCOUNT, FINANCE: their customers (user_customers).
 * - FACTORY_ACCOUNT (regional supervisor): its regions (user_regions) and factories (user_factories).
 * - Anyone else (NONE): nothing. A user without assignments reaches nothing.
 */
import type { Role } from '@selvedge/shared';
import type { Placeholder } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth';

/** The part of the signed-in user that decides its scope. */
export type ScopeUser = Pick<AuthUser, 'role' | 'customerIds' | 'vendorIds' | 'factoryIds' | 'regionIds'>;

/** 'ALL' (no restriction) or the sorted, distinct customer ids (possibly empty). */
export type CustomerScope = number[] | 'ALL';

/** Roles scoped by their customers (user_customers). */
export const CUSTOMER_SCOPED_ROLES: readonly Role[] = ['CUSTOMER', 'CSR', 'ACCOUNT', 'FINANCE'];

/**
 * The orders a user's assignments reach: every order (`all`), or those whose vendor, customer,
 * production region or factory is one of the listed ids (empty lists reach nothing).
 */
export interface ScopeAssignments {
  all: boolean;
  vendorIds: number[];
  customerIds: number[];
  regionIds: number[];
  factoryIds: number[];
}

/** Assignments that reach nothing. */
export const NO_ASSIGNMENTS: ScopeAssignments = {
  all: false,
  vendorIds: [],
  customerIds: [],
  regionIds: [],
  factoryIds: [],
};

/** ScopeAssignments as placeholders of a statement compiled once (platform/db/compiled.ts). */
export type ScopePlaceholders = { readonly [K in keyof ScopeAssignments]: Placeholder<K> };

/**
 * What the user's role and assignments reach (the rule of this module, in one place; the order
 * scope and the customer scopes of access.ts read the same assignments).
 */
export function scopeAssignments(user: ScopeUser): ScopeAssignments {
  if (user.role === 'ADMIN') return { ...NO_ASSIGNMENTS, all: true };
  if (user.role === 'VENDOR') return { ...NO_ASSIGNMENTS, vendorIds: user.vendorIds };
  if (CUSTOMER_SCOPED_ROLES.includes(user.role)) return { ...NO_ASSIGNMENTS, customerIds: user.customerIds };
  if (user.role === 'FACTORY_ACCOUNT')
    return { ...NO_ASSIGNMENTS, regionIds: user.regionIds, factoryIds: user.factoryIds };
  return NO_ASSIGNMENTS;
}

/**
 * What `orderableCustomerIds` reaches: the customers whose products the user may open and (cart
 * roles) order: VENDOR → customers of its vendors; ADMIN → all; ACCOUNT → its customers; CUSTOMER,
 * CSR, FACTORY_ACCOUNT → their visible customers (browse only: these roles have no cart); FINANCE,
 * NONE → none.
 */
export function orderableAssignments(user: ScopeUser): ScopeAssignments {
  return user.role === 'FINANCE' ? NO_ASSIGNMENTS : scopeAssignments(user);
}

/** True when `customerId` is inside the scope. */
export function inCustomerScope(scope: CustomerScope, customerId: number): boolean {
  return scope === 'ALL' || scope.includes(customerId);
}

/**
 * Whether an order with these keys is inside the user's order scope: the same rule as the SQL
 * condition `orderScope` (access.repository.ts), on a row already in memory (live updates filter
 * each event with it, without a query per stream). Carts are not part of it: the caller checks
 * that the order is placed.
 */
export function orderInScope(
  user: ScopeUser,
  order: {
    vendorId: number | null;
    customerId: number | null;
    productionRegionId: number | null;
    factoryId: number | null;
  },
): boolean {
  const reach = scopeAssignments(user);
  if (reach.all) return true;
  const has = (ids: number[], id: number | null) => id !== null && ids.includes(id);
  return (
    has(reach.vendorIds, order.vendorId) ||
    has(reach.customerIds, order.customerId) ||
    has(reach.regionIds, order.productionRegionId) ||
    has(reach.factoryIds, order.factoryId)
  );
}
