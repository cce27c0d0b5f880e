/**
 * Product subcodes (with price tiers, cost tiers and minimum order values), product items and
 * attribute schemas (master-data §3, §5): the crud kit with stores of their own and the rules of
 * packages/shared on top (tiers, MOQ and pack size, the schema that must fit the customer).
 */
import {
  type AttributeSchema,
  type attributeSchemaBody,
  type attributeSchemaSearchQuery,
  type attributeSchemaUpdateBody,
  gtinMatchesPrefix,
  MASTER_DATA_MESSAGES,
  missingReferenceMessage,
  type ProductItem,
  type ProductSubcode,
  type ProductType,
  type productItemBody,
  type productItemSearchQuery,
  type productItemUpdateBody,
  type productSubcodeBody,
  type productSubcodeSearchQuery,
  type productSubcodeUpdateBody,
  RFID_MESSAGES,
  schemaFitsCustomer,
  sortAttributeFields,
  sortEditTiers,
} from '@selvedge/shared';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AuthUser } from '../../platform/auth';
import { allOf, type CrudConfig, type CrudStore, contains, writeHistory } from '../../platform/crud';
import type { Db, Tx } from '../../platform/db';
import {
  attributeSchemas,
  costTiers,
  currencies,
  customers,
  factories,
  minValues,
  priceTiers,
  productCodes,
  productGroups,
  productItems,
  productSubcodes,
  productSubgroups,
} from '../../platform/db/schema';
import { badRequest, notFound } from '../../platform/errors';

type Q = Db | Tx;

/** Ids of the ISO 4217 codes of `lists` (by body field); an unknown code is 400 naming its path. */
async function currencyIds(
  q: Q,
  lists: Record<string, readonly { currency: string }[]>,
): Promise<Map<string, number>> {
  const wanted = [...new Set(Object.values(lists).flatMap((l) => l.map((e) => e.currency)))];
  const rows =
    wanted.length === 0
      ? []
      : await q
          .select({ id: currencies.id, code: currencies.code })
          .from(currencies)
          .where(inArray(currencies.code, wanted));
  const map = new Map(rows.map((r) => [r.code, r.id]));
  for (const [name, list] of Object.entries(lists)) {
    const at = list.findIndex((e) => !map.has(e.currency));
    if (at >= 0)
      throw badRequest(MASTER_DATA_MESSAGES.unknownCurrency(list[at]!.currency), `${name}.${at}.currency`);
  }
  return map;
}

// ---------------------------------------------------------------- product subcodes

type SubcodeCreate = z.output<typeof productSubcodeBody>;
type SubcodeUpdate = z.output<typeof productSubcodeUpdateBody>;
type SubcodeQuery = z.output<typeof productSubcodeSearchQuery>;

/** The items' product type of each subcode (variable-data items aside): DYNAMIC when any is, else STANDARD. */
const subcodeProductType = sql<string | null>`(
  select case when bool_or(pi.product_type = 'DYNAMIC') then 'DYNAMIC' else 'STANDARD' end
  from product_items pi
  where pi.product_subcode_id = ${productSubcodes.id} and pi.product_type <> 'VARIABLE_DATA'
  having count(*) > 0)`;

async function tiersOf(q: Q, table: typeof priceTiers | typeof costTiers, ids: number[]) {
  if (ids.length === 0) return new Map<number, { quantity: number; price: string; currency: string }[]>();
  const rows = await q
    .select({
      subcodeId: table.productSubcodeId,
      quantity: table.quantity,
      price: table.price,
      currency: currencies.code,
    })
    .from(table)
    .innerJoin(currencies, eq(currencies.id, table.currencyId))
    .where(inArray(table.productSubcodeId, ids));
  const map = new Map<number, { quantity: number; price: string; currency: string }[]>();
  for (const { subcodeId, ...t } of rows) map.set(subcodeId, [...(map.get(subcodeId) ?? []), t]);
  for (const [k, v] of map) map.set(k, sortEditTiers(v));
  return map;
}

