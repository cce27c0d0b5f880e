/** All SQL of restocking (ordering §2 Restock, §9): inventory products per customer. */
import { and, asc, eq, exists } from 'drizzle-orm';
import { allOf } from '../../platform/crud';
import type { Db, Tx } from '../../platform/db';
import { customers, productItems, productSubcodes } from '../../platform/db/schema';
import { type CustomerScope, customerScopeCondition } from '../access/access';

type Q = Db | Tx;

/** An active STANDARD item that is stocked (an inventory product). */
const stockedItem = and(
  eq(productItems.active, true),
  eq(productItems.productType, 'STANDARD'),
  eq(productItems.hasInventory, true),
);

export const restockRepository = {
  /** Customers in `scope` with at least one inventory product, by name. */
  restockingCustomers: (db: Q, scope: CustomerScope) =>
    db
      .select({ customerId: customers.id, customerName: customers.companyName })
      .from(customers)
      .where(
        allOf(
          customerScopeCondition(customers.id, scope),
          exists(
            db
              .select({ one: productItems.id })
              .from(productItems)
              .innerJoin(productSubcodes, eq(productSubcodes.id, productItems.productSubcodeId))
              .where(and(eq(productSubcodes.customerId, customers.id), stockedItem)),
          ),
        ),
      )
      .orderBy(asc(customers.companyName), asc(customers.id)),

  /** The customer's name, or undefined when it does not exist. */
  customerName: async (db: Q, customerId: number) =>
    (await db.select({ name: customers.companyName }).from(customers).where(eq(customers.id, customerId)))[0]
      ?.name,

  /** The customer's inventory products (active STANDARD stocked items) with their subcode's limits, by subcode and sort key. */
  stockedItems: (db: Q, customerId: number) =>
    db
      .select({
        productItemId: productItems.id,
        productSubcodeId: productSubcodes.id,
        productSubcode: productSubcodes.productSubcode,
        productSize: productItems.productSize,
        currentInventory: productItems.currentInventory,
        inventoryMax: productItems.maximumInventory,
        defaultOrderQuantity: productItems.defaultOrderQuantity,
        minOrderQuantity: productSubcodes.minOrderQuantity,
        packSize: productSubcodes.packSize,
      })
      .from(productItems)
      .innerJoin(productSubcodes, eq(productSubcodes.id, productItems.productSubcodeId))
      .where(and(eq(productSubcodes.customerId, customerId), stockedItem))
      .orderBy(asc(productSubcodes.productSubcode), asc(productItems.sortKey), asc(productItems.id)),
};
