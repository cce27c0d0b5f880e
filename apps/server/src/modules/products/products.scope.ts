/**
 * Which customers a user's rows are scoped to (DESIGN.md Who may do what). The one place that
 * answers "whose products may this user see / order"; lookups, products and cart use it.
 *
 * - visibleCustomerIds: the customers the user may see at all (the /customers lookup, vendors of
 *   those customers):
 *     ADMIN             all
 *     VENDOR            the customers of the user's vendors (vendor_customers)
 *     CUSTOMER, ACCOUNT, CSR, FINANCE
 *                       the user's customers (user_customers)
 *     FACTORY_ACCOUNT   the customers of the user's factories (factory_customers), plus the customers
 *                       with a subcode made in one of the user's factories or regions
 *     NONE              none
 * - orderableCustomerIds: the customers whose products the user works with on the product screens
 *   (search, details) and, for the cart roles (VENDOR, ACCOUNT, ADMIN), may put in the cart. The
 *   same as visibleCustomerIds for every role that may open products; FINANCE and NONE get none.
 *   ADMIN gets all customers even when linked to a vendor (an admin orders on anyone's behalf).
 *
 * Both answer 'ALL' (no restriction) or the sorted, distinct customer ids (possibly empty).
 * They hold the SQL of scoping (Drizzle) so that no module re-derives it.
 */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../platform/auth';
import type { Db, Tx } from '../../platform/db';
import { factories, factoryCustomers, productSubcodes, vendorCustomers } from '../../platform/db/schema';

export type CustomerScope = number[] | 'ALL';
type Q = Db | Tx;
type ScopeUser = Pick<AuthUser, 'role' | 'customerIds' | 'vendorIds' | 'factoryIds' | 'regionIds'>;

const sortedUnique = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** Customers of the given vendors (vendor_customers). */
export async function customersOfVendors(db: Q, vendorIds: number[]): Promise<number[]> {
  if (vendorIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: vendorCustomers.customerId })
    .from(vendorCustomers)
    .where(inArray(vendorCustomers.vendorId, vendorIds));
  return sortedUnique(rows.map((r) => r.id));
}

/** Customers of a regional supervisor: of its factories, or with subcodes made in its factories or regions. */
async function customersOfFactoriesAndRegions(
  db: Q,
  factoryIds: number[],
  regionIds: number[],
): Promise<number[]> {
  const ids: number[] = [];
  if (factoryIds.length > 0) {
    const rows = await db
      .selectDistinct({ id: factoryCustomers.customerId })
      .from(factoryCustomers)
      .where(inArray(factoryCustomers.factoryId, factoryIds));
    ids.push(...rows.map((r) => r.id));
  }
  if (factoryIds.length > 0 || regionIds.length > 0) {
    const made: SQL[] = [];
    if (factoryIds.length > 0) made.push(inArray(factories.id, factoryIds));
    if (regionIds.length > 0) made.push(inArray(factories.productionRegionId, regionIds));
    const rows = await db
      .selectDistinct({ id: productSubcodes.customerId })
      .from(productSubcodes)
      .innerJoin(factories, eq(factories.id, productSubcodes.factoryId))
      .where(made.length === 1 ? made[0] : sql`(${made[0]} or ${made[1]})`);
    ids.push(...rows.map((r) => r.id));
  }
  return sortedUnique(ids);
}

/** The customers the user may see (see the module comment for the rule per role). */
export async function visibleCustomerIds(db: Q, user: ScopeUser): Promise<CustomerScope> {
  switch (user.role) {
    case 'ADMIN':
      return 'ALL';
    case 'VENDOR':
      return customersOfVendors(db, user.vendorIds);
    case 'CUSTOMER':
    case 'ACCOUNT':
    case 'CSR':
    case 'FINANCE':
      return sortedUnique(user.customerIds);
    case 'FACTORY_ACCOUNT':
      return customersOfFactoriesAndRegions(db, user.factoryIds, user.regionIds);
    default:
      return [];
  }
}

/**
 * The customers whose products the user may open and (cart roles) order: VENDOR → customers of its
 * vendors; ADMIN → all; ACCOUNT → its customers; CUSTOMER, CSR, FACTORY_ACCOUNT → their visible
 * customers (browse only: these roles have no cart); FINANCE, NONE → none.
 */
export async function orderableCustomerIds(db: Q, user: ScopeUser): Promise<CustomerScope> {
  if (user.role === 'FINANCE' || user.role === 'NONE') return [];
  return visibleCustomerIds(db, user);
}

/** True when `customerId` is inside the scope. */
export function inCustomerScope(scope: CustomerScope, customerId: number): boolean {
  return scope === 'ALL' || scope.includes(customerId);
}

/** A WHERE condition restricting `column` (a customer id column) to the scope; undefined for 'ALL'. */
export function customerScopeCondition(column: PgColumn, scope: CustomerScope): SQL | undefined {
  if (scope === 'ALL') return undefined;
  if (scope.length === 0) return sql`false`;
  return inArray(column, scope);
}

/** Combines conditions, skipping undefined ones (`and` of none is undefined). */
export const allOf = (...conds: (SQL | undefined)[]) =>
  and(...conds.filter((c): c is SQL => c !== undefined));
