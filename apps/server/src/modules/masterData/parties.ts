/**
 * Customers, factories, users and vendors (master-data §3, §5, §6): the crud kit with stores of
 * their own — references, checklists, and for users and vendors the rules on top.
 */
import type {
  Customer,
  customerBody,
  customerSearchQuery,
  customerUpdateBody,
  Factory,
  factoryBody,
  factorySearchQuery,
  factoryUpdateBody,
  User,
  userBody,
  userSearchQuery,
  userUpdateBody,
  Vendor,
  vendorBody,
  vendorSearchQuery,
  vendorUpdateBody,
} from '@selvedge/shared';
import {
  CARE_MARKETS,
  type CareListKind,
  type CareMarket,
  CUSTOMER_CARE_LIST_FIELDS,
  MASTER_DATA_MESSAGES,
  missingReferenceMessage,
} from '@selvedge/shared';
import { and, asc, eq, exists, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthUser } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { allOf, type CrudConfig, type CrudStore, contains } from '../../platform/crud';
import type { Tx } from '../../platform/db';
import {
  careLists,
  currencies,
  customers,
  factories,
  factoryCustomers,
  productionRegions,
  sessions,
  userCustomers,
  userFactories,
  userRegions,
  users,
  userVendors,
  vendorCustomers,
  vendorShippingAddresses,
  vendors,
  warehouses,
} from '../../platform/db/schema';
import { badRequest } from '../../platform/errors';
import { queuePasswordMail } from '../auth/passwordMail';
import { type LinkTable, linkedRefs, linksTo, replaceLinks } from './links';

const customerRef = { table: customers, id: customers.id, name: customers.companyName };

// ---------------------------------------------------------------- customers

type CustomerCreate = z.output<typeof customerBody>;
type CustomerUpdate = z.output<typeof customerUpdateBody>;
type CustomerQuery = z.output<typeof customerSearchQuery>;

const customerValues = (b: CustomerCreate) => ({
  companyName: b.companyName,
  parserType: b.parserType,
  warehouseId: b.warehouse?.id ?? null,
  specialInstructionsLimit: b.specialInstructionsLimit,
  copyrightShow: b.copyrightShow,
  fabricCompositionShow: b.fabricCompositionShow,
  ...Object.fromEntries(CUSTOMER_CARE_LISTS.map(([field]) => [`${field}Id`, b[field]?.id ?? null] as const)),
  countryOfOriginRequired: b.countryOfOriginRequired,
  specialInstructionsRequired: b.specialInstructionsRequired,
  markets: b.markets,
  caNumber: b.caNumber,
  rnNumber: b.rnNumber,
  gs1CompanyPrefix: b.gs1CompanyPrefix,
});

/** The customer's care list fields with their kinds (CUSTOMER_CARE_LIST_FIELDS), as [field, kind]. */
const CUSTOMER_CARE_LISTS = Object.entries(CUSTOMER_CARE_LIST_FIELDS).map(
  ([kind, field]) => [field, kind as CareListKind] as const,
);