const subcodeValues = (b: SubcodeCreate) => ({
  productSubcode: b.productSubcode,
  description: b.description,
  minOrderQuantity: b.minOrderQuantity,
  packSize: b.packSize,
  fulfillmentProcess: b.fulfillmentProcess,
  sustainable: b.sustainable,
  careLabelType: b.careLabelType,
  gtin: b.gtin,
  rfid: b.rfid,
  epcFilter: b.epcFilter,
  sampleReferenceNumber: b.sampleReferenceNumber,
  approvedDate: b.approvedDate,
  customerId: b.customer.id,
  factoryId: b.factory?.id ?? null,
  productCodeId: b.productCode.id,
  attributeSchemaId: b.schema?.id ?? null,
});

async function writeTiers(tx: Tx, subcodeId: number, b: SubcodeCreate) {
  const ids = await currencyIds(tx, {
    priceTiers: b.priceTiers,
    costTiers: b.costTiers,
    minValues: b.minValues,
  });
  for (const table of [priceTiers, costTiers, minValues])
    await tx.delete(table).where(eq(table.productSubcodeId, subcodeId));
  const tierRows = (tiers: SubcodeCreate['priceTiers']) =>
    tiers.map((t) => ({
      productSubcodeId: subcodeId,
      quantity: t.quantity,
      price: t.price,
      currencyId: ids.get(t.currency)!,
    }));
  if (b.priceTiers.length) await tx.insert(priceTiers).values(tierRows(b.priceTiers));
  if (b.costTiers.length) await tx.insert(costTiers).values(tierRows(b.costTiers));
  if (b.minValues.length)
    await tx.insert(minValues).values(
      b.minValues.map((m) => ({
        productSubcodeId: subcodeId,
        price: m.price,
        currencyId: ids.get(m.currency)!,
      })),
    );
}

