/**
 * Which customers a user's rows are scoped to (ARCHITECTURE.md Who may do what). The one place that
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
import { qualified } from '../../platform/db/compiled';
import { factories, factoryCustomers, productSubcodes, vendorCustomers } from '../../platform/db/schema';
import {
  NO_ASSIGNMENTS,
  type ScopeAssignments,
  type ScopePlaceholders,
  scopeAssignments,
} from '../orders/orders.scope';

export type CustomerScope = number[] | 'ALL';
type Q = Db | Tx;
/** The part of the signed-in user that decides its customer scope. */
export type ScopeUser = Pick<AuthUser, 'role' | 'customerIds' | 'vendorIds' | 'factoryIds' | 'regionIds'>;

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

/**
 * What `orderableCustomerIds` reaches: the customers whose products the user may open and (cart
 * roles) order: VENDOR → customers of its vendors; ADMIN → all; ACCOUNT → its customers; CUSTOMER,
 * CSR, FACTORY_ACCOUNT → their visible customers (browse only: these roles have no cart); FINANCE,
 * NONE → none.
 */
export function orderableAssignments(user: ScopeUser): ScopeAssignments {
  return user.role === 'FINANCE' ? NO_ASSIGNMENTS : scopeAssignments(user);
}

/** The customer ids `reach` covers ('ALL' for every customer), looked up where it names vendors or factories. */
async function customersReached(db: Q, reach: ScopeAssignments): Promise<CustomerScope> {
  if (reach.all) return 'ALL';
  const ofVendors = await customersOfVendors(db, reach.vendorIds);
  const ofFactories = await customersOfFactoriesAndRegions(db, reach.factoryIds, reach.regionIds);
  return sortedUnique([...reach.customerIds, ...ofVendors, ...ofFactories]);
}

/**
 * The customers the user may see (see the module comment for the rule per role): the customers
 * of the orders the user's assignments reach (orders.scope's `scopeAssignments`).
 */
export const visibleCustomerIds = (db: Q, user: ScopeUser): Promise<CustomerScope> =>
  customersReached(db, scopeAssignments(user));

/** The customers whose products the user may open and order (see `orderableAssignments`). */
export const orderableCustomerIds = (db: Q, user: ScopeUser): Promise<CustomerScope> =>
  customersReached(db, orderableAssignments(user));

/**
 * `column` (a customer id) is one the user may order from: `orderableCustomerIds` as a condition of
 * a statement compiled once, the assignments as placeholders (filled from `orderableAssignments`),
 * so that a statement reading other rows checks the scope too (placing: one look-up fewer).
 */
export function orderableCustomerOf(column: PgColumn, p: ScopePlaceholders): SQL<boolean> {
  const customerId = qualified(column);
  return sql<boolean>`(${p.all} or ${customerId} = any(${p.customerIds})
    or exists (select from ${vendorCustomers} vc where vc.vendor_id = any(${p.vendorIds}) and vc.customer_id = ${customerId})
    or exists (select from ${factoryCustomers} fc where fc.factory_id = any(${p.factoryIds}) and fc.customer_id = ${customerId})
    or exists (select from ${productSubcodes} ps join ${factories} f on f.id = ps.factory_id
      where ps.customer_id = ${customerId}
        and (f.id = any(${p.factoryIds}) or f.production_region_id = any(${p.regionIds}))))`;
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
