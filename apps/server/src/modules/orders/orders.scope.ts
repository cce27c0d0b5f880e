/**
 * Which orders a user may see (ARCHITECTURE.md Who may do what; ordering §6): the one place that says so.
 * The order list, the order details and every later order action filter with `orderScope`, so a
 * row outside it simply is not found (404), never a 403 that would confirm it exists.
 *
 * - ADMIN: every order.
 * - VENDOR: orders of its vendors (user_vendors).
 * - CUSTOMER, CSR, ACCOUNT, FINANCE: orders of their customers (user_customers).
 * - FACTORY_ACCOUNT (regional supervisor): orders in its regions (user_regions) or of its
 *   factories (user_factories).
 * - Anyone else (NONE): nothing.
 * A user without assignments sees nothing. Carts (PENDING orders) are served by the cart calls and
 * are never part of `orderScope`.
 */
import type { Role } from '@selvedge/shared';
import { and, inArray, ne, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth';
import { orders } from '../../platform/db/schema';

/** The part of the signed-in user that decides the scope. */
export type ScopeUser = Pick<AuthUser, 'role' | 'customerIds' | 'vendorIds' | 'factoryIds' | 'regionIds'>;

const NOTHING = sql`false`;
const EVERYTHING = sql`true`;

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
 * What the user's role and assignments reach (the rule of this module, in one place; the customer
 * scope of products.scope reads the same assignments).
 */
export function scopeAssignments(user: ScopeUser): ScopeAssignments {
  if (user.role === 'ADMIN') return { ...NO_ASSIGNMENTS, all: true };
  if (user.role === 'VENDOR') return { ...NO_ASSIGNMENTS, vendorIds: user.vendorIds };
  if (CUSTOMER_SCOPED_ROLES.includes(user.role)) return { ...NO_ASSIGNMENTS, customerIds: user.customerIds };
  if (user.role === 'FACTORY_ACCOUNT')
    return { ...NO_ASSIGNMENTS, regionIds: user.regionIds, factoryIds: user.factoryIds };
  return NO_ASSIGNMENTS;
}

const ASSIGNED_COLUMNS = [
  ['vendorIds', orders.vendorId],
  ['customerIds', orders.customerId],
  ['regionIds', orders.productionRegionId],
  ['factoryIds', orders.factoryId],
] as const;

/** Orders of the user's assignments in any status, carts included (for callers that need carts too). */
export function orderTenantScope(user: ScopeUser): SQL {
  const reach = scopeAssignments(user);
  if (reach.all) return EVERYTHING;
  const conditions = ASSIGNED_COLUMNS.filter(([key]) => reach[key].length > 0).map(([key, column]) =>
    inArray(column, reach[key]),
  );
  if (conditions.length === 0) return NOTHING;
  return conditions.length === 1 ? (conditions[0] as SQL) : (or(...conditions) as SQL);
}

/** Placed orders (not carts) the user may see: the condition of the order list, details and actions. */
export function orderScope(user: ScopeUser): SQL {
  return and(ne(orders.orderStatus, 'PENDING'), orderTenantScope(user)) as SQL;
}

/**
 * `orderScope` for a statement compiled once (platform/db/compiled.ts): the same condition with the
 * assignments as parameters (`all` a boolean, the id lists arrays), filled in per call from
 * `scopeAssignments(user)`. For look-ups by key only: the list keeps `orderScope`, whose plans can
 * use the list indexes.
 */
export function orderScopeOf(p: ScopePlaceholders): SQL {
  const reached = ASSIGNED_COLUMNS.map(([key, column]) => sql`${column} = any(${p[key]})`);
  return and(ne(orders.orderStatus, 'PENDING'), sql`(${p.all} or ${sql.join(reached, sql` or `)})`) as SQL;
}
