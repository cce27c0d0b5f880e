/**
 * The demo data: counts, and that every order is consistent with the pricing rules and
 * the order life of ARCHITECTURE.md, so the screens show believable data. Runs on PGlite, or on PostgreSQL
 * when TEST_DATABASE_URL is set. It reads the demo rows themselves, not rows of the test factories
 * (test/factories/): the demo data is what it checks (decision 0062).
 */

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  applicableTier,
  type CareLabel,
  type CareLabelType,
  careLabelAgainst,
  lineTotal,
  ORDER_STATUS_STEP,
  ORDER_STATUSES,
  sumAmounts,
  type Tier,
} from '@selvedge/shared';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../modules/auth/passwords';
import { loadCustomerCareConfig } from '../modules/careLabel/careConfig.repository';
import { loadConfig } from '../platform/config';
import type { Database } from '../platform/db';
import * as s from '../platform/db/schema';
import { createStorage, type FileStorage } from '../platform/storage';
import { createTestDatabase } from '../test/harness';
import { DEMO_FACTS, DEMO_PASSWORD, isDatabaseEmpty, SEED_REFUSED, seedDemoData } from './demo';

let database: Database;
const DAY = 24 * 3600 * 1000;
/** A numeric(14,4) total as the 2-decimal string the money rules answer ('263.9000' → '263.90'). */
const amt = (v: string) => new Decimal(v).toFixed(2);

let storage: FileStorage;

beforeAll(async () => {
  database = await createTestDatabase();
  storage = createStorage(loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'selvedge-demo-')) }));
  await seedDemoData(database.db, { storage });
});
afterAll(() => database?.close());

const q = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows as T[];
const count = async (table: string) =>
  Number((await q<{ n: string }>(sql.raw(`select count(*)::int as n from ${table}`)))[0].n);

