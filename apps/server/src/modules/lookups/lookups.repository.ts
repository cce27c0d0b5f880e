/** All SQL of the lookups (ordering §7 Lookups). Customer scopes come from the access module (access/access.ts). */
import { and, asc, eq, exists, inArray, sql } from 'drizzle-orm';
import { allOf } from '../../platform/crud';
import type { Db, Tx } from '../../platform/db';
import {
  currencies,
  customerDefaults,
  customers,
  factories,
  productGroups,
  productItems,
  productionRegions,
  productSubcodes,
  vendorCustomers,
  vendors,
} from '../../platform/db/schema';
import { type CustomerScope, customerScopeCondition } from '../access/access';

type Q = Db | Tx;

export const lookupsRepository = {
  currencyTypes: (db: Q) =>
    db.select({ id: currencies.id, name: currencies.code }).from(currencies).orderBy(asc(currencies.id)),

  /** ISO codes of currencies by id. */
  currencyCodes: async (db: Q, ids: number[]): Promise<Map<number, string>> => {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: currencies.id, code: currencies.code })
      .from(currencies)
      .where(inArray(currencies.id, ids));
    return new Map(rows.map((r) => [r.id, r.code]));
  },

  /** The currency with ISO code `code`, or undefined. */
  currencyByCode: async (db: Q, code: string) =>
    (await db.select().from(currencies).where(eq(currencies.code, code)).limit(1))[0],

  /** The currency with the lowest id (fallback when USD is missing from the reference data). */
  firstCurrency: async (db: Q) =>
    (await db.select().from(currencies).orderBy(asc(currencies.id)).limit(1))[0],

  productGroups: (db: Q) =>
    db
      .select({ id: productGroups.id, value: productGroups.value, displayName: productGroups.displayName })
      .from(productGroups)
      .orderBy(asc(productGroups.displayName), asc(productGroups.id)),

  productionRegions: (db: Q) =>
    db
      .select({ id: productionRegions.id, productionRegionName: productionRegions.productionRegionName })
      .from(productionRegions)
      .orderBy(asc(productionRegions.productionRegionName)),

  /** Vendors by id ('ALL' for every vendor), by name. */
  vendorsById: (db: Q, ids: number[] | 'ALL') =>
    db
      .select({ id: vendors.id, name: vendors.companyName })
      .from(vendors)
      .where(ids === 'ALL' ? undefined : ids.length === 0 ? sql`false` : inArray(vendors.id, ids))
      .orderBy(asc(vendors.companyName), asc(vendors.id)),

  /** Vendors buying for a customer in the scope, by name. */
  vendorsOfCustomers: (db: Q, scope: CustomerScope) =>
    db
      .selectDistinct({ id: vendors.id, name: vendors.companyName })
      .from(vendors)
      .innerJoin(vendorCustomers, eq(vendorCustomers.vendorId, vendors.id))
      .where(customerScopeCondition(vendorCustomers.customerId, scope))
      .orderBy(asc(vendors.companyName), asc(vendors.id)),

  /** Vendor–customer links, restricted to the given vendors and/or customer scope. */
  customerVendors: (db: Q, opts: { vendorIds?: number[]; customers?: CustomerScope }) =>
    db
      .select({ customerId: vendorCustomers.customerId, vendorId: vendorCustomers.vendorId })
      .from(vendorCustomers)
      .where(
        allOf(
          opts.vendorIds === undefined
            ? undefined
            : opts.vendorIds.length === 0
              ? sql`false`
              : inArray(vendorCustomers.vendorId, opts.vendorIds),
          opts.customers === undefined
            ? undefined
            : customerScopeCondition(vendorCustomers.customerId, opts.customers),
        ),
      )
      .orderBy(asc(vendorCustomers.customerId), asc(vendorCustomers.vendorId)),

  customers: (db: Q, scope: CustomerScope) =>
    db
      .select({
        id: customers.id,
        companyName: customers.companyName,
        parserType: customers.parserType,
        specialInstructionsLimit: customers.specialInstructionsLimit,
        copyrightShow: customers.copyrightShow,
        fabricCompositionShow: customers.fabricCompositionShow,
      })
      .from(customers)
      .where(customerScopeCondition(customers.id, scope))
      .orderBy(asc(customers.companyName)),

  /** Regions of the factories that make subcodes (with an active item) of customers in the scope. */
  regionsWithProducts: (db: Q, scope: CustomerScope) =>
    db
      .selectDistinct({
        id: productionRegions.id,
        productionRegionName: productionRegions.productionRegionName,
      })
      .from(productionRegions)
      .innerJoin(factories, eq(factories.productionRegionId, productionRegions.id))
      .innerJoin(productSubcodes, eq(productSubcodes.factoryId, factories.id))
      .where(
        allOf(
          customerScopeCondition(productSubcodes.customerId, scope),
          exists(
            db
              .select({ one: sql`1` })
              .from(productItems)
              .where(
                and(eq(productItems.productSubcodeId, productSubcodes.id), eq(productItems.active, true)),
              ),
          ),
        ),
      )
      .orderBy(asc(productionRegions.productionRegionName)),

  /** True when a customer in the scope has the named default equal to `value` (trimmed, case-insensitive). */
  anyCustomerDefaultEquals: async (db: Q, scope: CustomerScope, name: string, value: string) => {
    const rows = await db
      .select({ one: sql<number>`1` })
      .from(customerDefaults)
      .where(
        allOf(
          eq(customerDefaults.defaultName, name),
          sql`lower(trim(${customerDefaults.defaultValue})) = lower(trim(${value}))`,
          customerScopeCondition(customerDefaults.customerId, scope),
        ),
      )
      .limit(1);
    return rows.length > 0;
  },
};