const subcodeStore: CrudStore<ProductSubcode, SubcodeCreate, SubcodeUpdate, SubcodeQuery> = {
  table: productSubcodes,
  idColumn: productSubcodes.id,
  versionColumn: productSubcodes.version,
  async find(q, lookup) {
    const query = 'query' in lookup ? lookup.query : undefined;
    const rows = await q
      .select({
        id: productSubcodes.id,
        productSubcode: productSubcodes.productSubcode,
        description: productSubcodes.description,
        minOrderQuantity: productSubcodes.minOrderQuantity,
        packSize: productSubcodes.packSize,
        fulfillmentProcess: productSubcodes.fulfillmentProcess,
        sustainable: productSubcodes.sustainable,
        careLabelType: productSubcodes.careLabelType,
        gtin: productSubcodes.gtin,
        rfid: productSubcodes.rfid,
        epcFilter: productSubcodes.epcFilter,
        sampleReferenceNumber: productSubcodes.sampleReferenceNumber,
        approvedDate: productSubcodes.approvedDate,
        customerId: customers.id,
        customerName: customers.companyName,
        factoryId: factories.id,
        factoryName: factories.name,
        productCodeId: productCodes.id,
        productCode: productCodes.productCode,
        schemaId: attributeSchemas.id,
        schemaName: attributeSchemas.name,
        imagePath: productSubcodes.productImagePath,
        imageType: productSubcodes.productImageType,
        productType: subcodeProductType,
        version: productSubcodes.version,
      })
      .from(productSubcodes)
      .innerJoin(customers, eq(customers.id, productSubcodes.customerId))
      .innerJoin(productCodes, eq(productCodes.id, productSubcodes.productCodeId))
      .leftJoin(factories, eq(factories.id, productSubcodes.factoryId))
      .leftJoin(attributeSchemas, eq(attributeSchemas.id, productSubcodes.attributeSchemaId))
      .where(
        'ids' in lookup
          ? inArray(productSubcodes.id, lookup.ids)
          : allOf(
              query?.productSubcode
                ? contains(productSubcodes.productSubcode, query.productSubcode)
                : undefined,
              query?.productCode ? contains(productCodes.productCode, query.productCode) : undefined,
              query?.description ? contains(productSubcodes.description, query.description) : undefined,
              query?.sampleReferenceNumber
                ? contains(productSubcodes.sampleReferenceNumber, query.sampleReferenceNumber)
                : undefined,
              query?.fulfillmentProcess
                ? eq(productSubcodes.fulfillmentProcess, query.fulfillmentProcess)
                : undefined,
              query?.customerId ? eq(productSubcodes.customerId, query.customerId) : undefined,
              query?.factoryId ? eq(productSubcodes.factoryId, query.factoryId) : undefined,
              query?.sustainable === undefined
                ? undefined
                : eq(productSubcodes.sustainable, query.sustainable),
            ),
      )
      .orderBy(asc(productSubcodes.productSubcode), asc(productSubcodes.id));
    const ids = rows.map((r) => r.id);
    const [prices, costs] = [await tiersOf(q, priceTiers, ids), await tiersOf(q, costTiers, ids)];
    const mins =
      ids.length === 0
        ? []
        : await q
            .select({
              subcodeId: minValues.productSubcodeId,
              currency: currencies.code,
              price: minValues.price,
            })
            .from(minValues)
            .innerJoin(currencies, eq(currencies.id, minValues.currencyId))
            .where(inArray(minValues.productSubcodeId, ids))
            .orderBy(asc(currencies.code));
    return rows.map((r) => ({
      id: r.id,
      productSubcode: r.productSubcode,
      description: r.description,
      minOrderQuantity: r.minOrderQuantity,
      packSize: r.packSize,
      fulfillmentProcess: r.fulfillmentProcess as ProductSubcode['fulfillmentProcess'],
      sustainable: r.sustainable,
      careLabelType: r.careLabelType as ProductSubcode['careLabelType'],
      gtin: r.gtin,
      rfid: r.rfid,
      epcFilter: r.epcFilter,
      sampleReferenceNumber: r.sampleReferenceNumber,
      approvedDate: r.approvedDate,
      customer: { id: r.customerId, name: r.customerName },
      factory: r.factoryId ? { id: r.factoryId, name: r.factoryName ?? '' } : null,
      productCode: { id: r.productCodeId, name: r.productCode },
      schema: r.schemaId ? { id: r.schemaId, name: r.schemaName ?? '' } : null,
      productImage: r.imagePath ? { path: r.imagePath, type: r.imageType ?? '' } : null,
      productType: (r.productType as ProductType | null) ?? null,
      priceTiers: prices.get(r.id) ?? [],
      costTiers: costs.get(r.id) ?? [],
      minValues: mins.filter((m) => m.subcodeId === r.id).map(({ currency, price }) => ({ currency, price })),
      version: r.version,
    }));
  },
  async insert(tx, body) {
    const [row] = await tx
      .insert(productSubcodes)
      .values(subcodeValues(body))
      .returning({ id: productSubcodes.id });
    await writeTiers(tx, row!.id, body);
    return row!.id;
  },
  async update(tx, id, body) {
    await tx.update(productSubcodes).set(subcodeValues(body)).where(eq(productSubcodes.id, id));
    await writeTiers(tx, id, body);
  },
};

export const productSubcodeCrud: CrudConfig<ProductSubcode, SubcodeCreate, SubcodeUpdate, SubcodeQuery> = {
  store: subcodeStore,
  // The attribute schema must be global or the customer's (master-data §4: changing the customer clears it otherwise).
  async check(tx, body) {
    await checkRfidSubcode(tx, body);
    if (!body.schema) return;
    const [schema] = await tx
      .select({ global: attributeSchemas.global, customerId: attributeSchemas.customerId })
      .from(attributeSchemas)
      .where(eq(attributeSchemas.id, body.schema.id));
    if (!schema) throw badRequest(missingReferenceMessage('schema', body.schema.id), 'schema');
    if (!schemaFitsCustomer(schema, body.customer.id))
      throw badRequest(MASTER_DATA_MESSAGES.schemaNotForCustomer, 'schema');
  },
};

/**
 * An RFID subcode needs its customer's GS1 Company Prefix (field `rfid`), and its garment GTIN
 * (care labels) must belong to that prefix (field `gtin`); docs/rfid.md.
 */