const customerStore: CrudStore<Customer, CustomerCreate, CustomerUpdate, CustomerQuery> = {
  table: customers,
  idColumn: customers.id,
  versionColumn: customers.version,
  async find(q, lookup) {
    const rows = await q
      .select({
        id: customers.id,
        companyName: customers.companyName,
        parserType: customers.parserType,
        warehouseId: warehouses.id,
        warehouseName: warehouses.warehouseName,
        specialInstructionsLimit: customers.specialInstructionsLimit,
        copyrightShow: customers.copyrightShow,
        fabricCompositionShow: customers.fabricCompositionShow,
        cautionMaintenanceListId: customers.cautionMaintenanceListId,
        fabricCompositionListId: customers.fabricCompositionListId,
        careInstructionListId: customers.careInstructionListId,
        careCodeListId: customers.careCodeListId,
        countryOfOriginListId: customers.countryOfOriginListId,
        specialInstructionsListId: customers.specialInstructionsListId,
        countryOfOriginRequired: customers.countryOfOriginRequired,
        specialInstructionsRequired: customers.specialInstructionsRequired,
        markets: customers.markets,
        caNumber: customers.caNumber,
        rnNumber: customers.rnNumber,
        gs1CompanyPrefix: customers.gs1CompanyPrefix,
        version: customers.version,
      })
      .from(customers)
      .leftJoin(warehouses, eq(warehouses.id, customers.warehouseId))
      .where(
        'ids' in lookup
          ? inArray(customers.id, lookup.ids)
          : allOf(lookup.query.name ? contains(customers.companyName, lookup.query.name) : undefined),
      )
      .orderBy(asc(customers.companyName), asc(customers.id));
    // The chosen care lists' names, in one look-up for every customer found.
    const listIds = [
      ...new Set(rows.flatMap((r) => CUSTOMER_CARE_LISTS.map(([field]) => r[`${field}Id`]))),
    ].filter((v): v is number => v !== null);
    const listNames = new Map(
      listIds.length === 0
        ? []
        : (
            await q
              .select({ id: careLists.id, name: careLists.name })
              .from(careLists)
              .where(inArray(careLists.id, listIds))
          ).map((l) => [l.id, l.name] as const),
    );
    const ref = (listId: number | null) =>
      listId === null ? null : { id: listId, name: listNames.get(listId) ?? '' };
    return rows.map(
      ({
        warehouseId,
        warehouseName,
        cautionMaintenanceListId,
        fabricCompositionListId,
        careInstructionListId,
        careCodeListId,
        countryOfOriginListId,
        specialInstructionsListId,
        ...r
      }) => ({
        ...r,
        parserType: r.parserType as Customer['parserType'],
        warehouse: warehouseId ? { id: warehouseId, name: warehouseName ?? '' } : null,
        cautionMaintenanceList: ref(cautionMaintenanceListId),
        fabricCompositionList: ref(fabricCompositionListId),
        careInstructionList: ref(careInstructionListId),
        careCodeList: ref(careCodeListId),
        countryOfOriginList: ref(countryOfOriginListId),
        specialInstructionsList: ref(specialInstructionsListId),
        markets: r.markets.filter((m): m is CareMarket => (CARE_MARKETS as readonly string[]).includes(m)),
      }),
    );
  },
  async insert(tx, body) {
    const [row] = await tx.insert(customers).values(customerValues(body)).returning({ id: customers.id });
    return row!.id;
  },
  async update(tx, id, body) {
    await tx.update(customers).set(customerValues(body)).where(eq(customers.id, id));
  },
};

export const customerCrud: CrudConfig<Customer, CustomerCreate, CustomerUpdate, CustomerQuery> = {
  store: customerStore,
  // Each care list must be a list of its field's kind (a missing one is the kit's 400 'no such record').
  async check(tx, body) {
    const chosen = CUSTOMER_CARE_LISTS.filter(([field]) => body[field]);
    if (chosen.length === 0) return;
    const kinds = new Map(
      (
        await tx
          .select({ id: careLists.id, kind: careLists.kind })
          .from(careLists)
          .where(
            inArray(
              careLists.id,
              chosen.map(([field]) => body[field]!.id),
            ),
          )
      ).map((l) => [l.id, l.kind] as const),
    );
    for (const [field, kind] of chosen) {
      const found = kinds.get(body[field]!.id);
      if (found === undefined) throw badRequest(missingReferenceMessage(field, body[field]!.id), field);
      if (found !== kind) throw badRequest(MASTER_DATA_MESSAGES.notAListOf(kind), field);
    }
  },
};

// ---------------------------------------------------------------- factories

type FactoryCreate = z.output<typeof factoryBody>;
type FactoryUpdate = z.output<typeof factoryUpdateBody>;
type FactoryQuery = z.output<typeof factorySearchQuery>;

const factoryCustomerLinks: LinkTable = {
  link: factoryCustomers,
  owner: factoryCustomers.factoryId,
  target: factoryCustomers.customerId,
  ...customerRef,
};

const factoryValues = (b: FactoryCreate) => ({
  name: b.name,
  shortCode: b.shortCode,
  address: b.address,
  telephone: b.telephone,
  // Without a choice: CAD and Bangladesh, the columns' defaults (master-data §9).
  ...(b.currencyType ? { currencyTypeId: b.currencyType.id } : {}),
  ...(b.productionRegion ? { productionRegionId: b.productionRegion.id } : {}),
});

