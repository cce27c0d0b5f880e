/**
 * Demo data: real enough to judge the product by. Loaded by `npm start` into
 * an empty embedded database, by `npm run seed:demo` into any empty database, and by the test
 * harness into each test file's fresh database. Every demo user has the password DEMO_PASSWORD;
 * these accounts exist only in demo data.
 *
 * The tables are in ./data.ts; this file turns them into rows in one transaction. The data is
 * deterministic (a seeded PRNG picks lines and quantities) and its dates are relative to today:
 * orders were placed over the last 90 days and each has moved through the statuses of ARCHITECTURE.md
 * "Order life", priced with the shared rules (tierForQuantity, lineTotal, minimumOrderCharges).
 */
import {
  CARE_LIST_MEMBER_KINDS,
  type CareLabel,
  type CareListKind,
  CUSTOMER_CARE_LIST_FIELDS,
  gtin14Of,
  lineTotal,
  type MinimumValueLine,
  minimumOrderCharges,
  ORDER_STATUS_STEP,
  roundQuantity,
  sumAmounts,
  type Tier,
  tierForQuantity,
} from '@selvedge/shared';
import dayjs from 'dayjs';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../modules/auth/passwords';
import { loadCustomerCareConfig } from '../modules/careLabel/careConfig.repository';
import { checkLineCareLabel } from '../modules/cart/cart.careLabel';
import { passportRepository } from '../modules/passport/passport.repository';
import type { Db, Tx } from '../platform/db';
import * as s from '../platform/db/schema';
import type { FileStorage } from '../platform/storage';
import {
  ARTWORK_COMMENTS,
  ATTRIBUTE_SCHEMAS,
  CARE_CODES,
  CARE_INSTRUCTIONS,
  CARE_LISTS,
  CARE_NAME_OPTIONS,
  CURRENCIES,
  CUSTOMERS,
  type CurrencyCode,
  type CustomerKey,
  costTiersOf,
  DEMO_CARE_LABELS,
  DEMO_GTINS,
  DEMO_PASSWORD,
  DYNAMIC_SUBCODES,
  FACTORIES,
  minValuesOf,
  ORDER_COMMENTS,
  ORDER_PLAN,
  type OrderPlan,
  type PlacedStatus,
  PRODUCT_CODES,
  PRODUCT_GROUPS,
  PRODUCT_SUBGROUPS,
  priceTiersOf,
  REGIONS,
  STRING_ATTRIBUTE_SAMPLES,
  SUBCODES,
  type SubcodeRow,
  USERS,
  type UserRow,
  VENDORS,
  vendorUser,
  WAREHOUSES,
} from './data';
import { seedOrderFiles } from './files';
import { seedVariableData } from './variableData';

export { DEMO_FACTS, DEMO_PASSWORD } from './data';

/** True when the database holds no users (a fresh install). */
export async function isDatabaseEmpty(db: Db | Tx): Promise<boolean> {
  const r = await db.execute(sql`select exists(select 1 from users) as "any"`);
  return !(r.rows[0] as { any: boolean }).any;
}

export const SEED_REFUSED =
  'The database already holds data; demo data is only loaded into an empty database.';

/**
 * Loads the demo data in one transaction: all of it or nothing (files of artwork and documents go
 * to `storage`; a failed seed may leave a few unreferenced files there). Refuses a database that holds users.
 */
export async function seedDemoData(db: Db, opts: { now?: Date; storage: FileStorage }): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = opts.now ?? new Date();
  await db.transaction(async (tx) => {
    if (!(await isDatabaseEmpty(tx))) throw new Error(SEED_REFUSED);
    await seed(tx, passwordHash, now);
    await seedOrderFiles(tx, opts.storage);
    await seedVariableData(tx, opts.storage);
    await seedDynamicProducts(tx, now);
  });
}

/**
 * The DYNAMIC products of ./data.ts (DYNAMIC_SUBCODES; decision 0057): a subcode with its tiers and
 * minimum values, and its items as DYNAMIC (what 'Convert to Dynamic' leaves). Added last and without
 * the seeded PRNG, so every other demo row (and id) is what it is without them.
 */