async function checkRfidSubcode(tx: Tx, body: SubcodeCreate) {
  if (!body.rfid) return;
  const [customer] = await tx
    .select({ name: customers.companyName, prefix: customers.gs1CompanyPrefix })
    .from(customers)
    .where(eq(customers.id, body.customer.id));
  if (!customer) return; // the kit's reference check answers the missing customer
  if (!customer.prefix) throw badRequest(RFID_MESSAGES.noPrefix(customer.name), 'rfid');
  if (body.gtin && !gtinMatchesPrefix(body.gtin, customer.prefix))
    throw badRequest(RFID_MESSAGES.prefixMismatch('Garment GTIN', body.gtin, customer.prefix), 'gtin');
}

// ---------------------------------------------------------------- product items

type ItemCreate = z.output<typeof productItemBody>;
type ItemUpdate = z.output<typeof productItemUpdateBody>;
type ItemQuery = z.output<typeof productItemSearchQuery>;

/** Rows a non-admin (CSR) reaches: items of its customers' subcodes (ARCHITECTURE.md Who may do what). */
const itemScope = (user: AuthUser): SQL | undefined =>
  user.role === 'ADMIN'
    ? undefined
    : user.customerIds.length === 0
      ? sql`false`
      : inArray(productSubcodes.customerId, user.customerIds);

const itemValues = (b: ItemUpdate | ItemCreate) => ({
  productSize: b.productSize,
  sortKey: b.sortKey,
  active: b.active,
  defaultOrderQuantity: b.defaultOrderQuantity,
  productGroupId: b.productGroup?.id ?? null,
  productSubgroupId: b.productSubgroup?.id ?? null,
  attributeSchemaId: b.attributeSchema?.id ?? null,
  currentInventory: b.currentInventory,
  minimumInventory: b.minimumInventory,
  maximumInventory: b.maximumInventory,
  gtin: b.gtin,
});

const itemStore: CrudStore<ProductItem, ItemCreate, ItemUpdate, ItemQuery> = {
  table: productItems,
  idColumn: productItems.id,
  versionColumn: productItems.version,
  async find(q, lookup, user) {
    const query = 'query' in lookup ? lookup.query : undefined;
    const rows = await q
      .select({
        id: productItems.id,
        subcodeId: productSubcodes.id,
        subcodeName: productSubcodes.productSubcode,
        productType: productItems.productType,
        productSize: productItems.productSize,
        sortKey: productItems.sortKey,
        active: productItems.active,
        defaultOrderQuantity: productItems.defaultOrderQuantity,
        groupId: productGroups.id,
        groupName: productGroups.displayName,
        subgroupId: productSubgroups.id,
        subgroupName: productSubgroups.name,
        schemaId: attributeSchemas.id,
        schemaName: attributeSchemas.name,
        currentInventory: productItems.currentInventory,
        minimumInventory: productItems.minimumInventory,
        maximumInventory: productItems.maximumInventory,
        gtin: productItems.gtin,
        version: productItems.version,
      })
      .from(productItems)
      .innerJoin(productSubcodes, eq(productSubcodes.id, productItems.productSubcodeId))
      .leftJoin(productGroups, eq(productGroups.id, productItems.productGroupId))
      .leftJoin(productSubgroups, eq(productSubgroups.id, productItems.productSubgroupId))
      .leftJoin(attributeSchemas, eq(attributeSchemas.id, productItems.attributeSchemaId))
      .where(
        allOf(
          itemScope(user),
          'ids' in lookup
            ? inArray(productItems.id, lookup.ids)
            : allOf(
                eq(productItems.productSubcodeId, query!.subcode),
                query?.productType
                  ? eq(productItems.productType, query.productType)
                  : ne(productItems.productType, 'VARIABLE_DATA'),
                query?.active === undefined ? undefined : eq(productItems.active, query.active),
              ),
        ),
      )
      .orderBy(asc(productItems.sortKey), asc(productItems.id));
    return rows.map((r) => ({
      id: r.id,
      productSubcode: { id: r.subcodeId, name: r.subcodeName },
      productType: r.productType as ProductType,
      productSize: r.productSize,
      sortKey: r.sortKey,
      active: r.active,
      defaultOrderQuantity: r.defaultOrderQuantity,
      productGroup: r.groupId ? { id: r.groupId, name: r.groupName ?? '' } : null,
      productSubgroup: r.subgroupId ? { id: r.subgroupId, name: r.subgroupName ?? '' } : null,
      attributeSchema: r.schemaId ? { id: r.schemaId, name: r.schemaName ?? '' } : null,
      currentInventory: r.currentInventory,
      minimumInventory: r.minimumInventory,
      maximumInventory: r.maximumInventory,
      gtin: r.gtin,
      version: r.version,
    }));
  },
  async insert(tx, body, user) {
    // The subcode must exist and be within the user's reach; a new item takes the subcode's type.
    const [subcode] = await tx
      .select({ id: productSubcodes.id, productType: subcodeProductType })
      .from(productSubcodes)
      .where(allOf(eq(productSubcodes.id, body.productSubcode.id), itemScope(user)));
    if (!subcode) throw notFound(MASTER_DATA_MESSAGES.notFound('Product subcode'));
    const [row] = await tx
      .insert(productItems)
      .values({
        ...itemValues(body),
        productSubcodeId: subcode.id,
        productType: subcode.productType ?? 'STANDARD',
      })
      .returning({ id: productItems.id });
    return row!.id;
  },
  async update(tx, id, body) {
    await tx.update(productItems).set(itemValues(body)).where(eq(productItems.id, id));
  },
};

