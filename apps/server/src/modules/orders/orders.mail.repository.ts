/**
 * SQL of the order mail (orders.mail.ts, orders.jobs.ts): who is told about an order event.
 */
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { userCustomers, userFactories, userRegions, users, userVendors } from '../../platform/db/schema';

type Q = Db | Tx;

export const orderMailRepository = {
  /**
   * Active users with mail enabled who act next on an order: users of `roles` assigned to the
   * order's vendor (VENDOR), customer (CSR, FINANCE, ACCOUNT, CUSTOMER) or region/factory
   * (FACTORY_ACCOUNT) — the same assignments that let them see the order.
   */
  recipients: async (
    db: Q,
    o: {
      vendorId: number | null;
      customerId: number | null;
      productionRegionId: number | null;
      factoryId: number | null;
    },
    roles: readonly string[],
  ) => {
    if (roles.length === 0) return [];
    const conditions: SQL[] = [];
    if (roles.includes('VENDOR') && o.vendorId != null) {
      conditions.push(
        sql`(${users.role} = 'VENDOR' and exists (select 1 from ${userVendors} uv where uv.user_id = ${users.id} and uv.vendor_id = ${o.vendorId}))`,
      );
    }
    const customerRoles = roles.filter((r) => ['CSR', 'FINANCE', 'ACCOUNT', 'CUSTOMER'].includes(r));
    if (customerRoles.length > 0 && o.customerId != null) {
      conditions.push(
        sql`(${inArray(users.role, customerRoles)} and exists (select 1 from ${userCustomers} uc where uc.user_id = ${users.id} and uc.customer_id = ${o.customerId}))`,
      );
    }
    if (roles.includes('FACTORY_ACCOUNT')) {
      conditions.push(
        sql`(${users.role} = 'FACTORY_ACCOUNT' and (exists (select 1 from ${userRegions} ur where ur.user_id = ${users.id} and ur.production_region_id = ${o.productionRegionId ?? -1}) or exists (select 1 from ${userFactories} uf where uf.user_id = ${users.id} and uf.factory_id = ${o.factoryId ?? -1})))`,
      );
    }
    if (conditions.length === 0) return [];
    return db
      .select({ id: users.id, email: users.email, name: users.contactName, role: users.role })
      .from(users)
      .where(and(eq(users.active, true), eq(users.emailEnabled, true), or(...conditions)))
      .orderBy(asc(users.id));
  },
};