async function seedDynamicProducts(tx: Tx, now: Date): Promise<void> {
  const nowMs = now.getTime();
  const idsBy = async (table: string, column: string) =>
    new Map(
      (
        (await tx.execute(sql`select id, ${sql.identifier(column)} as name from ${sql.identifier(table)}`))
          .rows as { id: number; name: string }[]
      ).map((r) => [r.name, r.id]),
    );
  const [customers, factories, codes, groups, subgroups, currencies] = await Promise.all([
    idsBy('customers', 'company_name'),
    idsBy('factories', 'short_code'),
    idsBy('product_codes', 'product_code'),
    idsBy('product_groups', 'value'),
    idsBy('product_subgroups', 'name'),
    idsBy('currencies', 'code'),
  ]);
  const customerName = new Map(CUSTOMERS.map((c) => [c.key, c.companyName]));
  for (const [i, sc] of DYNAMIC_SUBCODES.entries()) {
    const [subcode] = await tx
      .insert(s.productSubcodes)
      .values({
        productSubcode: sc.productSubcode,
        description: sc.description,
        minOrderQuantity: sc.minOrderQuantity,
        packSize: sc.packSize,
        fulfillmentProcess: sc.fulfillmentProcess,
        sustainable: sc.sustainable ?? false,
        sampleReferenceNumber: `SR-${26100 + i * 7}`,
        approvedDate: isoDate(nowMs - (30 + i * 9) * DAY),
        customerId: req(customers, req(customerName, sc.customer)),
        factoryId: req(factories, sc.factory),
        productCodeId: req(codes, sc.productCode),
        attributeSchemaId: null,
        artworkRequired: sc.artworkRequired,
        careLabelType: null,
        gtin: null,
      })
      .returning({ id: s.productSubcodes.id });
    if (!subcode) throw new Error(`demo data: ${sc.productSubcode} was not inserted`);
    const productSubcodeId = subcode.id;
    const tier = (t: { quantity: number; price: string; currency: CurrencyCode }) => ({
      productSubcodeId,
      quantity: t.quantity,
      price: t.price,
      currencyId: req(currencies, t.currency),
    });
    await tx.insert(s.priceTiers).values(priceTiersOf(sc).map(tier));
    await tx.insert(s.costTiers).values(costTiersOf(sc).map(tier));
    const mins = minValuesOf(sc);
    if (mins.length > 0)
      await tx
        .insert(s.minValues)
        .values(
          mins.map((m) => ({ productSubcodeId, currencyId: req(currencies, m.currency), price: m.price })),
        );
    await tx.insert(s.productItems).values(
      sc.sizes.map((productSize, k) => ({
        productSubcodeId,
        productType: 'DYNAMIC',
        productSize,
        sortKey: k + 1,
        active: true,
        defaultOrderQuantity: 0,
        productGroupId: req(groups, PRODUCT_CODES[sc.productCode]),
        productSubgroupId: req(subgroups, sc.subgroup),
        attributeSchemaId: null,
        hasInventory: false,
        currentInventory: 0,
        minimumInventory: 0,
        maximumInventory: 0,
        createdAt: new Date(nowMs - 30 * DAY),
      })),
    );
  }
}

// ---------------------------------------------------------------- helpers

const DAY = 24 * 3600 * 1000;

/**
 * The GTIN-14 of size `index` of an RFID demo subcode: Roots' GS1 Company Prefix 0062040, item
 * reference from the subcode's number and the size (RT-HT-201 size 0 → 00620402010 0…).
 */
const rfidDemoGtin = (productSubcode: string, index: number) =>
  gtin14Of(`00062040${productSubcode.replace(/\D/g, '').slice(0, 3)}${String(index).padStart(2, '0')}`);
const HOUR = 3600 * 1000;

/** mulberry32: a small seeded PRNG, so the demo data is the same every time. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
  const shuffle = <T>(xs: readonly T[]): T[] => {
    const a2 = [...xs];
    for (let i = a2.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [a2[i], a2[j]] = [a2[j], a2[i]];
    }
    return a2;
  };
  return { next, int, pick, shuffle, chance: (p: number) => next() < p };
}
type Rng = ReturnType<typeof prng>;

const byKey = <T, K>(rows: readonly T[], key: (r: T) => K) => new Map(rows.map((r) => [key(r), r] as const));
const req = <K, V>(m: Map<K, V>, k: K): V => {
  const v = m.get(k);
  if (v === undefined) throw new Error(`demo data: no ${String(k)}`);
  return v;
};
const isoDate = (ms: number) => dayjs(ms).format('YYYY-MM-DD');

// ---------------------------------------------------------------- care-label options and lists

/** The care options and lists of ./data.ts, and each customer's chosen lists and care settings. */
async function seedCare(tx: Tx, customerId: Map<CustomerKey, number>) {
  const optionRows = await tx
    .insert(s.careOptions)
    .values([
      ...Object.entries(CARE_NAME_OPTIONS).flatMap(([kind, names]) => names.map((name) => ({ kind, name }))),
      ...CARE_CODES.map((c) => ({ kind: 'care-code', ...c })),
      ...CARE_INSTRUCTIONS.map((c) => ({ kind: 'care-instruction', ...c })),
    ])
    .returning();
  // a member's key in CARE_LISTS: name, code, or 'TYPE:displayName'
  const optionKey = (o: (typeof optionRows)[number]) =>
    o.kind === 'care-code' ? o.code : o.kind === 'care-instruction' ? `${o.type}:${o.displayName}` : o.name;
  const listRows = await tx
    .insert(s.careLists)
    .values(CARE_LISTS.map(({ kind, name }) => ({ kind, name })))
    .returning();
  const listByName = byKey(listRows, (l) => l.name);
  await tx.insert(s.careListItems).values(
    CARE_LISTS.flatMap((list) => {
      const memberKinds: readonly string[] = CARE_LIST_MEMBER_KINDS[list.kind];
      const options = byKey(
        optionRows.filter((o) => memberKinds.includes(o.kind)),
        optionKey,
      );
      return list.members.map((m) => {
        const o = req(options, m);
        return {
          listId: req(listByName, list.name).id,
          listKind: list.kind,
          optionId: o.id,
          optionKind: o.kind,
        };
      });
    }),
  );
  for (const c of CUSTOMERS) {
    if (!c.care) continue;
    const lists = Object.fromEntries(
      Object.entries(c.care.lists).map(([kind, name]) => [
        `${CUSTOMER_CARE_LIST_FIELDS[kind as CareListKind]}Id`,
        req(listByName, name).id,
      ]),
    );
    await tx
      .update(s.customers)
      .set({
        ...lists,
        countryOfOriginRequired: c.care.countryOfOriginRequired,
        specialInstructionsRequired: c.care.specialInstructionsRequired,
        markets: c.care.markets,
        caNumber: c.care.caNumber,
        rnNumber: c.care.rnNumber,
        gs1CompanyPrefix: c.gs1CompanyPrefix ?? null,
      })
      .where(eq(s.customers.id, req(customerId, c.key)));
  }
}