export const productItemCrud: CrudConfig<ProductItem, ItemCreate, ItemUpdate, ItemQuery> = {
  store: itemStore,
  // The size's GTIN of an RFID subcode must belong to the customer's GS1 Company Prefix (docs/rfid.md).
  async check(tx, body, _user, before) {
    if (!body.gtin) return;
    const subcodeId = 'productSubcode' in body ? body.productSubcode.id : before?.productSubcode.id;
    if (subcodeId === undefined) return;
    const [subcode] = await tx
      .select({ rfid: productSubcodes.rfid, prefix: customers.gs1CompanyPrefix })
      .from(productSubcodes)
      .innerJoin(customers, eq(customers.id, productSubcodes.customerId))
      .where(eq(productSubcodes.id, subcodeId));
    if (subcode?.rfid && subcode.prefix && !gtinMatchesPrefix(body.gtin, subcode.prefix))
      throw badRequest(RFID_MESSAGES.prefixMismatch('GTIN', body.gtin, subcode.prefix), 'gtin');
  },
};

/**
 * Converts the subcode's STANDARD items to DYNAMIC or back (variable-data items stay), in one
 * transaction with a history row for the subcode and for each item converted. Items already of the
 * target type are left alone (a second click changes nothing).
 */
export async function convertProductType(
  db: Db,
  user: AuthUser,
  subcodeId: number,
  target: 'STANDARD' | 'DYNAMIC',
): Promise<void> {
  await db.transaction(async (tx) => {
    const [subcode] = await tx
      .select({ id: productSubcodes.id, version: productSubcodes.version, productType: subcodeProductType })
      .from(productSubcodes)
      .where(allOf(eq(productSubcodes.id, subcodeId), itemScope(user)))
      .for('update');
    if (!subcode) throw notFound(MASTER_DATA_MESSAGES.notFound('Product subcode'));
    const changed = await tx
      .update(productItems)
      .set({ productType: target, version: sql`${productItems.version} + 1` })
      .where(
        and(
          eq(productItems.productSubcodeId, subcodeId),
          inArray(productItems.productType, ['STANDARD', 'DYNAMIC']),
          ne(productItems.productType, target),
        ),
      )
      .returning({ id: productItems.id, version: productItems.version });
    if (changed.length === 0) return;
    const change = { field: 'productType', before: subcode.productType, after: target };
    for (const item of changed)
      await writeHistory(tx, {
        entity: 'productItem',
        entityId: item.id,
        action: 'UPDATE',
        version: item.version,
        user,
        changes: [change],
      });
    await writeHistory(tx, {
      entity: 'productSubcode',
      entityId: subcodeId,
      action: 'UPDATE',
      version: subcode.version,
      user,
      changes: [change],
    });
  });
}