const factoryStore: CrudStore<Factory, FactoryCreate, FactoryUpdate, FactoryQuery> = {
  table: factories,
  idColumn: factories.id,
  versionColumn: factories.version,
  async find(q, lookup) {
    const query = 'query' in lookup ? lookup.query : undefined;
    const rows = await q
      .select({
        id: factories.id,
        name: factories.name,
        shortCode: factories.shortCode,
        address: factories.address,
        telephone: factories.telephone,
        currencyId: currencies.id,
        currencyCode: currencies.code,
        regionId: productionRegions.id,
        regionName: productionRegions.productionRegionName,
        version: factories.version,
      })
      .from(factories)
      .innerJoin(currencies, eq(currencies.id, factories.currencyTypeId))
      .innerJoin(productionRegions, eq(productionRegions.id, factories.productionRegionId))
      .where(
        'ids' in lookup
          ? inArray(factories.id, lookup.ids)
          : allOf(
              query?.factoryName ? contains(factories.name, query.factoryName) : undefined,
              query?.shortCode ? contains(factories.shortCode, query.shortCode) : undefined,
              query?.regionId ? eq(factories.productionRegionId, query.regionId) : undefined,
              query?.customerId
                ? linksTo(q, factoryCustomerLinks, factories.id, query.customerId)
                : undefined,
            ),
      )
      .orderBy(asc(factories.name), asc(factories.id));
    const links = await linkedRefs(
      q,
      factoryCustomerLinks,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      shortCode: r.shortCode,
      address: r.address,
      telephone: r.telephone,
      currencyType: { id: r.currencyId, name: r.currencyCode },
      productionRegion: { id: r.regionId, name: r.regionName },
      customers: links.get(r.id) ?? [],
      version: r.version,
    }));
  },
  async insert(tx, body) {
    const [row] = await tx.insert(factories).values(factoryValues(body)).returning({ id: factories.id });
    await replaceLinks(
      tx,
      factoryCustomerLinks,
      row!.id,
      body.customers.map((c) => c.id),
    );
    return row!.id;
  },
  async update(tx, id, body) {
    await tx.update(factories).set(factoryValues(body)).where(eq(factories.id, id));
    await replaceLinks(
      tx,
      factoryCustomerLinks,
      id,
      body.customers.map((c) => c.id),
    );
  },
};

export const factoryCrud: CrudConfig<Factory, FactoryCreate, FactoryUpdate, FactoryQuery> = {
  store: factoryStore,
};

// ---------------------------------------------------------------- users

type UserCreate = z.output<typeof userBody>;
type UserUpdate = z.output<typeof userUpdateBody>;
type UserQuery = z.output<typeof userSearchQuery>;

const userLinks = {
  customers: {
    link: userCustomers,
    owner: userCustomers.userId,
    target: userCustomers.customerId,
    ...customerRef,
  },
  vendors: {
    link: userVendors,
    owner: userVendors.userId,
    target: userVendors.vendorId,
    table: vendors,
    id: vendors.id,
    name: vendors.companyName,
  },
  factories: {
    link: userFactories,
    owner: userFactories.userId,
    target: userFactories.factoryId,
    table: factories,
    id: factories.id,
    name: factories.name,
  },
  regions: {
    link: userRegions,
    owner: userRegions.userId,
    target: userRegions.productionRegionId,
    table: productionRegions,
    id: productionRegions.id,
    name: productionRegions.productionRegionName,
  },
} satisfies Record<string, LinkTable>;
const USER_LISTS = ['customers', 'vendors', 'factories', 'regions'] as const;

const userValues = (b: UserCreate) => ({
  email: b.email,
  contactName: b.contactName,
  telephone: b.telephone,
  role: b.role,
  active: b.active,
  emailEnabled: b.emailEnabled,
  canUpdateInventory: b.canUpdateInventory,
  canRestock: b.canRestock,
});

const userStore: CrudStore<User, UserCreate, UserUpdate, UserQuery> = {
  table: users,
  idColumn: users.id,
  versionColumn: users.version,
  async find(q, lookup) {
    const query = 'query' in lookup ? lookup.query : undefined;
    const rows = await q
      .select({
        id: users.id,
        email: users.email,
        contactName: users.contactName,
        telephone: users.telephone,
        role: users.role,
        active: users.active,
        emailEnabled: users.emailEnabled,
        canUpdateInventory: users.canUpdateInventory,
        canRestock: users.canRestock,
        lastLogin: users.lastLogin,
        version: users.version,
      })
      .from(users)
      .where(
        'ids' in lookup
          ? inArray(users.id, lookup.ids)
          : allOf(
              query?.role ? eq(users.role, query.role) : undefined,
              query?.email ? contains(users.email, query.email) : undefined,
              query?.name ? contains(users.contactName, query.name) : undefined,
              query?.active === undefined ? undefined : eq(users.active, query.active),
            ),
      )
      .orderBy(asc(users.contactName), asc(users.id));
    const ids = rows.map((r) => r.id);
    // One list after the other: `q` may be a transaction, whose connection runs one query at a time.
    const entries = [];
    for (const k of USER_LISTS) entries.push([k, await linkedRefs(q, userLinks[k], ids)] as const);
    const lists = Object.fromEntries(entries) as Record<
      (typeof USER_LISTS)[number],
      Map<number, { id: number; name: string }[]>
    >;
    return rows.map((r) => ({
      ...r,
      role: r.role as User['role'],
      lastLogin: r.lastLogin ? r.lastLogin.toISOString() : null,
      customers: lists.customers.get(r.id) ?? [],
      vendors: lists.vendors.get(r.id) ?? [],
      factories: lists.factories.get(r.id) ?? [],
      regions: lists.regions.get(r.id) ?? [],
    }));
  },
  async insert(tx, body) {
    // No password: the new user sets one through a reset link (POST /auth/users/{id}/reset-password).
    const [row] = await tx.insert(users).values(userValues(body)).returning({ id: users.id });
    for (const k of USER_LISTS)
      await replaceLinks(
        tx,
        userLinks[k],
        row!.id,
        body[k].map((r) => r.id),
      );
    return row!.id;
  },
  async update(tx, id, body, before) {
    await tx
      .update(users)
      .set({
        ...userValues(body),
        // Activating resets Last Login (master-data §4): a reactivated user starts a fresh
        // six-month window instead of finding the password expired at once.
        ...(!before.active && body.active ? { lastLogin: null, passwordChangedAt: sql`now()` } : {}),
      })
      .where(eq(users.id, id));
    for (const k of USER_LISTS)
      await replaceLinks(
        tx,
        userLinks[k],
        id,
        body[k].map((r) => r.id),
      );
  },
};