// ---------------------------------------------------------------- the seed

async function seed(tx: Tx, passwordHash: string, now: Date) {
  const nowMs = now.getTime();
  const rng = prng(20260109);

  // reference data
  const currencyRows = await tx
    .insert(s.currencies)
    .values([...CURRENCIES])
    .returning();
  const currencyId = (c: CurrencyCode) =>
    req(
      byKey(currencyRows, (r) => r.code),
      c,
    ).id;
  const regionRows = await tx
    .insert(s.productionRegions)
    .values(REGIONS.map((productionRegionName) => ({ productionRegionName })))
    .returning();
  const regionId = byKey(regionRows, (r) => r.productionRegionName);
  const warehouseRows = await tx
    .insert(s.warehouses)
    .values([...WAREHOUSES])
    .returning();
  const warehouseId = byKey(warehouseRows, (r) => r.warehouseName);

  // customers
  const customerRows = await tx
    .insert(s.customers)
    .values(
      CUSTOMERS.map((c) => ({
        companyName: c.companyName,
        parserType: c.parserType,
        warehouseId: req(warehouseId, c.warehouse).id,
        specialInstructionsLimit: c.specialInstructionsLimit,
        copyrightShow: c.copyrightShow,
        fabricCompositionShow: c.fabricCompositionShow,
      })),
    )
    .returning();
  const customerId = new Map(
    CUSTOMERS.map((c) => [
      c.key,
      req(
        byKey(customerRows, (r) => r.companyName),
        c.companyName,
      ).id,
    ]),
  );
  await seedCare(tx, customerId);
  await tx.insert(s.customerDefaults).values(
    CUSTOMERS.flatMap((c) =>
      Object.entries(c.defaults).map(([defaultName, defaultValue]) => ({
        customerId: req(customerId, c.key),
        defaultName,
        defaultValue,
      })),
    ),
  );

  // vendors
  const vendorRows = await tx
    .insert(s.vendors)
    .values(
      VENDORS.map((v) => ({
        companyName: v.companyName,
        vendorNumber: v.vendorNumber,
        currencyTypeId: currencyId(v.currency),
        billingAddress: v.billingAddress,
        billingAccountNumber: v.billingAccountNumber,
        preferredShippingMethod: v.preferredShippingMethod,
        deliveryAccountNumber: v.deliveryAccountNumber,
      })),
    )
    .returning();
  const vendorId = new Map(
    VENDORS.map((v) => [
      v.key,
      req(
        byKey(vendorRows, (r) => r.companyName),
        v.companyName,
      ).id,
    ]),
  );
  await tx
    .insert(s.vendorShippingAddresses)
    .values(
      VENDORS.flatMap((v) => v.shippingAddresses.map((a) => ({ vendorId: req(vendorId, v.key), ...a }))),
    );
  await tx
    .insert(s.vendorCustomers)
    .values(
      VENDORS.flatMap((v) =>
        v.customers.map((c) => ({ vendorId: req(vendorId, v.key), customerId: req(customerId, c) })),
      ),
    );

  // factories, and the customers each makes products for
  const factoryRows = await tx
    .insert(s.factories)
    .values(
      FACTORIES.map((f) => ({
        name: f.name,
        shortCode: f.shortCode,
        address: f.address,
        telephone: f.telephone,
        currencyTypeId: currencyId(f.currency),
        productionRegionId: req(regionId, f.region).id,
      })),
    )
    .returning();
  const factoryId = byKey(factoryRows, (r) => r.shortCode);
  const factoryCustomerPairs = [...new Set(SUBCODES.map((sc) => `${sc.factory}|${sc.customer}`))].map((p) =>
    p.split('|'),
  );
  await tx.insert(s.factoryCustomers).values(
    factoryCustomerPairs.map(([f, c]) => ({
      factoryId: req(factoryId, f).id,
      customerId: req(customerId, c as (typeof CUSTOMERS)[number]['key']),
    })),
  );

  // users and their assignments
  const userRows = await tx
    .insert(s.users)
    .values(
      USERS.map((u) => ({
        email: u.email,
        contactName: u.contactName,
        telephone: u.telephone,
        role: u.role,
        active: u.active ?? true,
        emailEnabled: u.emailEnabled ?? true,
        passwordHash,
        passwordChangedAt: new Date(nowMs - (u.lastLoginDaysAgo ?? 0) * DAY - 30 * DAY),
        lastLogin:
          u.lastLoginDaysAgo === undefined ? null : new Date(nowMs - u.lastLoginDaysAgo * DAY - 3 * HOUR),
        canRestock: u.canRestock ?? false,
        canUpdateInventory: u.canUpdateInventory ?? false,
        createdAt: new Date(nowMs - 400 * DAY),
      })),
    )
    .returning();
  const userId = new Map(
    USERS.map((u) => [
      u.email,
      req(
        byKey(userRows, (r) => r.email),
        u.email,
      ).id,
    ]),
  );
  const uid = (u: UserRow) => req(userId, u.email);
  const vendorAssignments = USERS.flatMap((u) =>
    (u.vendors ?? []).map((v) => ({ userId: uid(u), vendorId: req(vendorId, v) })),
  );
  const customerAssignments = USERS.flatMap((u) =>
    (u.customers ?? []).map((c) => ({ userId: uid(u), customerId: req(customerId, c) })),
  );
  const regionAssignments = USERS.flatMap((u) =>
    (u.regions ?? []).map((r) => ({ userId: uid(u), productionRegionId: req(regionId, r).id })),
  );
  const factoryAssignments = USERS.flatMap((u) =>
    (u.factories ?? []).map((f) => ({ userId: uid(u), factoryId: req(factoryId, f).id })),
  );
  await tx.insert(s.userVendors).values(vendorAssignments);
  await tx.insert(s.userCustomers).values(customerAssignments);
  await tx.insert(s.userRegions).values(regionAssignments);
  await tx.insert(s.userFactories).values(factoryAssignments);

  // product catalogue
  const groupRows = await tx
    .insert(s.productGroups)
    .values([...PRODUCT_GROUPS])
    .returning();
  const groupId = byKey(groupRows, (r) => r.value);
  const subgroupRows = await tx
    .insert(s.productSubgroups)
    .values(PRODUCT_SUBGROUPS.map((name) => ({ name })))
    .returning();
  const subgroupId = byKey(subgroupRows, (r) => r.name);
  const codeRows = await tx
    .insert(s.productCodes)
    .values(Object.keys(PRODUCT_CODES).map((productCode) => ({ productCode })))
    .returning();
  const codeId = byKey(codeRows, (r) => r.productCode);
  const schemaRows = await tx
    .insert(s.attributeSchemas)
    .values(
      ATTRIBUTE_SCHEMAS.map((a) => ({
        name: a.name,
        global: a.global,
        customerId: a.customer ? req(customerId, a.customer) : null,
        productGroupId: a.productGroup ? req(groupId, a.productGroup).id : null,
        attributeFields: a.attributeFields,
      })),
    )
    .returning();
  const schemaByKey = new Map(
    ATTRIBUTE_SCHEMAS.map((a) => [
      a.key,
      req(
        byKey(schemaRows, (r) => r.name),
        a.name,
      ),
    ]),
  );

  const subcodeRows = await tx
    .insert(s.productSubcodes)
    .values(
      SUBCODES.map((sc, i) => ({
        productSubcode: sc.productSubcode,
        description: sc.description,
        minOrderQuantity: sc.minOrderQuantity,
        packSize: sc.packSize,
        fulfillmentProcess: sc.fulfillmentProcess,
        sustainable: sc.sustainable ?? false,
        sampleReferenceNumber: `SR-${24100 + i * 7}`,
        approvedDate: isoDate(nowMs - (120 + i * 9) * DAY),
        customerId: req(customerId, sc.customer),
        factoryId: req(factoryId, sc.factory).id,
        productCodeId: req(codeId, sc.productCode).id,
        attributeSchemaId: sc.schema ? req(schemaByKey, sc.schema).id : null,
        artworkRequired: sc.artworkRequired,
        careLabelType: sc.careLabelType ?? null,
        gtin: DEMO_GTINS[sc.productSubcode] ?? null,
        rfid: sc.rfid ?? false,
      })),
    )
    .returning();
  const subcodeId = new Map(
    SUBCODES.map((sc) => [
      sc.productSubcode,
      req(
        byKey(subcodeRows, (r) => r.productSubcode),
        sc.productSubcode,
      ).id,
    ]),
  );
  const scId = (sc: SubcodeRow) => req(subcodeId, sc.productSubcode);

  const tierRows = (tiers: ReturnType<typeof priceTiersOf>, sc: SubcodeRow) =>
    tiers.map((t) => ({
      productSubcodeId: scId(sc),
      quantity: t.quantity,
      price: t.price,
      currencyId: currencyId(t.currency),
    }));
  await tx.insert(s.priceTiers).values(SUBCODES.flatMap((sc) => tierRows(priceTiersOf(sc), sc)));
  await tx.insert(s.costTiers).values(SUBCODES.flatMap((sc) => tierRows(costTiersOf(sc), sc)));
  await tx.insert(s.minValues).values(
    SUBCODES.flatMap((sc) =>
      minValuesOf(sc).map((m) => ({
        productSubcodeId: scId(sc),
        currencyId: currencyId(m.currency),
        price: m.price,
      })),
    ),
  );

  const itemRows = await tx
    .insert(s.productItems)
    .values(
      SUBCODES.flatMap((sc) =>
        sc.sizes.map((productSize, i) => {
          const inv = sc.inventory;
          const max = sc.packSize * rng.int(60, 120);
          const min = sc.packSize * rng.int(10, 30);
          return {
            productSubcodeId: scId(sc),
            productType: 'STANDARD',
            productSize,
            sortKey: i + 1,
            // RFID sizes (not care labels: those encode the garment's GTIN) get a GTIN of the prefix.
            gtin: sc.rfid && !sc.careLabelType ? rfidDemoGtin(sc.productSubcode, i) : null,
            active: !sc.inactiveSizes?.includes(productSize),
            defaultOrderQuantity: inv ? sc.packSize * 10 : 0,
            productGroupId: req(groupId, PRODUCT_CODES[sc.productCode]).id,
            productSubgroupId: req(subgroupId, sc.subgroup).id,
            attributeSchemaId: sc.schema ? req(schemaByKey, sc.schema).id : null,
            hasInventory: inv ?? false,
            // some stocked items are below their minimum, so restock has something to do
            currentInventory: inv ? sc.packSize * rng.int(5, 100) : 0,
            minimumInventory: inv ? min : 0,
            maximumInventory: inv ? max : 0,
            createdAt: new Date(nowMs - (110 + i) * DAY),
          };
        }),
      ),
    )
    .returning();
  const itemsBySubcode = new Map<number, typeof itemRows>();
  for (const it of itemRows)
    itemsBySubcode.set(it.productSubcodeId, [...(itemsBySubcode.get(it.productSubcodeId) ?? []), it]);

  // tiers as the shared pricing rules take them
  const priceTiers = new Map(SUBCODES.map((sc) => [sc.productSubcode, priceTiersOf(sc) as Tier[]]));
  const costTiers = new Map(SUBCODES.map((sc) => [sc.productSubcode, costTiersOf(sc) as Tier[]]));
  const minValue = new Map(SUBCODES.map((sc) => [sc.productSubcode, minValuesOf(sc)]));

  await seedOrders(tx, {
    rng,
    nowMs,
    currencyId,
    regionId: (name) => req(regionId, name).id,
    factoryId: (code) => req(factoryId, code).id,
    customerId: (key) => req(customerId, key),
    vendorId: (key) => req(vendorId, key),
    userId: (email) => req(userId, email),
    subcodeId: scId,
    activeItems: (sc) => (itemsBySubcode.get(scId(sc)) ?? []).filter((it) => it.active),
    priceTiers: (sc) => req(priceTiers, sc.productSubcode),
    costTiers: (sc) => req(costTiers, sc.productSubcode),
    minValue: (sc, cur) => req(minValue, sc.productSubcode).find((m) => m.currency === cur)?.price ?? null,
  });
}

