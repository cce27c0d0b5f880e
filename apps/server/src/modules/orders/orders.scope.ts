/**
 * Which orders a user may see (DESIGN.md Who may do what; ordering §6): the one place that says so.
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
import { and, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../platform/auth';
import { orders } from '../../platform/db/schema';

/** The part of the signed-in user that decides the scope. */
export type ScopeUser = Pick<AuthUser, 'role' | 'customerIds' | 'vendorIds' | 'factoryIds' | 'regionIds'>;

const NOTHING = sql`false`;
const EVERYTHING = sql`true`;

const oneOf = (column: AnyPgColumn, ids: number[]): SQL => (ids.length > 0 ? inArray(column, ids) : NOTHING);

/** Roles scoped by their customers (user_customers). */
export const CUSTOMER_SCOPED_ROLES: readonly Role[] = ['CUSTOMER', 'CSR', 'ACCOUNT', 'FINANCE'];

/** Orders of the user's assignments in any status, carts included (for callers that need carts too). */
export function orderTenantScope(user: ScopeUser): SQL {
  if (user.role === 'ADMIN') return EVERYTHING;
  if (user.role === 'VENDOR') return oneOf(orders.vendorId, user.vendorIds);
  if (CUSTOMER_SCOPED_ROLES.includes(user.role)) return oneOf(orders.customerId, user.customerIds);
  if (user.role === 'FACTORY_ACCOUNT') {
    if (user.regionIds.length === 0 && user.factoryIds.length === 0) return NOTHING;
    return or(
      oneOf(orders.productionRegionId, user.regionIds),
      oneOf(orders.factoryId, user.factoryIds),
    ) as SQL;
  }
  return NOTHING;
}

/** Placed orders (not carts) the user may see: the condition of the order list, details and actions. */
export function orderScope(user: ScopeUser): SQL {
  return and(ne(orders.orderStatus, 'PENDING'), orderTenantScope(user)) as SQL;
}