/**
 * Users (master-data §4). A new user has no password: the same mail Send Password Reset sends, with a
 * link to choose one, is queued with the insert (auth/passwordMail.ts; decision 0037).
 */
export const userCrud = (
  ctx: Pick<AppContext, 'config' | 'jobs'>,
): CrudConfig<User, UserCreate, UserUpdate, UserQuery> => ({
  store: userStore,
  async check(_tx, body, user, before) {
    // An admin does not lock themself out by mistake.
    if (before && before.id === user.id && (!body.active || body.role !== before.role))
      throw badRequest(MASTER_DATA_MESSAGES.ownAccount);
  },
  async afterWrite(tx, before, after) {
    if (!before) await queuePasswordMail(ctx, tx, after, 'newAccount');
    // Deactivating ends the user's sessions (a role change does too: the token's role no longer matches).
    if (before && ((before.active && !after.active) || before.role !== after.role))
      await tx
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.userId, after.id), sql`${sessions.revokedAt} is null`));
  },
});

// ---------------------------------------------------------------- vendors

type VendorCreate = z.output<typeof vendorBody>;
type VendorUpdate = z.output<typeof vendorUpdateBody>;
type VendorQuery = z.output<typeof vendorSearchQuery>;

const vendorCustomerLinks: LinkTable = {
  link: vendorCustomers,
  owner: vendorCustomers.vendorId,
  target: vendorCustomers.customerId,
  ...customerRef,
};

/** The fields a VENDOR sees and changes of its own vendor (master-data §6). */
const vendorOwnValues = (b: VendorCreate | VendorUpdate) => ({
  billingAddress: b.billingAddress,
  billingAccountNumber: b.billingAccountNumber,
  preferredShippingMethod: b.preferredShippingMethod,
  deliveryAccountNumber: b.deliveryAccountNumber,
});

async function writeShippingAddresses(
  tx: Tx,
  vendorId: number,
  list: { optionName: string; address: string }[],
) {
  await tx.delete(vendorShippingAddresses).where(eq(vendorShippingAddresses.vendorId, vendorId));
  if (list.length > 0) await tx.insert(vendorShippingAddresses).values(list.map((a) => ({ vendorId, ...a })));
}