// ---------------------------------------------------------------- orders

interface Ctx {
  rng: Rng;
  nowMs: number;
  currencyId: (c: CurrencyCode) => number;
  regionId: (name: string) => number;
  factoryId: (code: string) => number;
  customerId: (key: OrderPlan['customer']) => number;
  vendorId: (key: OrderPlan['vendor']) => number;
  userId: (email: string) => number;
  subcodeId: (sc: SubcodeRow) => number;
  activeItems: (sc: SubcodeRow) => { id: number; productSize: string; sortKey: number }[];
  priceTiers: (sc: SubcodeRow) => Tier[];
  costTiers: (sc: SubcodeRow) => Tier[];
  minValue: (sc: SubcodeRow, currency: CurrencyCode) => string | null;
}

type LogStep =
  | 'Order placed'
  | 'Artwork uploaded'
  | 'Artwork approval requested'
  | 'Artwork approved'
  | 'Artwork rejected'
  | 'Production confirmed'
  | 'Finance approved'
  | 'Shipped and completed'
  | 'Order cancelled';

/** Typical days between one step and the one before it. */
const GAP: Record<Exclude<LogStep, 'Order placed'>, [number, number]> = {
  'Artwork uploaded': [0.5, 3],
  'Artwork approval requested': [0.05, 0.3],
  'Artwork approved': [0.3, 2],
  'Artwork rejected': [0.3, 2],
  'Production confirmed': [4, 10],
  'Finance approved': [0.5, 3],
  'Shipped and completed': [1, 5],
  'Order cancelled': [1, 6],
};

