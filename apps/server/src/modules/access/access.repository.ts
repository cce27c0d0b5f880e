/**
 * The SQL of scoping (Drizzle), written once (docs/decisions/0060-one-access-layer.md): the look-ups
 * behind the customer scopes and a vendor's row numbers, and the WHERE conditions that keep a statement inside the user's rows.
 * Other modules reach it through access.ts, never directly.
 */
import { and, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../platform/db';
import { qualified } from '../../platform/db/compiled';
import {
  factories,
  factoryCustomers,
  orders,
  productSubcodes,
  vendorCustomers,
} from '../../platform/db/schema';
import {
  type CustomerScope,
  type ScopeAssignments,
  type ScopePlaceholders,
  type ScopeUser,
  scopeAssignments,
} from './access.rules';

type Q = Db | Tx;

const sortedUnique = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

const NOTHING = sql`false`;
const EVERYTHING = sql`true`;

export const accessRepository = {
  /** Customers of the given vendors (vendor_customers), sorted and distinct. */
  async customersOfVendors(db: Q, vendorIds: number[]): Promise<number[]> {
    if (vendorIds.length === 0) return [];
    const rows = await db
      .selectDistinct({ id: vendorCustomers.customerId })
      .from(vendorCustomers)
      .where(inArray(vendorCustomers.vendorId, vendorIds));
    return sortedUnique(rows.map((r) => r.id));
  },

  /**
   * Customers of a regional supervisor: of its factories (factory_customers), or with subcodes made
   * in its factories or regions; sorted and distinct.
   */
  async customersOfFactoriesAndRegions(db: Q, factoryIds: number[], regionIds: number[]): Promise<number[]> {
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
  },

  /** The vendor numbers of the given vendors (those that have one). */
  async vendorNumbersOf(db: Q, vendorIds: number[]): Promise<string[]> {
    if (vendorIds.length === 0) return [];
    const r = await db.execute(sql`select vendor_number as n from vendors
      where id = any(${sql.param(vendorIds)}::int[]) and vendor_number is not null`);
    return (r.rows as { n: string }[]).map((x) => x.n);
  },

  /** The customer ids `reach` covers ('ALL' for every customer), looked up where it names vendors or factories. */
  async customersReached(db: Q, reach: ScopeAssignments): Promise<CustomerScope> {
    if (reach.all) return 'ALL';
    const ofVendors = await accessRepository.customersOfVendors(db, reach.vendorIds);
    const ofFactories = await accessRepository.customersOfFactoriesAndRegions(
      db,
      reach.factoryIds,
      reach.regionIds,
    );
    return sortedUnique([...reach.customerIds, ...ofVendors, ...ofFactories]);
  },
};

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

/** A WHERE condition restricting `column` (a customer id column) to the scope; undefined for 'ALL'. */
export function customerScopeCondition(column: PgColumn, scope: CustomerScope): SQL | undefined {
  if (scope === 'ALL') return undefined;
  if (scope.length === 0) return sql`false`;
  return inArray(column, scope);
}

const ASSIGNED_COLUMNS = [
  ['vendorIds', orders.vendorId],
  ['customerIds', orders.customerId],
  ['regionIds', orders.productionRegionId],
  ['factoryIds', orders.factoryId],
] as const;

/** Orders of the user's assignments in any status, carts included. */
function orderTenantScope(user: ScopeUser): SQL {
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