describe('demo data: master data', () => {
  it('has the reference rows at the ids the specs default to', async () => {
    const currencies = await database.db.select().from(s.currencies);
    expect(currencies.find((c) => c.id === 1)?.code).toBe('CAD');
    expect(currencies.map((c) => c.code)).toEqual(expect.arrayContaining(['CAD', 'USD', 'EUR', 'GBP']));
    const regions = await database.db.select().from(s.productionRegions);
    expect(regions.find((r) => r.id === 1)?.productionRegionName).toBe('Bangladesh');
    expect(regions.map((r) => r.productionRegionName)).toEqual(
      expect.arrayContaining(['Bangladesh', 'China', 'India', 'Vietnam', 'Sri Lanka']),
    );
  });

  it('has the three customers with their parsers, warehouses and defaults', async () => {
    const customers = await database.db.select().from(s.customers);
    const parser = Object.fromEntries(customers.map((c) => [c.companyName, c.parserType]));
    expect(parser).toMatchObject({
      Roots: 'DELIMITED_ROOTS',
      'Dunnes Stores': 'FLAT_FILE',
      'Northwind Outfitters': 'NONE',
    });
    expect(customers.every((c) => c.warehouseId !== null)).toBe(true);
    const defaults = await q<{ company_name: string; default_value: string }>(sql`
      select c.company_name, d.default_value from customer_defaults d join customers c on c.id = d.customer_id
      where d.default_name = 'VARIABLE_DATA_STYLE_NUMBER_REQUIRED'`);
    expect(Object.fromEntries(defaults.map((d) => [d.company_name, d.default_value]))).toEqual({
      Roots: 'true',
      'Dunnes Stores': 'false',
    });
  });

  it('has vendors with numbers, billing details and saved shipping addresses', async () => {
    const vendors = await database.db.select().from(s.vendors);
    expect(vendors.length).toBeGreaterThanOrEqual(3);
    for (const v of vendors) {
      expect(v.vendorNumber, v.companyName).toMatch(/^\d{1,10}$/);
      expect(
        v.billingAddress && v.billingAccountNumber && v.preferredShippingMethod && v.deliveryAccountNumber,
      ).toBeTruthy();
    }
    const addresses = await database.db.select().from(s.vendorShippingAddresses);
    for (const v of vendors)
      expect(addresses.filter((a) => a.vendorId === v.id).length, v.companyName).toBeGreaterThanOrEqual(2);
    expect(addresses.every((a) => a.address.length <= 255 && a.optionName.length > 0)).toBe(true);
  });

  it('has factories in several regions, each making products for customers', async () => {
    const factories = await database.db.select().from(s.factories);
    expect(new Set(factories.map((f) => f.productionRegionId)).size).toBeGreaterThanOrEqual(5);
    const fc = await database.db.select().from(s.factoryCustomers);
    for (const f of factories)
      expect(
        fc.some((x) => x.factoryId === f.id),
        f.shortCode,
      ).toBe(true);
  });

  it('has the product groups, including the variable-data group', async () => {
    const groups = await database.db.select().from(s.productGroups);
    expect(groups).toEqual(
      expect.arrayContaining(
        ['WOVEN_LABELS', 'HANG_TAGS', 'CARE_LABELS', 'PRICE_TICKETS', 'STICKERS'].map((value) =>
          expect.objectContaining({ value }),
        ),
      ),
    );
    expect(groups).toContainEqual(
      expect.objectContaining({ value: 'VARIABLE_DATA', displayName: 'Variable Data' }),
    );
  });

  it('has at least 25 subcodes with sized, grouped items, valid MOQs and quantity-1 tiers', async () => {
    const subcodes = await database.db.select().from(s.productSubcodes);
    expect(subcodes.length).toBeGreaterThanOrEqual(25);
    expect(subcodes.length).toBe(DEMO_FACTS.subcodeCount);
    expect(new Set(subcodes.map((x) => x.customerId)).size).toBe(3);
    const items = await database.db.select().from(s.productItems);
    const price = await database.db.select().from(s.priceTiers);
    const cost = await database.db.select().from(s.costTiers);
    for (const sc of subcodes) {
      expect(sc.minOrderQuantity % sc.packSize, sc.productSubcode).toBe(0);
      expect(sc.factoryId).not.toBeNull();
      // The uploaded retailer data's items (VARIABLE_DATA) are asserted below.
      const its = items.filter((i) => i.productSubcodeId === sc.id && i.productType !== 'VARIABLE_DATA');
      expect(its.length, sc.productSubcode).toBeGreaterThan(0);
      // The DYNAMIC product's items are DYNAMIC (asserted below); every other subcode's STANDARD.
      const type = sc.productSubcode === DEMO_FACTS.dynamicProduct.productSubcode ? 'DYNAMIC' : 'STANDARD';
      expect(its.every((i) => i.productType === type && i.productGroupId !== null)).toBe(true);
      const pt = price.filter((t) => t.productSubcodeId === sc.id);
      const ct = cost.filter((t) => t.productSubcodeId === sc.id);
      expect(new Set(pt.map((t) => t.currencyId)).size, sc.productSubcode).toBeGreaterThanOrEqual(2);
      expect(new Set(ct.map((t) => t.currencyId)).size, sc.productSubcode).toBeGreaterThanOrEqual(2);
      for (const cur of new Set(pt.map((t) => t.currencyId))) {
        expect(
          pt.some((t) => t.currencyId === cur && t.quantity === 1),
          sc.productSubcode,
        ).toBe(true);
        expect(
          pt.some((t) => t.currencyId === cur && t.quantity >= 1000),
          sc.productSubcode,
        ).toBe(true);
      }
      // cost below price in every currency both are kept in
      for (const c of ct) {
        const p = pt.find((t) => t.currencyId === c.currencyId && t.quantity === c.quantity);
        if (p) expect(new Decimal(c.price).lt(p.price), sc.productSubcode).toBe(true);
      }
    }
    expect(subcodes.some((x) => x.artworkRequired)).toBe(true);
    expect(subcodes.some((x) => x.attributeSchemaId !== null)).toBe(true);
    expect(items.some((i) => i.hasInventory && i.maximumInventory > 0)).toBe(true);
    expect(await count('min_values')).toBeGreaterThan(0);
    const schemas = await database.db.select().from(s.attributeSchemas);
    expect(schemas.some((a) => a.global)).toBe(true);
    expect(schemas.some((a) => a.customerId !== null)).toBe(true);
  });

  it('lets every vendor order: its currency has tiers on all subcodes of its customers', async () => {
    const missing = await q<{ company_name: string; product_subcode: string }>(sql`
      select v.company_name, sc.product_subcode
      from vendors v
      join vendor_customers vc on vc.vendor_id = v.id
      join product_subcodes sc on sc.customer_id = vc.customer_id
      where not exists (select 1 from price_tiers t
                        where t.product_subcode_id = sc.id and t.currency_id = v.currency_type_id and t.quantity = 1)`);
    expect(missing).toEqual([]);
    const noCost = await q<{ product_subcode: string }>(sql`
      select sc.product_subcode from product_subcodes sc join factories f on f.id = sc.factory_id
      where not exists (select 1 from cost_tiers t
                        where t.product_subcode_id = sc.id and t.currency_id = f.currency_type_id and t.quantity = 1)`);
    expect(noCost).toEqual([]);
  });

  it('has the orderable subcode of DEMO_FACTS as the browser journey needs it', async () => {
    const f = DEMO_FACTS.orderableSubcode;
    const rows = await q<{
      region: string;
      customer: string;
      pack_size: number;
      min_order_quantity: number;
      artwork_required: boolean;
      attribute_schema_id: number | null;
    }>(sql`
      select r.production_region_name as region, c.company_name as customer, sc.pack_size, sc.min_order_quantity,
             sc.artwork_required, sc.attribute_schema_id
      from product_subcodes sc join factories f on f.id = sc.factory_id
      join production_regions r on r.id = f.production_region_id join customers c on c.id = sc.customer_id
      where sc.product_subcode = ${f.productSubcode}`);
    expect(rows).toEqual([
      {
        region: f.region,
        customer: 'Roots',
        pack_size: 50,
        min_order_quantity: 100,
        artwork_required: true,
        attribute_schema_id: null,
      },
    ]);
    expect(f.region).toBe('Bangladesh');
    const items = await q<{ product_size: string; value: string; active: boolean }>(sql`
      select i.product_size, g.value, i.active from product_items i
      join product_subcodes sc on sc.id = i.product_subcode_id join product_groups g on g.id = i.product_group_id
      where sc.product_subcode = ${f.productSubcode} order by i.sort_key`);
    expect(items.map((i) => i.product_size)).toEqual(['S', 'M', 'L']);
    expect(items.every((i) => i.value === 'WOVEN_LABELS' && i.active)).toBe(true);
    const tiers = await q<{ code: string; quantity: number }>(sql`
      select c.code, t.quantity from price_tiers t join currencies c on c.id = t.currency_id
      join product_subcodes sc on sc.id = t.product_subcode_id where sc.product_subcode = ${f.productSubcode}
      order by c.code, t.quantity`);
    expect(tiers.map((t) => `${t.code}@${t.quantity}`)).toEqual([
      'CAD@1',
      'CAD@1000',
      'CAD@5000',
      'USD@1',
      'USD@1000',
      'USD@5000',
    ]);
  });
});

