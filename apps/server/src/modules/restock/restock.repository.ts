/** All SQL of restocking (ordering §2 Restock, §9): inventory products per customer. */
import { and, asc, eq, exists } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { customers, productItems, productSubcodes } from '../../platform/db/schema';
import { allOf, type CustomerScope, customerScopeCondition } from '../products/products.scope';

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
};