// ---------------------------------------------------------------- attribute schemas

type SchemaCreate = z.output<typeof attributeSchemaBody>;
type SchemaUpdate = z.output<typeof attributeSchemaUpdateBody>;
type SchemaQuery = z.output<typeof attributeSchemaSearchQuery>;

const schemaCustomers = alias(customers, 'schema_customer');

const schemaValues = (b: SchemaCreate) => ({
  name: b.name,
  global: b.global,
  customerId: b.customer?.id ?? null,
  productGroupId: b.productGroup?.id ?? null,
  attributeFields: b.attributeFields,
});

const schemaStore: CrudStore<AttributeSchema, SchemaCreate, SchemaUpdate, SchemaQuery> = {
  table: attributeSchemas,
  idColumn: attributeSchemas.id,
  versionColumn: attributeSchemas.version,
  async find(q, lookup) {
    const query = 'query' in lookup ? lookup.query : undefined;
    const rows = await q
      .select({
        id: attributeSchemas.id,
        name: attributeSchemas.name,
        global: attributeSchemas.global,
        customerId: schemaCustomers.id,
        customerName: schemaCustomers.companyName,
        groupId: productGroups.id,
        groupName: productGroups.displayName,
        attributeFields: attributeSchemas.attributeFields,
        version: attributeSchemas.version,
      })
      .from(attributeSchemas)
      .leftJoin(schemaCustomers, eq(schemaCustomers.id, attributeSchemas.customerId))
      .leftJoin(productGroups, eq(productGroups.id, attributeSchemas.productGroupId))
      .where(
        'ids' in lookup
          ? inArray(attributeSchemas.id, lookup.ids)
          : allOf(
              query?.name ? contains(attributeSchemas.name, query.name) : undefined,
              query?.global === undefined ? undefined : eq(attributeSchemas.global, query.global),
              query?.customer ? eq(attributeSchemas.customerId, query.customer) : undefined,
              query?.productGroup ? eq(attributeSchemas.productGroupId, query.productGroup) : undefined,
            ),
      )
      .orderBy(asc(attributeSchemas.name), asc(attributeSchemas.id));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      global: r.global,
      customer: r.customerId ? { id: r.customerId, name: r.customerName ?? '' } : null,
      productGroup: r.groupId ? { id: r.groupId, name: r.groupName ?? '' } : null,
      attributeFields: sortAttributeFields(
        (r.attributeFields ?? []).map((f) => ({ name: f.name, type: f.type, options: f.options ?? [] })),
      ),
      version: r.version,
    }));
  },
  async insert(tx, body) {
    const [row] = await tx
      .insert(attributeSchemas)
      .values(schemaValues(body))
      .returning({ id: attributeSchemas.id });
    return row!.id;
  },
  async update(tx, id, body) {
    await tx.update(attributeSchemas).set(schemaValues(body)).where(eq(attributeSchemas.id, id));
  },
};

export const attributeSchemaCrud: CrudConfig<AttributeSchema, SchemaCreate, SchemaUpdate, SchemaQuery> = {
  store: schemaStore,
};

/** Every attribute schema, for choices (GET /attributes/all-schemas). */
export async function allSchemas(db: Q) {
  return db
    .select({
      id: attributeSchemas.id,
      name: attributeSchemas.name,
      global: attributeSchemas.global,
      customerId: attributeSchemas.customerId,
    })
    .from(attributeSchemas)
    .orderBy(asc(attributeSchemas.name), asc(attributeSchemas.id));
}

/** Product subgroups, for choices (GET /refs/product-subgroup). */
export async function allSubgroups(db: Q) {
  return db
    .select({ id: productSubgroups.id, name: productSubgroups.name })
    .from(productSubgroups)
    .orderBy(asc(productSubgroups.name), asc(productSubgroups.id));
}