describe('demo data: users', () => {
  it('has one demo account per role with the demo password, and nobody who signs in with role NONE', async () => {
    const users = await database.db.select().from(s.users);
    const demo = {
      'admin@example.com': 'ADMIN',
      'account@example.com': 'ACCOUNT',
      'csr@example.com': 'CSR',
      'supervisor@example.com': 'FACTORY_ACCOUNT',
      'finance@example.com': 'FINANCE',
      'vendor@example.com': 'VENDOR',
      'vendor2@example.com': 'VENDOR',
      'customer@example.com': 'CUSTOMER',
    };
    for (const [email, role] of Object.entries(demo)) {
      const u = users.find((x) => x.email === email);
      expect(u?.role, email).toBe(role);
      expect(u?.active).toBe(true);
    }
    expect(
      await verifyPassword(users.find((u) => u.email === 'vendor@example.com')!.passwordHash!, DEMO_PASSWORD),
    ).toBe(true);
    expect(users.some((u) => u.role === 'NONE')).toBe(false);
    expect(users.some((u) => !u.active)).toBe(true);
    for (const e of ['admin@example.com', 'account@example.com']) {
      const u = users.find((x) => x.email === e)!;
      expect(u.canRestock && u.canUpdateInventory, e).toBe(true);
    }
  });

  it('assigns the demo users so that each sees orders', async () => {
    const seen = await q<{ email: string; n: number }>(sql`
      select u.email, count(distinct o.id)::int as n from users u join orders o on
        (u.role = 'ADMIN')
        or (u.role = 'VENDOR' and o.vendor_id in (select vendor_id from user_vendors where user_id = u.id))
        or (u.role in ('CUSTOMER','CSR','ACCOUNT','FINANCE') and o.customer_id in (select customer_id from user_customers where user_id = u.id))
        or (u.role = 'FACTORY_ACCOUNT' and (o.production_region_id in (select production_region_id from user_regions where user_id = u.id)
                                           or o.factory_id in (select factory_id from user_factories where user_id = u.id)))
      where u.email like '%@example.com' group by u.email`);
    const n = Object.fromEntries(seen.map((r) => [r.email, Number(r.n)]));
    for (const e of ['admin', 'account', 'csr', 'supervisor', 'finance', 'vendor', 'vendor2', 'customer']) {
      expect(n[`${e}@example.com`], e).toBeGreaterThanOrEqual(5);
    }
    const vendorCustomers = await q<{ company_name: string }>(sql`
      select c.company_name from user_vendors uv join users u on u.id = uv.user_id
      join vendor_customers vc on vc.vendor_id = uv.vendor_id join customers c on c.id = vc.customer_id
      where u.email = 'vendor@example.com' order by 1`);
    expect(vendorCustomers.map((r) => r.company_name)).toEqual(['Dunnes Stores', 'Roots']);
  });
});