interface Line {
  sc: SubcodeRow;
  sizes: { itemId: number; quantity: number }[];
  quantity: number;
  unitPrice: string;
  unitCost: string;
  totalPrice: string;
  totalCost: string;
  attributes: Record<string, string>;
}

/** Picks the factory and lines of a planned order (one customer, one factory). */
function pickLines(ctx: Ctx, plan: OrderPlan, needsArt: boolean, priceCur: CurrencyCode) {
  const { rng } = ctx;
  const offered = SUBCODES.filter(
    (sc) => sc.customer === plan.customer && !(plan.noArtwork && sc.artworkRequired),
  );
  const factoryCodes = [
    ...new Set(offered.filter((sc) => !needsArt || sc.artworkRequired).map((sc) => sc.factory)),
  ];
  const factoryCode = rng.pick(factoryCodes);
  const factory = FACTORIES.find((f) => f.shortCode === factoryCode)!;
  const costCur = factory.currency;
  const pool = offered.filter((sc) => sc.factory === factory.shortCode);
  const first = rng.pick(needsArt ? pool.filter((sc) => sc.artworkRequired) : pool);
  const count = Math.min(pool.length, 1 + (rng.chance(0.55) ? 1 : 0) + (rng.chance(0.2) ? 1 : 0));
  const chosen = [first, ...rng.shuffle(pool.filter((sc) => sc !== first)).slice(0, count - 1)];
  const lines = chosen.map((sc): Line => {
    const items = ctx.activeItems(sc);
    const n = items.length === 1 ? 1 : rng.int(Math.min(2, items.length), items.length);
    const sizes = rng
      .shuffle(items)
      .slice(0, n)
      .sort((a, b) => a.sortKey - b.sortKey)
      .map((it) => ({
        itemId: it.id,
        quantity: roundQuantity(sc.packSize * rng.int(sc.packsPerSize[0], sc.packsPerSize[1]), {
          minOrderQuantity: sc.minOrderQuantity,
          packSize: sc.packSize,
        }),
      }));
    const quantity = sizes.reduce((a, z) => a + z.quantity, 0);
    const price = tierForQuantity(ctx.priceTiers(sc), quantity, priceCur);
    const cost = tierForQuantity(ctx.costTiers(sc), quantity, costCur);
    if (!price || !cost)
      throw new Error(`demo data: ${sc.productSubcode} has no ${priceCur} price or ${costCur} cost`);
    const schema = ATTRIBUTE_SCHEMAS.find((a) => a.key === sc.schema);
    const attributes = Object.fromEntries(
      (schema?.attributeFields ?? []).map((f) => [
        f.name,
        f.type === 'DROPDOWN'
          ? rng.pick(f.options)
          : rng.pick(STRING_ATTRIBUTE_SAMPLES[f.name] ?? ['Standard']),
      ]),
    );
    return {
      sc,
      sizes,
      quantity,
      unitPrice: price.price,
      unitCost: cost.price,
      totalPrice: lineTotal(price.price, quantity),
      totalCost: lineTotal(cost.price, quantity),
      attributes,
    };
  });
  return { factory, costCur, lines };
}