const vendorStore: CrudStore<Vendor, VendorCreate, VendorUpdate, VendorQuery> = {
  table: vendors,
  idColumn: vendors.id,
  versionColumn: vendors.version,
  async find(q, lookup) {
    const query = 'query' in lookup ? lookup.query : undefined;
    const shippingMatch = (text: string) =>
      exists(
        q
          .select({ one: sql`1` })
          .from(vendorShippingAddresses)
          .where(
            and(
              eq(vendorShippingAddresses.vendorId, vendors.id),
              contains(vendorShippingAddresses.address, text),
            ),
          ),
      );
    const rows = await q
      .select({
        id: vendors.id,
        companyName: vendors.companyName,
        currencyId: currencies.id,
        currencyCode: currencies.code,
        vendorNumber: vendors.vendorNumber,
        billingAddress: vendors.billingAddress,
        billingAccountNumber: vendors.billingAccountNumber,
        preferredShippingMethod: vendors.preferredShippingMethod,
        deliveryAccountNumber: vendors.deliveryAccountNumber,
        version: vendors.version,
      })
      .from(vendors)
      .innerJoin(currencies, eq(currencies.id, vendors.currencyTypeId))
      .where(
        'ids' in lookup
          ? inArray(vendors.id, lookup.ids)
          : allOf(
              query?.companyName ? contains(vendors.companyName, query.companyName) : undefined,
              query?.address
                ? or(contains(vendors.billingAddress, query.address), shippingMatch(query.address))
                : undefined,
              query?.customerId ? linksTo(q, vendorCustomerLinks, vendors.id, query.customerId) : undefined,
            ),
      )
      .orderBy(asc(vendors.companyName), asc(vendors.id));
    const ids = rows.map((r) => r.id);
    const links = await linkedRefs(q, vendorCustomerLinks, ids);
    const addresses =
      ids.length === 0
        ? []
        : await q
            .select({
              vendorId: vendorShippingAddresses.vendorId,
              optionName: vendorShippingAddresses.optionName,
              address: vendorShippingAddresses.address,
            })
            .from(vendorShippingAddresses)
            .where(inArray(vendorShippingAddresses.vendorId, ids));
    return rows.map((r) => ({
      id: r.id,
      companyName: r.companyName,
      currencyType: { id: r.currencyId, name: r.currencyCode },
      vendorNumber: r.vendorNumber,
      billingAddress: r.billingAddress,
      billingAccountNumber: r.billingAccountNumber,
      preferredShippingMethod: r.preferredShippingMethod,
      deliveryAccountNumber: r.deliveryAccountNumber,
      shippingAddresses: sortShipping(
        addresses
          .filter((a) => a.vendorId === r.id)
          .map((a) => ({ optionName: a.optionName, address: a.address })),
      ),
      customers: links.get(r.id) ?? [],
      version: r.version,
    }));
  },
  async insert(tx, body) {
    const [row] = await tx
      .insert(vendors)
      .values({
        companyName: body.companyName,
        ...(body.currencyType ? { currencyTypeId: body.currencyType.id } : {}),
        vendorNumber: body.vendorNumber,
        ...vendorOwnValues(body),
      })
      .returning({ id: vendors.id });
    await writeShippingAddresses(tx, row!.id, body.shippingAddresses);
    await replaceLinks(
      tx,
      vendorCustomerLinks,
      row!.id,
      body.customers.map((c) => c.id),
    );
    return row!.id;
  },
  async update(tx, id, body, _before, user) {
    // A VENDOR changes only what it sees; company, currency, vendor number and customers stay.
    const admin = user.role === 'ADMIN';
    const companyName = admin ? body.companyName?.trim() : undefined;
    if (admin && body.companyName !== undefined && !companyName)
      throw badRequest(MASTER_DATA_MESSAGES.companyNameRequired, 'companyName');
    await tx
      .update(vendors)
      .set({
        ...vendorOwnValues(body),
        ...(companyName ? { companyName } : {}),
        ...(admin && body.currencyType ? { currencyTypeId: body.currencyType.id } : {}),
        ...(admin && body.vendorNumber !== undefined ? { vendorNumber: body.vendorNumber } : {}),
      })
      .where(eq(vendors.id, id));
    await writeShippingAddresses(tx, id, body.shippingAddresses);
    if (admin && body.customers)
      await replaceLinks(
        tx,
        vendorCustomerLinks,
        id,
        body.customers.map((c) => c.id),
      );
  },
};

function sortShipping<T extends { optionName: string }>(list: T[]): T[] {
  return [...list].sort(
    (a, b) =>
      a.optionName.localeCompare(b.optionName, 'en', { sensitivity: 'base' }) ||
      a.optionName.localeCompare(b.optionName),
  );
}

/** What a VENDOR may not see of its vendor (master-data §6). */
function vendorView(record: Vendor, user: AuthUser): Vendor {
  if (user.role === 'ADMIN') return record;
  const { companyName: _c, currencyType: _t, vendorNumber: _n, customers: _u, ...own } = record;
  return own;
}

export const vendorCrud: CrudConfig<Vendor, VendorCreate, VendorUpdate, VendorQuery> = {
  store: vendorStore,
  // A VENDOR reaches only its own vendor (someone else's answers 404); ADMIN every vendor.
  canAccess: (user, id) => user.role === 'ADMIN' || user.vendorIds.includes(id),
  // Its live updates reach the same people: the admins and the vendor's own users.
  liveAudience: (id) => ({ masterData: true, vendorId: id }),
  view: vendorView,
};