describe('demo data: orders', () => {
  it('has at least 40 placed orders over every status, some cancelled and some finance-approved, no carts', async () => {
    const orders = await database.db.select().from(s.orders);
    expect(orders.length).toBeGreaterThanOrEqual(40);
    expect(orders.length).toBe(DEMO_FACTS.orderCount);
    expect(orders.some((o) => o.orderStatus === 'PENDING')).toBe(false);
    for (const st of ORDER_STATUSES.filter((x) => x !== 'PENDING')) {
      expect(
        orders.some((o) => o.orderStatus === st && !o.cancelled),
        st,
      ).toBe(true);
    }
    expect(orders.some((o) => o.cancelled)).toBe(true);
    expect(orders.some((o) => o.financeApproval)).toBe(true);
    expect(orders.some((o) => !o.financeApproval && !o.cancelled)).toBe(true);
    expect(new Set(orders.map((o) => o.vendorId)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(orders.map((o) => o.customerId)).size).toBe(3);
    expect(new Set(orders.map((o) => o.productionRegionId)).size).toBeGreaterThanOrEqual(4);
    const vendorOrders = orders.filter(
      (o) => o.userId === orders.find((x) => x.vendorPO?.startsWith('DKL'))!.userId,
    );
    expect(new Set(vendorOrders.map((o) => o.orderStatus)).size).toBe(6);
    expect(await count('order_charges')).toBeGreaterThan(0);
  });

  it('places every order within the last 90 days with its header filled', async () => {
    const now = Date.now();
    const orders = await database.db.select().from(s.orders);
    for (const o of orders) {
      const age = now - o.orderDate!.getTime();
      expect(age, `order ${o.id}`).toBeGreaterThan(0);
      expect(age, `order ${o.id}`).toBeLessThan(90 * DAY);
      for (const f of [
        'vendorId',
        'customerId',
        'productionRegionId',
        'factoryId',
        'priceCurrencyId',
        'costCurrencyId',
        'contact',
        'email',
        'phone',
        'vendorPO',
        'dateRequested',
        'shippingAddress',
        'billingAddress',
        'deliveryMethod',
        'termsAcceptedAt',
      ] as const) {
        expect(o[f], `order ${o.id} ${f}`).toBeTruthy();
      }
      expect(o.shippingAddress!.length).toBeLessThanOrEqual(255);
      expect(new Date(o.dateRequested!).getTime() - o.orderDate!.getTime()).toBeGreaterThanOrEqual(13 * DAY);
    }
  });

  it('keeps every order consistent: region and currencies, tier prices, totals, artwork and status', async () => {
    const db = database.db;
    const [
      orders,
      items,
      sizes,
      charges,
      logs,
      subcodes,
      factories,
      vendors,
      priceTiers,
      costTiers,
      currencies,
      productItems,
    ] = await Promise.all([
      db.select().from(s.orders),
      db.select().from(s.orderItems),
      db.select().from(s.orderItemSizes),
      db.select().from(s.orderCharges),
      db.select().from(s.orderLogs),
      db.select().from(s.productSubcodes),
      db.select().from(s.factories),
      db.select().from(s.vendors),
      db.select().from(s.priceTiers),
      db.select().from(s.costTiers),
      db.select().from(s.currencies),
      db.select().from(s.productItems),
    ]);
    const code = (id: number) => currencies.find((c) => c.id === id)!.code;
    const tiers = (rows: typeof priceTiers, subcodeId: number): Tier[] =>
      rows
        .filter((t) => t.productSubcodeId === subcodeId)
        .map((t) => ({ quantity: t.quantity, price: t.price, currency: code(t.currencyId) }));

    for (const o of orders) {
      const label = `order ${o.id} (${o.orderStatus})`;
      const st = ORDER_STATUS_STEP[o.orderStatus as keyof typeof ORDER_STATUS_STEP];
      const factory = factories.find((f) => f.id === o.factoryId)!;
      const vendor = vendors.find((v) => v.id === o.vendorId)!;
      expect(o.productionRegionId, label).toBe(factory.productionRegionId);
      expect(o.priceCurrencyId, label).toBe(vendor.currencyTypeId);
      expect(o.costCurrencyId, label).toBe(factory.currencyTypeId);

      const its = items.filter((i) => i.orderId === o.id);
      expect(its.length, label).toBeGreaterThan(0);
      expect(new Set(its.map((i) => i.productSubcodeId)).size, label).toBe(its.length);
      for (const i of its) {
        const sc = subcodes.find((x) => x.id === i.productSubcodeId)!;
        expect(sc.customerId, label).toBe(o.customerId);
        expect(sc.factoryId, label).toBe(o.factoryId);
        expect(i.productType).toBe('STANDARD');
        const zs = sizes.filter((z) => z.orderItemId === i.id);
        expect(zs.length, label).toBeGreaterThan(0);
        expect(
          zs.reduce((a, z) => a + z.quantity, 0),
          label,
        ).toBe(i.quantity);
        for (const z of zs) {
          expect(productItems.find((p) => p.id === z.productItemId)!.productSubcodeId).toBe(sc.id);
          expect(z.quantity % sc.packSize, label).toBe(0);
          expect(z.quantity).toBeGreaterThanOrEqual(sc.minOrderQuantity);
          expect([z.unitPrice, z.unitCost]).toEqual([i.unitPrice, i.unitCost]);
        }
        expect(i.unitPrice, label).toBe(
          applicableTier(tiers(priceTiers, sc.id), i.quantity, code(o.priceCurrencyId!))!.price,
        );
        expect(i.unitCost, label).toBe(
          applicableTier(tiers(costTiers, sc.id), i.quantity, code(o.costCurrencyId!))!.price,
        );
        expect(amt(i.totalPrice), label).toBe(lineTotal(i.unitPrice!, i.quantity));
        expect(amt(i.totalCost), label).toBe(lineTotal(i.unitCost!, i.quantity));
        expect(i.needsArtwork, label).toBe(sc.artworkRequired);
        if (!i.needsArtwork) expect(i.artworkStatus).toBeNull();
        else if (st === 1) expect(['NEEDS_UPLOAD', 'REJECTED'], label).toContain(i.artworkStatus);
        else if (st === 2) expect(i.artworkStatus, label).toBe('UPLOADED');
        else expect(i.artworkStatus, label).toBe('APPROVED');
      }
      const ch = charges.filter((c) => c.orderId === o.id);
      for (const c of ch) {
        expect(c.chargeName).toBe('Minimum Order Value');
        expect(c.currencyId).toBe(o.priceCurrencyId);
      }
      expect(amt(o.totalPrice), label).toBe(
        sumAmounts([...its.map((i) => i.totalPrice), ...ch.map((c) => c.charge)]),
      );
      expect(amt(o.totalCost), label).toBe(sumAmounts(its.map((i) => i.totalCost)));

      // artwork and status
      expect(o.hasArtwork, label).toBe(its.some((i) => i.needsArtwork));
      if (st <= 2) expect(o.hasArtwork, label).toBe(true);
      if (o.cancelled) expect(st, label).toBeLessThanOrEqual(3);
      if (st >= 5) expect(o.financeApproval, label).toBe(true);
      if (st === 4) expect(o.financeApproval, label).toBe(false);
      expect(o.financeApprovedAt !== null, label).toBe(o.financeApproval);
      expect(o.shipAndCompleteDate !== null, label).toBe(st === 6);

      // the log tells the story in order
      const ol = logs.filter((l) => l.orderId === o.id).sort((a, b) => a.id - b.id);
      const d = ol.map((l) => l.description);
      expect(d[0], label).toBe('Order placed');
      expect(ol[0].timestamp.getTime()).toBe(o.orderDate!.getTime());
      for (let k = 1; k < ol.length; k++)
        expect(ol[k].timestamp.getTime(), label).toBeGreaterThan(ol[k - 1].timestamp.getTime());
      expect(ol.at(-1)!.timestamp.getTime()).toBeLessThan(Date.now());
      expect(ol.every((l) => l.userName && l.userId)).toBe(true);
      expect(d.includes('Artwork approved'), label).toBe(o.hasArtwork && st >= 3);
      expect(d.includes('Production confirmed'), label).toBe(st >= 4);
      expect(d.includes('Finance approved'), label).toBe(o.financeApproval);
      expect(d.includes('Shipped and completed'), label).toBe(st === 6);
      expect(d.includes('Order cancelled'), label).toBe(o.cancelled);
      if (o.financeApproval) {
        expect(o.financeApprovedAt!.getTime()).toBe(
          ol.find((l) => l.description === 'Finance approved')!.timestamp.getTime(),
        );
      }
    }
  });
});

describe('demo data: the order workflow can be tried from the demo accounts', () => {
  it('has orders waiting at every step, with artwork versions whose files are stored', async () => {
    const waiting = await q<{ status: string; n: number }>(
      sql`select order_status as status, count(*)::int as n from orders where not cancelled and order_status <> 'PENDING' group by 1`,
    );
    for (const status of [
      'NEEDS_ARTWORK',
      'NEEDS_ART_APPROVAL',
      'PRODUCTION_READY',
      'PRODUCTION_CONFIRMED',
      'READY_TO_SHIP',
      'COMPLETE_AND_SHIPPED',
    ]) {
      expect(waiting.find((w) => w.status === status)?.n ?? 0, status).toBeGreaterThan(0);
    }
    const unversioned = await q<{ n: number }>(
      sql`select count(*)::int as n from order_items i where i.artwork_status in ('UPLOADED', 'REJECTED', 'APPROVED')
          and not exists (select 1 from artwork_versions v where v.order_item_id = i.id)`,
    );
    expect(unversioned[0]!.n).toBe(0);
    const versions = await q<{ storage_path: string; size: number }>(
      sql`select storage_path, size from artwork_versions`,
    );
    expect(versions.length).toBeGreaterThan(10);
    for (const v of versions.slice(0, 5)) expect((await storage.get(v.storage_path)).size).toBe(v.size);
    const history = await q<{ n: number }>(
      sql`select count(*)::int as n from artwork_versions where version = 2`,
    );
    expect(history[0]!.n).toBeGreaterThan(0);
  });

  it('has production POs from PRODUCTION_READY on, packing slips and shipping documents on shipped orders', async () => {
    const missingPO = await q<{ n: number }>(
      sql`select count(*)::int as n from orders o where o.order_status in ('PRODUCTION_READY', 'PRODUCTION_CONFIRMED', 'READY_TO_SHIP', 'COMPLETE_AND_SHIPPED')
          and not exists (select 1 from production_purchase_orders p where p.order_id = o.id)`,
    );
    expect(missingPO[0]!.n).toBe(0);
    const shipped = await q<{ n: number; slips: number; docs: number }>(
      sql`select count(*)::int as n,
            sum((select count(*) from packing_slips p where p.order_id = o.id and p.kind = 'VENDOR'))::int as slips,
            sum((select count(*) from order_documents d where d.order_id = o.id and d.kind = 'SHIPPING'))::int as docs
          from orders o where o.order_status = 'COMPLETE_AND_SHIPPED'`,
    );
    expect(shipped[0]!.slips).toBe(shipped[0]!.n);
    expect(shipped[0]!.docs).toBe(shipped[0]!.n);
    expect(await count('order_documents')).toBeGreaterThan(shipped[0]!.n);
  });
});

describe('demo data: care labels', () => {
  it("has a placed order of vendor@example.com's vendor with a Roots care label line, valid against Roots' care configuration", async () => {
    const lines = await q<{
      customer_id: number;
      care_label: CareLabel;
      care_label_type: CareLabelType;
      product_subcode: string;
    }>(
      sql`select o.customer_id, i.care_label, ps.care_label_type, ps.product_subcode
          from order_items i join orders o on o.id = i.order_id join product_subcodes ps on ps.id = i.product_subcode_id
          join users u on u.email = 'vendor@example.com' join user_vendors uv on uv.user_id = u.id and uv.vendor_id = o.vendor_id
          where o.order_status <> 'PENDING' and not o.cancelled and i.care_label is not null
            and ps.product_subcode in ('RT-CL-301', 'RT-CL-305')`,
    );
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) {
      const config = await loadCustomerCareConfig(database.db, l.customer_id);
      expect(config).not.toBeNull();
      const verdict = careLabelAgainst(config!, l.care_label, l.care_label_type);
      expect(verdict.problems).toEqual([]);
      expect(verdict.valid).toBe(true);
      expect(l.care_label.printed?.markets).toEqual(['CA', 'US']);
    }
  });

  it('gives every line of a care-label subcode a label valid against its customer, and no other line one', async () => {
    const lines = await q<{
      customer_id: number;
      care_label: CareLabel | null;
      care_label_type: CareLabelType | null;
    }>(
      sql`select o.customer_id, i.care_label, ps.care_label_type
          from order_items i join orders o on o.id = i.order_id join product_subcodes ps on ps.id = i.product_subcode_id
          where i.care_label is not null or ps.care_label_type is not null`,
    );
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) {
      expect(l.care_label).not.toBeNull();
      expect(l.care_label_type).not.toBeNull();
      const config = await loadCustomerCareConfig(database.db, l.customer_id);
      expect(careLabelAgainst(config!, l.care_label!, l.care_label_type!).problems).toEqual([]);
    }
  });

  it('gives every placed care-labelled line a product passport: its own random serial and its subcode GTIN (decision 0044)', async () => {
    const lines = await q<{
      serial: string | null;
      gtin: string | null;
      subcode_gtin: string | null;
      labelled: boolean;
    }>(
      sql`select i.passport_serial as serial, i.passport_gtin as gtin, ps.gtin as subcode_gtin,
            i.care_label is not null as labelled
          from order_items i join orders o on o.id = i.order_id join product_subcodes ps on ps.id = i.product_subcode_id
          where o.order_status <> 'PENDING'`,
    );
    const labelled = lines.filter((l) => l.labelled);
    expect(labelled.length).toBeGreaterThan(0);
    for (const l of labelled) {
      expect(l.serial).toMatch(/^[A-Za-z0-9_-]{20}$/);
      expect(l.gtin).toMatch(/^\d{14}$/);
      expect(l.gtin).toBe(l.subcode_gtin);
    }
    expect(new Set(labelled.map((l) => l.serial)).size).toBe(labelled.length);
    expect(lines.filter((l) => !l.labelled && (l.serial || l.gtin))).toEqual([]);
  });
});