async function seedOrders(tx: Tx, ctx: Ctx) {
  const { rng, nowMs } = ctx;
  const yy = dayjs(nowMs).format('YY');
  const userName = new Map(USERS.map((u) => [u.email, u.contactName]));
  const latest = nowMs - 20 * 60 * 1000;

  type Built = {
    order: typeof s.orders.$inferInsert;
    lines: Line[];
    status: PlacedStatus;
    charges: ReturnType<typeof minimumOrderCharges>;
    logs: { at: number; email: string; description: LogStep }[];
    rejectedOnce: boolean;
    priceCur: CurrencyCode;
  };
  const built: Built[] = [];
  const poCount = new Map<string, number>();
  let invoiceNo = 4100;

  // oldest first, so order ids grow with the order date
  const plans = [...ORDER_PLAN].sort((a, b) => b.ago - a.ago);
  for (const plan of plans) {
    const vendor = VENDORS.find((v) => v.key === plan.vendor)!;
    const contactUser = vendorUser(plan.vendor);
    const placer = plan.placedBy ?? contactUser.email;
    const priceCur = vendor.currency;
    const needsArt =
      plan.status === 'NEEDS_ARTWORK' || plan.status === 'NEEDS_ART_APPROVAL' || !!plan.rejectedOnce;
    // one factory per order; its region is the order's, its currency the cost currency
    const { factory, costCur, lines } = pickLines(ctx, plan, needsArt, priceCur);
    const hasArtwork = lines.some((l) => l.sc.artworkRequired);
    const step = ORDER_STATUS_STEP[plan.status];

    const charges = minimumOrderCharges(
      lines.map(
        (l): MinimumValueLine => ({
          productCode: l.sc.productCode,
          productSubcodeId: ctx.subcodeId(l.sc),
          productSubcode: l.sc.productSubcode,
          description: l.sc.description,
          totalPrice: l.totalPrice,
          minValue: ctx.minValue(l.sc, priceCur),
        }),
      ),
    );

    // the order's history, step by step
    const placedAt =
      Math.floor((nowMs - plan.ago * DAY - rng.int(1, 9) * HOUR - rng.int(0, 59) * 60000) / 1000) * 1000;
    const csr =
      plan.customer === 'northwind'
        ? 'account@example.com'
        : plan.customer === 'dunnes' && rng.chance(0.5)
          ? 'niamh.kelly@example.com'
          : 'csr@example.com';
    const finance = plan.customer === 'northwind' ? 'supervisor@example.com' : 'finance@example.com';
    const supervisor =
      factory.shortCode === 'HCM' && rng.chance(0.6) ? 'tran.minh@example.com' : 'supervisor@example.com';
    const steps: { email: string; description: LogStep }[] = [];
    if (plan.earlyFinance) steps.push({ email: finance, description: 'Finance approved' });
    if (hasArtwork && (step >= 2 || plan.rejectedOnce)) {
      steps.push(
        { email: csr, description: 'Artwork uploaded' },
        { email: csr, description: 'Artwork approval requested' },
      );
    }
    if (plan.rejectedOnce) steps.push({ email: contactUser.email, description: 'Artwork rejected' });
    if (hasArtwork && step >= 3) steps.push({ email: contactUser.email, description: 'Artwork approved' });
    if (step >= 4)
      steps.push({ email: rng.chance(0.5) ? supervisor : csr, description: 'Production confirmed' });
    if (step >= 5 && !plan.earlyFinance) steps.push({ email: finance, description: 'Finance approved' });
    if (step >= 6)
      steps.push({
        email: rng.chance(0.7) ? supervisor : 'account@example.com',
        description: 'Shipped and completed',
      });
    if (plan.cancelled)
      steps.push({ email: rng.chance(0.5) ? placer : 'account@example.com', description: 'Order cancelled' });
    const gaps = steps.map((st) => {
      const [lo, hi] = GAP[st.description as keyof typeof GAP];
      return lo + rng.next() * (hi - lo);
    });
    const span = gaps.reduce((a, g) => a + g, 0) * DAY;
    const scale = span > latest - placedAt ? (latest - placedAt) / span : 1;
    let t = placedAt;
    const logs = [
      { at: placedAt, email: placer, description: 'Order placed' as LogStep },
      ...steps.map((st, i) => {
        t += gaps[i] * DAY * scale;
        return { at: Math.floor(t / 1000) * 1000, email: st.email, description: st.description };
      }),
    ];
    const when = (d: LogStep) => logs.find((l) => l.description === d)?.at;

    const financeAt = when('Finance approved');
    const shippedAt = when('Shipped and completed');
    const n = (poCount.get(vendor.key) ?? 0) + 1;
    poCount.set(vendor.key, n);
    const address = rng.pick(vendor.shippingAddresses);
    const estimated = step >= 4 || (step === 3 && rng.chance(0.5));
    const order: typeof s.orders.$inferInsert = {
      orderStatus: plan.status,
      cancelled: !!plan.cancelled,
      financeApproval: financeAt !== undefined,
      financeApprovedAt: financeAt !== undefined ? new Date(financeAt) : null,
      userId: ctx.userId(placer),
      vendorId: ctx.vendorId(plan.vendor),
      customerId: ctx.customerId(plan.customer),
      productionRegionId: ctx.regionId(factory.region),
      factoryId: ctx.factoryId(factory.shortCode),
      vendorPO: vendor.po(n, yy),
      contact: contactUser.contactName,
      email: contactUser.email,
      phone: contactUser.telephone,
      dateRequested: isoDate(placedAt + rng.int(21, 45) * DAY),
      shippingAddress: address.address,
      deliveryMethod: vendor.preferredShippingMethod,
      deliveryAccount: vendor.deliveryAccountNumber,
      billingAccount: vendor.billingAccountNumber,
      billingAddress: vendor.billingAddress,
      comments: rng.chance(0.35) ? rng.pick(ORDER_COMMENTS) : null,
      orderDate: new Date(placedAt),
      estimatedCompletionDate: estimated ? isoDate(placedAt + rng.int(20, 30) * DAY) : null,
      shipAndCompleteDate: shippedAt !== undefined ? new Date(shippedAt) : null,
      invoiceNumber: plan.invoice ? `INV-${yy}-${String(invoiceNo++).padStart(5, '0')}` : null,
      priceCurrencyId: ctx.currencyId(priceCur),
      costCurrencyId: ctx.currencyId(costCur),
      totalPrice: sumAmounts([...lines.map((l) => l.totalPrice), ...charges.map((c) => c.charge)]),
      totalCost: sumAmounts(lines.map((l) => l.totalCost)),
      hasArtwork,
      csrArtPrepared: hasArtwork && step >= 2,
      csrProductionConfirmed: step >= 4,
      termsAcceptedAt: new Date(placedAt),
      createdAt: new Date(placedAt - rng.int(2, 48) * HOUR),
      updatedAt: new Date(logs[logs.length - 1].at),
    };
    built.push({
      order,
      lines,
      status: plan.status,
      charges,
      logs,
      rejectedOnce: !!plan.rejectedOnce,
      priceCur,
    });
  }

  // each care-label subcode's demo label, judged and fixed as Add to Order stores it (decision 0043)
  const careLabels = new Map<string, CareLabel>();
  for (const sc of SUBCODES) {
    if (!sc.careLabelType) continue;
    const config = await loadCustomerCareConfig(tx, ctx.customerId(sc.customer));
    const label = checkLineCareLabel(
      sc.productSubcode,
      sc.careLabelType,
      DEMO_CARE_LABELS[sc.productSubcode],
      config,
    );
    if (label) careLabels.set(sc.productSubcode, label);
  }

  const orderRows = await tx
    .insert(s.orders)
    .values(built.map((b) => b.order))
    .returning({ id: s.orders.id, vendorPO: s.orders.vendorPO });
  const orderId = new Map(orderRows.map((r) => [r.vendorPO, r.id]));
  const idOf = (b: Built) => req(orderId, b.order.vendorPO);

  const itemRows = await tx
    .insert(s.orderItems)
    .values(
      built.flatMap((b) =>
        b.lines.map((l) => {
          const step = ORDER_STATUS_STEP[b.status];
          const needs = l.sc.artworkRequired;
          const status = !needs
            ? null
            : b.rejectedOnce
              ? 'REJECTED'
              : step === 1
                ? 'NEEDS_UPLOAD'
                : step === 2
                  ? 'UPLOADED'
                  : 'APPROVED';
          const artworkName =
            needs && status !== 'NEEDS_UPLOAD' ? `${l.sc.productSubcode}_${b.order.vendorPO}_v1.pdf` : null;
          const createdAt = b.order.createdAt as Date;
          return {
            orderId: idOf(b),
            productSubcodeId: ctx.subcodeId(l.sc),
            productType: 'STANDARD',
            attributes: l.attributes,
            careLabel: careLabels.get(l.sc.productSubcode) ?? null,
            // what placing writes for a care-labelled line: its passport (decision 0044)
            ...(careLabels.has(l.sc.productSubcode)
              ? {
                  passportSerial: passportRepository.newSerial,
                  passportGtin: DEMO_GTINS[l.sc.productSubcode] ?? null,
                }
              : {}),
            quantity: l.quantity,
            unitPrice: l.unitPrice,
            unitCost: l.unitCost,
            totalPrice: l.totalPrice,
            totalCost: l.totalCost,
            // what placing stores: the minimum order value the charges were priced with (decision 0047)
            minValue: ctx.minValue(l.sc, b.priceCur),
            needsArtwork: needs,
            artworkStatus: status,
            artworkName,
            artworkComments:
              status === 'REJECTED'
                ? ARTWORK_COMMENTS.rejected
                : status === 'APPROVED' && rng.chance(0.4)
                  ? rng.pick(ARTWORK_COMMENTS.approved)
                  : null,
            artworkFinalized: status === 'APPROVED' && step >= 4,
            createdAt,
          };
        }),
      ),
    )
    .returning({
      id: s.orderItems.id,
      orderId: s.orderItems.orderId,
      productSubcodeId: s.orderItems.productSubcodeId,
    });
  const itemId = new Map(itemRows.map((r) => [`${r.orderId}:${r.productSubcodeId}`, r.id]));

  await tx.insert(s.orderItemSizes).values(
    built.flatMap((b) =>
      b.lines.flatMap((l) =>
        l.sizes.map((z) => ({
          orderItemId: req(itemId, `${idOf(b)}:${ctx.subcodeId(l.sc)}`),
          productItemId: z.itemId,
          quantity: z.quantity,
          attributesItem: {},
          unitPrice: l.unitPrice,
          unitCost: l.unitCost,
        })),
      ),
    ),
  );

  const chargeRows = built.flatMap((b) =>
    b.charges.map((c) => ({
      orderId: idOf(b),
      chargeName: c.chargeName,
      productSubcodeId: c.productSubcodeId,
      subcode: c.subcode,
      subCodeDescription: c.subCodeDescription,
      charge: c.charge,
      currencyId: b.order.priceCurrencyId as number,
    })),
  );
  if (chargeRows.length > 0) await tx.insert(s.orderCharges).values(chargeRows);

  await tx.insert(s.orderLogs).values(
    built.flatMap((b) =>
      b.logs.map((l) => ({
        orderId: idOf(b),
        timestamp: new Date(l.at),
        userId: ctx.userId(l.email),
        userName: req(userName, l.email),
        description: l.description,
      })),
    ),
  );
}
