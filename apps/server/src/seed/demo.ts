/**
 * Demo data (issue 2 "Demo data"): real enough to judge the product by. Loaded by `npm start` into
 * an empty embedded database, and by `npm run seed:demo` into any empty database.
 * Every demo user has the password DEMO_PASSWORD; these accounts exist only in demo data.
 */
import { sql } from 'drizzle-orm';
import { hashPassword } from '../modules/auth/passwords';
import type { Db } from '../platform/db';
import * as s from '../platform/db/schema';

export const DEMO_PASSWORD = 'selvedge-demo-2026';

/** True when the database holds no users (a fresh install). */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const r = await db.execute(sql`select exists(select 1 from users) as "any"`);
  return !(r.rows[0] as { any: boolean }).any;
}

/** Loads the demo data in one transaction: all of it or nothing. */
export async function seedDemoData(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [cad, usd] = await tx
      .insert(s.currencies)
      .values([
        { code: 'CAD', name: 'Canadian Dollar' },
        { code: 'USD', name: 'US Dollar' },
        { code: 'EUR', name: 'Euro' },
        { code: 'GBP', name: 'Pound Sterling' },
      ])
      .returning();
    const regions = await tx
      .insert(s.productionRegions)
      .values(['Bangladesh', 'China', 'India', 'Vietnam', 'Sri Lanka'].map((productionRegionName) => ({ productionRegionName })))
      .returning();
    const [roots, dunnes] = await tx
      .insert(s.customers)
      .values([
        { companyName: 'Roots', parserType: 'DELIMITED_ROOTS' },
        { companyName: 'Dunnes Stores', parserType: 'FLAT_FILE' },
        { companyName: 'Northwind Outfitters', parserType: 'NONE' },
      ])
      .returning();
    const [v1, v2] = await tx
      .insert(s.vendors)
      .values([
        { companyName: 'Dhaka Knitwear Ltd.', vendorNumber: '4410023', currencyTypeId: cad.id },
        { companyName: 'Saigon Apparel Co.', vendorNumber: '5520871', currencyTypeId: usd.id },
      ])
      .returning();
    const users = await tx
      .insert(s.users)
      .values(
        (
          [
            ['admin@example.com', 'Ada Admin', 'ADMIN'],
            ['account@example.com', 'Alex Account', 'ACCOUNT'],
            ['csr@example.com', 'Casey Service', 'CSR'],
            ['supervisor@example.com', 'Sam Supervisor', 'FACTORY_ACCOUNT'],
            ['finance@example.com', 'Fran Finance', 'FINANCE'],
            ['vendor@example.com', 'Vera Vendor', 'VENDOR'],
            ['vendor2@example.com', 'Victor Vendor', 'VENDOR'],
            ['customer@example.com', 'Cora Customer', 'CUSTOMER'],
          ] as const
        ).map(([email, contactName, role]) => ({ email, contactName, role, passwordHash, passwordChangedAt: new Date() })),
      )
      .returning();
    const byEmail = (e: string) => users.find((u) => u.email === e)!.id;
    await tx.insert(s.userVendors).values([
      { userId: byEmail('vendor@example.com'), vendorId: v1.id },
      { userId: byEmail('vendor2@example.com'), vendorId: v2.id },
      { userId: byEmail('admin@example.com'), vendorId: v1.id },
    ]);
    await tx.insert(s.vendorCustomers).values([
      { vendorId: v1.id, customerId: roots.id },
      { vendorId: v1.id, customerId: dunnes.id },
      { vendorId: v2.id, customerId: roots.id },
    ]);
    await tx.insert(s.userCustomers).values(
      ['account@example.com', 'csr@example.com', 'finance@example.com'].flatMap((e) =>
        [roots, dunnes].map((c) => ({ userId: byEmail(e), customerId: c.id })),
      ),
    );
    await tx.insert(s.userCustomers).values({ userId: byEmail('customer@example.com'), customerId: roots.id });
    await tx
      .insert(s.userRegions)
      .values(regions.map((r) => ({ userId: byEmail('supervisor@example.com'), productionRegionId: r.id })));
  });
}