describe('demo data: uploaded retailer data', () => {
  it("holds the sample files' POs for Roots and Dunnes Stores, with vendor@example.com's vendor number, uploaded by account@example.com", async () => {
    const items = await q<{ customer: string; vendor: string; pos: number; rows: number }>(sql`
      select c.company_name as customer, pi.vendor_number as vendor, count(distinct pi.po_number)::int as pos,
        (select count(*)::int from variable_data_rows r join product_items p on p.id = r.product_item_id
          join product_subcodes x on x.id = p.product_subcode_id
          where x.customer_id = c.id and p.vendor_number = pi.vendor_number) as rows
      from product_items pi join product_subcodes sc on sc.id = pi.product_subcode_id
      join customers c on c.id = sc.customer_id
      where pi.product_type = 'VARIABLE_DATA' group by c.id, c.company_name, pi.vendor_number
      order by c.company_name, pi.vendor_number`);
    // vendor@example.com's vendor (Dhaka Knitwear) is 4410023; the others are the samples' second vendors.
    expect(items.map((i) => `${i.customer} ${i.vendor}`)).toEqual([
      'Dunnes Stores 4410023',
      'Dunnes Stores 6630418',
      'Roots 4410023',
      'Roots 5520871',
    ]);
    for (const i of items) {
      expect(i.pos, `${i.customer} ${i.vendor}`).toBeGreaterThan(0);
      expect(i.rows, `${i.customer} ${i.vendor}`).toBeGreaterThan(i.pos);
    }
    const uploads = await q<{ file: string; state: string; email: string; refused: number }>(sql`
      select u.file_name as file, u.state, us.email, (u.report->>'rowsRefused')::int as refused
      from data_uploads u join users us on us.id = u.uploaded_by order by u.id`);
    expect(uploads).toEqual([
      { file: 'roots-sample.csv', state: 'finished', email: 'account@example.com', refused: 7 },
      { file: 'dunnes-sample.txt', state: 'finished', email: 'account@example.com', refused: 4 },
    ]);
  });
});

describe('demo data: a DYNAMIC product (decision 0057)', () => {
  it("is a Dunnes subcode of DYNAMIC items, made in China, with variants in vendor@example.com's uploaded PO", async () => {
    const { productSubcode, customer, region, poNumber, styleNumber } = DEMO_FACTS.dynamicProduct;
    const items = await q<{ type: string; active: boolean; customer: string; region: string }>(sql`
      select pi.product_type as type, pi.active, c.company_name as customer, r.production_region_name as region
      from product_items pi join product_subcodes sc on sc.id = pi.product_subcode_id
      join customers c on c.id = sc.customer_id join factories f on f.id = sc.factory_id
      join production_regions r on r.id = f.production_region_id
      where sc.product_subcode = ${productSubcode}`);
    expect(items).toEqual([{ type: 'DYNAMIC', active: true, customer, region }]);
    const [variants] = await q<{ n: number }>(sql`
      select count(*)::int as n from variable_data_rows r join product_items pi on pi.id = r.product_item_id
      join product_subcodes sc on sc.id = pi.product_subcode_id join customers c on c.id = sc.customer_id
      where c.company_name = ${customer} and pi.po_number = ${poNumber} and pi.style_number = ${styleNumber}
        and r.vendor_number = ${DEMO_FACTS.vendor.vendorNumber}`);
    expect(variants.n).toBeGreaterThan(1);
  });
});

describe('demo data: loading', () => {
  it('is loaded once: the database is no longer empty and a second load is refused', async () => {
    expect(await isDatabaseEmpty(database.db)).toBe(false);
    const before = await count('orders');
    await expect(seedDemoData(database.db, { storage })).rejects.toThrow(SEED_REFUSED);
    expect(await count('orders')).toBe(before);
  });
});
