/**
 * The cart (ordering §2 Cart, Product details; §3 Cart, Order-line payload; §4 Placing an order;
 * §5 Cart, Quantity fields; §8 Place-order refusals; ARCHITECTURE.md Order life).
 *
 * Decisions (where the specs are silent):
 * - The cart is the user's one PENDING order, created by the first add or header save. Its vendor
 *   is the user's first vendor (lowest id; null for ACCOUNT or ADMIN without one); its price
 *   currency is that vendor's currency, USD without a vendor (the house currency; ACCOUNT does not
 *   see prices, the totals still need one). A new cart's header is prefilled from the vendor
 *   (billing address and account, preferred shipping method, delivery account) and the user
 *   (contact name, email, telephone). GET /orders/cart without a cart answers that prefilled
 *   header unsaved, with no lines.
 * - The cost currency is the factory currency of the first line's subcode; the first line also
 *   fixes the cart's customer, production region and factory (the order's factory when placed).
 *   A subcode without a factory has no production region and cannot be ordered (409).
 * - Every change of the cart and placing it lock the cart row (select … for update), so they run
 *   one after another; every change re-prices the whole cart in the same transaction.
 * - Each add makes a new line, even for a subcode already in the cart; tiers count all lines.
 * - Per-size attributes are required for the sizes whose product item has an attribute schema of
 *   its own (attributesItems[productItemId]); the subcode's schema gives the line's attributes.
 * - Unknown, inactive or out-of-scope product items answer 404 (the product is not theirs to
 *   see); a line of another user's cart answers 404.
 * - Placing twice: the first call places the cart; a later call finds no PENDING cart and answers
 *   409 'This cart has already been placed.' when the user has a placed order (400 'Your cart is
 *   empty.' when not). The -1 check compares what the role sees: unit prices for price roles,
 *   unit costs for cost roles (ADMIN: both).
 */
import {
  artworkAtPlacing,
  type CareLabel,
  type CareLabelType,
  type Cart,
  type CartHeaderUpdate,
  canSee,
  cartHeaderUpdate,
  cartScopeConflict,
  checkAttributes,
  isRoundedQuantity,
  isValidEmail,
  MESSAGES,
  type OrderLinePayload,
  PLACE_ORDER_REFUSALS,
  type PlaceOrderResponse,
  type ProductType,
  placeOrderMessage,
  quantityMaxOf,
  quantityRuleMessage,
  restockMaximum,
  validateCartForPlacement,
} from '@selvedge/shared';
import { eq } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import type { Db, Tx } from '../../platform/db';
import { orders } from '../../platform/db/schema';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { inCustomerScope, orderableCustomerIds } from '../access/access';
import { customerCareConfig } from '../careLabel/careConfig.service';
import * as lookups from '../lookups/lookups.service';
import { DEFAULT_PRICE_CURRENCY, findOrderRecord } from '../orders/orders.readModel';
import { cartView } from '../orders/orders.views';
import { createOrderWorkflow, workflowFrom } from '../orders/orders.workflow';
import { careLabelRefusalAtPlacing, checkLineCareLabel } from './cart.careLabel';
import { repriceCart } from './cart.pricing';
import {
  type CartPatch,
  type CartRow,
  type LineSize,
  cartRepository as repo,
  type SizeStock,
} from './cart.repository';
import { prepareRowsOf } from './cart.variableData';

type Q = Db | Tx;

export const CART_API_MESSAGES = {
  productNotFound: 'Product not found.',
  lineNotFound: 'This item is not in your cart.',
  cartEmpty: 'Your cart is empty.',
  alreadyPlaced: 'This cart has already been placed.',
  unsavedAddress: 'Choose one of the saved shipping addresses of your company.',
  cartBusy: 'Your cart is being placed or changed in another window. Please try again.',
  noQuantity: 'Enter a quantity for at least one size.',
  notOfType: (productItemId: number, type: string) => `Item ${productItemId} is not a ${type} product.`,
  rowQuantitiesOnly:
    'Only a variable-data line gives quantities by uploaded row; a dynamic product line gives them as its variants.',
  otherProduct: 'The line being edited is of another product.',
  oneSubcode: 'All sizes of a line must belong to one product subcode.',
  otherSubcode: 'The sizes must belong to the product of the line being edited.',
  noFactory: (subcode: string) =>
    `Product ${subcode} cannot be ordered yet: it has no factory (production region).`,
  noPrice: (subcodes: string, currency: string) =>
    `Product ${subcodes} cannot be ordered: it has no price in ${currency}. Please contact us.`,
  noPriceAtPlace: (subcodes: string, currency: string) =>
    `Product ${subcodes} no longer has a price in ${currency}. Remove it from the cart to place the order.`,
  inactiveAtPlace: (subcode: string, size: string) =>
    `Product ${subcode} size ${size} is no longer available. Remove it from the cart to place the order.`,
  customerNotOrderable: 'You may no longer order products of this customer. Please empty the cart.',
  sizeAttribute: (size: string, message: string) => `Size ${size}: ${message}`,
} as const;

/** A product item's stock and what of it the cart holds, as a RestockFit gets it. */
export type { SizeStock };

/**
 * How Restock decides a line's sizes under the cart's lock (restock.service.ts): from the sizes it
 * asked for and each size's stock with what the cart already holds (cartRepository.sizeStock), the
 * sizes to add (quantities > 0); throws an AppError (4xx) when none is left.
 */
export type RestockFit = (sizes: LineSize[], stock: ReadonlyMap<number, SizeStock>) => LineSize[];

/** What the order log says when an order is placed. */
export const ORDER_PLACED_LOG = 'Order placed';

/** A checked order line, ready to store. */
interface PreparedLine {
  productType: ProductType;
  productSubcodeId: number;
  productSubcode: string;
  quantity: number;
  /** VARIABLE_DATA and DYNAMIC: the line's PO and style. */
  poNumber: string | null;
  styleNumber: string | null;
  sizes: LineSize[];
  /** The subcode's quantity rules. */
  limits: { minOrderQuantity: number; packSize: number };
  /**
   * Sizes whose quantity is capped by the room their restock maximum leaves beside what the cart
   * holds (quantityMaxOf: inventory products, a user who may restock), productItemId → size label:
   * checked under the cart's lock (checkRestockMaxima), not here.
   */
  capped: Map<number, string>;
  attributes: Record<string, string>;
  careLabel: CareLabel | null;
  scope: {
    customerId: number;
    customerName: string;
    productionRegionId: number;
    productionRegionName: string;
  };
}

/**
 * `address` is one of a vendor's saved addresses `saved`, or the vendor has none (see
 * assertSavedAddress); throws 400 naming shippingAddress otherwise.
 */
function assertOneOfSaved(saved: string[], address: string) {
  if (saved.length > 0 && !saved.includes(address.trim())) {
    throw badRequest(CART_API_MESSAGES.unsavedAddress, 'shippingAddress');
  }
}

export function createCartService(ctx: AppContext) {
  const { db } = ctx;
  const workflow = createOrderWorkflow(ctx);

  /** The user's first vendor (lowest id), or null. */
  const firstVendorId = (user: AuthUser) => (user.vendorIds.length > 0 ? Math.min(...user.vendorIds) : null);

  /** Header and currency of a new cart for the user (not saved). */
  async function newCartValues(q: Q, user: AuthUser) {
    const vendorId = firstVendorId(user);
    const vendor = vendorId ? await repo.vendorWithCurrency(q, vendorId) : undefined;
    const contact = await repo.userContact(q, user.id);
    const fallback = await lookups.houseCurrency(q);
    return {
      userId: user.id,
      vendorId: vendor?.id ?? null,
      priceCurrencyId: vendor?.currencyId ?? fallback?.id ?? null,
      contact: contact?.contactName ?? user.name,
      email: contact?.email ?? user.email,
      phone: contact?.telephone ?? null,
      billingAddress: vendor?.billingAddress ?? null,
      billingAccount: vendor?.billingAccountNumber ?? null,
      deliveryMethod: vendor?.preferredShippingMethod ?? null,
      deliveryAccount: vendor?.deliveryAccountNumber ?? null,
      companyName: vendor?.companyName ?? null,
    };
  }

  /**
   * The user's cart, locked; created (prefilled) when missing. While the user's cart is being
   * placed by another request, the lock waits for it and the placed order is no longer a cart; the
   * new cart's insert may then meet the placing row in the one-cart index for a moment: try again
   * (a few times), and answer 409 rather than fail if it still cannot be had.
   */
  async function lockOrCreateCart(tx: Tx, user: AuthUser): Promise<CartRow> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const existing = await repo.lockCart(tx, user.id);
      if (existing) return existing;
      const { companyName: _, ...values } = await newCartValues(tx, user);
      await repo.insertCartIfMissing(tx, values);
      const created = await repo.lockCart(tx, user.id);
      if (created) return created;
    }
    throw conflict(CART_API_MESSAGES.cartBusy);
  }

  /**
   * A cart's shipping address is one of its vendor's saved addresses (ordering §2 Cart: "choice from
   * the vendor's saved addresses"; a new one is added on vendor details). Free text only for a cart
   * without vendor, or a vendor with no saved address yet (docs/decisions/0009-cart-rules.md).
   */
  async function assertSavedAddress(q: Q, cart: CartRow, address: string) {
    if (cart.vendorId == null) return;
    const saved = await repo.shippingAddresses(q, cart.vendorId);
    assertOneOfSaved(
      saved.map((a) => a.address),
      address,
    );
  }

  /** Checks an order-line payload against the products (outside any transaction). */
  async function prepareLine(user: AuthUser, body: OrderLinePayload): Promise<PreparedLine> {
    if (body.rowQuantities !== undefined && body.productType !== 'VARIABLE_DATA')
      throw badRequest(CART_API_MESSAGES.rowQuantitiesOnly, 'rowQuantities');
    let entries = Object.entries(body.quantities).map(([id, q]) => [Number(id), q] as const);
    // VARIABLE_DATA and DYNAMIC lines give their uploaded rows apart (cart.variableData.ts): resolved
    // to the line's product item and its rows, then checked as sizes are.
    const rows = body.productType === 'STANDARD' ? null : await prepareRowsOf(db, user, body);
    if (rows) entries = [[rows.productItemId, rows.total] as const];
    const total = entries.reduce((s, [, q]) => s + q, 0);
    if (entries.length === 0 || total <= 0) throw badRequest(CART_API_MESSAGES.noQuantity, 'quantities');

    const items = await repo.productItemsForLine(
      db,
      entries.map(([id]) => id),
    );
    const scope = await orderableCustomerIds(db, user);
    if (
      items.length !== entries.length ||
      items.some((i) => !i.active || !inCustomerScope(scope, i.customerId))
    ) {
      throw notFound(CART_API_MESSAGES.productNotFound);
    }
    const other = items.find((i) => i.productType !== body.productType);
    if (other) throw badRequest(CART_API_MESSAGES.notOfType(other.productItemId, body.productType));
    if (new Set(items.map((i) => i.productSubcodeId)).size > 1)
      throw badRequest(CART_API_MESSAGES.oneSubcode);
    const sub = items[0];
    const byId = new Map(items.map((i) => [i.productItemId, i]));
    const limits = { minOrderQuantity: sub.minOrderQuantity, packSize: sub.packSize };

    const ordered = rows
      ? []
      : entries.flatMap(([id, quantity]) => {
          const item = byId.get(id);
          return item && quantity > 0 ? [{ item, quantity }] : [];
        });
    // A size with a maximum (quantityMaxOf: an inventory product, for a user who may restock) is
    // checked under the cart's lock, against the room its restock maximum leaves beside what the
    // cart already holds (checkRestockMaxima): the server accepts exactly what the screen can
    // produce (the maximum itself, even off the pack size) and nothing above it. The others, and
    // uploaded rows, by the pack size and minimum here.
    const capped = new Map(
      ordered
        .filter((o) => quantityMaxOf(o.item, user.canRestock) !== null)
        .map((o) => [o.item.productItemId, o.item.productSize] as const),
    );
    for (const { which, quantity } of [
      ...ordered
        .filter((o) => !capped.has(o.item.productItemId))
        .map((o) => ({
          which: { productItemId: o.item.productItemId, size: o.item.productSize },
          quantity: o.quantity,
        })),
      ...(rows?.sizes ?? []).map((r) => ({
        which: {
          variableDataRowId: r.variableDataRowId,
          size: `${r.variableData.size} ${r.variableData.colour}`.trim(),
        },
        quantity: r.quantity,
      })),
    ]) {
      if (!isRoundedQuantity(quantity, limits)) {
        throw badRequest(
          quantityRuleMessage(which, quantity, limits),
          'variableDataRowId' in which
            ? `rowQuantities.${which.variableDataRowId}`
            : `quantities.${which.productItemId}`,
        );
      }
    }

    const schemaIds = [
      sub.subcodeAttributeSchemaId,
      ...ordered.map((o) => o.item.itemAttributeSchemaId),
    ].filter((id): id is number => id != null);
    const schemas = await repo.attributeSchemaFields(db, [...new Set(schemaIds)]);
    const lineAttrs = checkAttributes(
      sub.subcodeAttributeSchemaId ? (schemas.get(sub.subcodeAttributeSchemaId) ?? []) : [],
      body.attributes,
    );
    if (!lineAttrs.ok) throw badRequest(lineAttrs.message, `attributes.${lineAttrs.field}`);
    const sizes: PreparedLine['sizes'] = [];
    for (const { item, quantity } of ordered) {
      let attributesItem: Record<string, string> = {};
      // Per-size attributes only where the size's schema differs from the subcode's (the line's
      // attributes already cover the same schema), matching what /products/details shows.
      if (item.itemAttributeSchemaId != null && item.itemAttributeSchemaId !== sub.subcodeAttributeSchemaId) {
        const checked = checkAttributes(
          schemas.get(item.itemAttributeSchemaId) ?? [],
          body.attributesItems?.[String(item.productItemId)],
        );
        if (!checked.ok)
          throw badRequest(
            CART_API_MESSAGES.sizeAttribute(item.productSize, checked.message),
            `attributesItems.${item.productItemId}.${checked.field}`,
          );
        attributesItem = checked.values;
      }
      sizes.push({ productItemId: item.productItemId, quantity, attributesItem });
    }

    const careLabelType = (sub.careLabelType as CareLabelType | null) ?? null;
    const careLabel = checkLineCareLabel(
      sub.productSubcode,
      careLabelType,
      body.careLabel,
      careLabelType ? await customerCareConfig(db, sub.customerId) : null,
    );

    if (sub.factoryId == null || sub.productionRegionId == null || sub.productionRegionName == null) {
      throw conflict(CART_API_MESSAGES.noFactory(sub.productSubcode));
    }
    return {
      productType: body.productType,
      productSubcodeId: sub.productSubcodeId,
      productSubcode: sub.productSubcode,
      quantity: total,
      poNumber: rows?.poNumber ?? null,
      styleNumber: rows?.styleNumber ?? null,
      sizes: rows ? rows.sizes : sizes,
      limits,
      capped,
      attributes: lineAttrs.values,
      careLabel,
      scope: {
        customerId: sub.customerId,
        customerName: sub.customerName,
        productionRegionId: sub.productionRegionId,
        productionRegionName: sub.productionRegionName,
      },
    };
  }

  /**
   * Under the cart's lock (docs/decisions/0056): lets a Restock line's `fit` decide its sizes from
   * the stock and what the cart already holds, then checks each capped size against the room its
   * restock maximum leaves beside the cart's other pieces of it (quantityMaxOf with cartQuantity):
   * 400 naming the size and the quantity to use. `exceptOrderItemId`: the line being edited (its
   * own pieces do not count). Answers the line with its final sizes and total.
   */
  async function checkRestockMaxima(
    tx: Tx,
    user: AuthUser,
    cartId: number,
    line: PreparedLine,
    options: { exceptOrderItemId?: number; fit?: RestockFit } = {},
  ): Promise<PreparedLine> {
    const ids = options.fit ? line.sizes.map((s) => s.productItemId) : [...line.capped.keys()];
    if (ids.length === 0) return line;
    const stock = await repo.sizeStock(tx, cartId, ids, options.exceptOrderItemId);
    const sizes = options.fit ? options.fit(line.sizes, stock) : line.sizes;
    for (const size of sizes) {
      const productSize = line.capped.get(size.productItemId);
      const st = stock.get(size.productItemId);
      if (productSize === undefined || !st) continue;
      const max = quantityMaxOf(
        {
          hasInventory: st.hasInventory,
          inventoryQuantity: st.currentInventory,
          inventoryMax: st.inventoryMax,
          cartQuantity: st.inCart,
        },
        user.canRestock,
      );
      if (max === null) continue;
      const sizeLimits = { ...line.limits, max };
      if (!isRoundedQuantity(size.quantity, sizeLimits)) {
        throw badRequest(
          quantityRuleMessage(
            { productItemId: size.productItemId, size: productSize },
            size.quantity,
            sizeLimits,
            {
              restockMaximum: restockMaximum(st.inventoryMax, st.currentInventory),
              inCart: st.inCart,
            },
          ),
          `quantities.${size.productItemId}`,
        );
      }
    }
    const quantity = sizes.reduce((sum, s) => sum + s.quantity, 0);
    if (quantity <= 0) throw badRequest(CART_API_MESSAGES.noQuantity);
    return { ...line, sizes, quantity };
  }

  /**
   * Adds the prepared `line` to the locked `cart` inside its transaction: the cart's one customer
   * and region, the restock maxima (a Restock line's sizes fitted first), the line and its sizes,
   * then re-pricing. Answers the new line's id and its total.
   */
  async function insertLine(tx: Tx, user: AuthUser, cart: CartRow, prepared: PreparedLine, fit?: RestockFit) {
    if (
      (await repo.countLines(tx, cart.id)) > 0 &&
      cart.customerId != null &&
      cart.productionRegionId != null
    ) {
      const names = await repo.scopeNames(tx, cart.customerId, cart.productionRegionId);
      const message = cartScopeConflict(
        { customerId: cart.customerId, productionRegionId: cart.productionRegionId, ...names },
        prepared.scope,
      );
      if (message) throw conflict(message);
    }
    const line = await checkRestockMaxima(tx, user, cart.id, prepared, { fit });
    const id = await repo.insertLine(tx, {
      orderId: cart.id,
      productType: line.productType,
      productSubcodeId: line.productSubcodeId,
      attributes: line.attributes,
      careLabel: line.careLabel,
      quantity: line.quantity,
      poNumber: line.poNumber,
      styleNumber: line.styleNumber,
    });
    await repo.replaceSizes(tx, id, line.sizes);
    await repriceAfterChange(tx, cart, line);
    return { orderItemId: id, quantity: line.quantity };
  }

  /** Re-prices after a change; refuses (rolling the change back) when the changed line has no price. */
  async function repriceAfterChange(tx: Tx, cart: CartRow, line: PreparedLine) {
    const r = await repriceCart(tx, cart);
    if (r.unpriced.includes(line.productSubcode))
      throw conflict(CART_API_MESSAGES.noPrice(line.productSubcode, r.priceCurrency));
  }

  /** The cart as the role may see it: a view of the order read model (orders.views.ts cartView). */
  async function view(q: Q, orderId: number, user: AuthUser): Promise<Cart> {
    const record = await findOrderRecord(q, orderId, eq(orders.userId, user.id));
    if (!record) throw notFound(CART_API_MESSAGES.lineNotFound);
    return cartView(record, user.role);
  }

  /** The header a new cart would get, for a user without one (nothing saved). */
  async function unsavedView(user: AuthUser): Promise<Cart> {
    const v = await newCartValues(db, user);
    const codes = await lookups.currencyCodes(db, v.priceCurrencyId ? [v.priceCurrencyId] : []);
    const priceCurrency = (v.priceCurrencyId && codes.get(v.priceCurrencyId)) || DEFAULT_PRICE_CURRENCY;
    return {
      orderId: null,
      vendorPO: null,
      vendorId: v.vendorId,
      contact: v.contact,
      email: v.email,
      phone: v.phone,
      dateRequested: null,
      shippingAddress: null,
      deliveryMethod: v.deliveryMethod,
      deliveryAccount: v.deliveryAccount,
      billingAccount: v.billingAccount,
      billingAddress: v.billingAddress,
      comments: null,
      orderItems: [],
      ...(canSee('price', user.role)
        ? { orderCharges: [], totalPrice: { currency: priceCurrency, price: '0.00' } }
        : {}),
      ...(canSee('cost', user.role) ? { totalCost: null } : {}),
      company: v.companyName,
      customerId: null,
      customer: null,
      productionRegionId: null,
      productionRegion: null,
      relatedDocs: [],
    };
  }

  return {
    /** POST /orders: adds a line to the user's cart (creating the cart) and re-prices it. */
    async addLine(user: AuthUser, body: OrderLinePayload) {
      const line = await prepareLine(user, body);
      const { orderItemId } = await db.transaction(async (tx) =>
        insertLine(tx, user, await lockOrCreateCart(tx, user), line),
      );
      return { orderItemId, message: MESSAGES.productAdded };
    },

    /**
     * POST /orders/restock/{customerId} (restock.service.ts): adds each of `lines` (STANDARD
     * order-line payloads, checked as POST /orders checks them, with the `fit` that decides the
     * line's sizes under the lock) to the user's cart in one transaction holding the cart's lock, so
     * a parallel restock or add waits and then sees these lines. Each line goes in within a savepoint
     * of its own: one the cart refuses (another customer in the cart, attributes to fill in, no
     * price, nothing left to restock) is rolled back alone and answered with its refusal. The cart
     * becomes a restock order when a line goes in (docs/decisions/0039). Answers per line, in order,
     * the new line's id and total, or the refusal.
     */
    async addRestockLines(
      user: AuthUser,
      lines: { body: OrderLinePayload; fit: RestockFit }[],
    ): Promise<({ orderItemId: number; quantity: number } | { refusal: AppError })[]> {
      type Result = { orderItemId: number; quantity: number } | { refusal: AppError };
      /** A 4xx refusal as a result; anything else is a fault. */
      const refusalOf = (err: unknown): Result => {
        if (err instanceof AppError && err.statusCode < 500) return { refusal: err };
        throw err;
      };
      // One after another, as single adds would be (a pool connection each otherwise).
      const prepared: (PreparedLine | Result)[] = [];
      for (const l of lines) prepared.push(await prepareLine(user, l.body).catch(refusalOf));
      return db.transaction(async (tx) => {
        let cart = await lockOrCreateCart(tx, user);
        const wasRestock = cart.restock;
        const results: Result[] = [];
        for (const [k, line] of prepared.entries()) {
          if ('refusal' in line || 'orderItemId' in line) {
            results.push(line);
            continue;
          }
          try {
            results.push(
              await tx.transaction((savepoint) => insertLine(savepoint, user, cart, line, lines[k]!.fit)),
            );
            // The first line fixes the cart's customer, region and currencies: read them again
            // (still locked) for the next line's scope check and pricing.
            cart = (await repo.lockCart(tx, user.id)) ?? cart;
          } catch (err) {
            results.push(refusalOf(err));
          }
        }
        if (!wasRestock && results.some((r) => 'orderItemId' in r)) await repo.setRestock(tx, cart.id, true);
        return results;
      });
    },

    /** PUT /orders: replaces the sizes, attributes and care label of a line of the user's cart. */
    async updateLine(user: AuthUser, body: OrderLinePayload & { orderItemId: number }) {
      let line = await prepareLine(user, body);
      await db.transaction(async (tx) => {
        const cart = await repo.lockCart(tx, user.id);
        const existing = cart ? await repo.findLine(tx, cart.id, body.orderItemId) : undefined;
        if (!cart || !existing) throw notFound(CART_API_MESSAGES.lineNotFound);
        if (existing.productSubcodeId !== line.productSubcodeId)
          throw badRequest(CART_API_MESSAGES.otherSubcode);
        if (existing.productType !== line.productType) throw badRequest(CART_API_MESSAGES.otherProduct);
        line = await checkRestockMaxima(tx, user, cart.id, line, { exceptOrderItemId: existing.id });
        await repo.updateLine(tx, existing.id, {
          attributes: line.attributes,
          careLabel: line.careLabel,
          quantity: line.quantity,
          poNumber: line.poNumber,
          styleNumber: line.styleNumber,
        });
        await repo.replaceSizes(tx, existing.id, line.sizes);
        await repriceAfterChange(tx, cart, line);
      });
      return { orderItemId: body.orderItemId, message: MESSAGES.productUpdated };
    },

    /** DELETE /orders/cart/{orderItemId}: removes a line; an emptied cart may take any product next. */
    async removeLine(user: AuthUser, orderItemId: number) {
      await db.transaction(async (tx) => {
        const cart = await repo.lockCart(tx, user.id);
        const existing = cart ? await repo.findLine(tx, cart.id, orderItemId) : undefined;
        if (!cart || !existing) throw notFound(CART_API_MESSAGES.lineNotFound);
        await repo.deleteLine(tx, existing.id);
        const { lineCount } = await repriceCart(tx, cart);
        // An emptied cart starts afresh: what is added next decides whether it is a restock order.
        if (lineCount === 0 && cart.restock) await repo.setRestock(tx, cart.id, false);
      });
      return { message: MESSAGES.itemRemoved };
    },

    /** GET /orders/cart */
    async getCart(user: AuthUser): Promise<Cart> {
      const cart = await repo.findCart(db, user.id);
      return cart ? view(db, cart.id, user) : unsavedView(user);
    },

    /** PUT /orders/cart: saves header fields (light checks; the full rules apply when placing). */
    async updateHeader(user: AuthUser, patch: CartHeaderUpdate): Promise<Cart> {
      const email = patch.email?.trim();
      if (email && !isValidEmail(email)) throw badRequest(MESSAGES.invalidEmail, 'email');
      // Only the header's own fields are written (CartPatch): never the status or another column.
      const values: CartPatch = {};
      for (const key of cartHeaderUpdate.keyof().options) {
        const value = patch[key];
        if (value === undefined) continue;
        values[key] = typeof value === 'string' && value.trim() === '' ? null : value;
      }
      return db.transaction(async (tx) => {
        const cart = await lockOrCreateCart(tx, user);
        if (values.shippingAddress) await assertSavedAddress(tx, cart, values.shippingAddress);
        if (Object.keys(values).length > 0) await repo.updateCart(tx, cart.id, values);
        return view(tx, cart.id, user);
      });
    },

    /** GET /orders/shipping-addresses: the saved addresses of the cart's (else the user's) vendor. */
    async shippingAddresses(user: AuthUser) {
      const cart = await repo.findCart(db, user.id);
      const vendorId = cart?.vendorId ?? firstVendorId(user);
      return { addresses: vendorId ? await repo.shippingAddresses(db, vendorId) : [] };
    },

    /** GET /orders/cart-status: number of lines and the cart's id (for the navigation bar). */
    async cartStatus(user: AuthUser) {
      const cart = await repo.findCart(db, user.id);
      return { itemCount: cart ? await repo.countLines(db, cart.id) : 0, orderId: cart?.id ?? null };
    },

    /**
     * PUT /orders/place: validates, re-prices and places the cart in one transaction holding the
     * cart row lock. Answers the new order's id, or -1 / -2 (prices / charges changed; the new
     * ones are stored so that the next call can succeed), -3 / -4 (a line's care label no longer
     * matches the customer's care configuration, read by the lock's statement; decision 0043).
     */
    async place(user: AuthUser, termsAccepted: boolean): Promise<PlaceOrderResponse> {
      const orderId = await db.transaction(async (tx) => {
        const cart = await repo.lockCartForPlacing(tx, user.id, user);
        if (!cart) {
          if (await repo.hasPlacedOrder(tx, user.id)) throw conflict(CART_API_MESSAGES.alreadyPlaced);
          throw badRequest(CART_API_MESSAGES.cartEmpty);
        }
        // One read of the lines serves the checks and the re-pricing (issue 10: statements per place).
        const lines = await repo.pricingLines(tx, cart.id);
        if (lines.length === 0) throw badRequest(CART_API_MESSAGES.cartEmpty);
        const errors = validateCartForPlacement(cart, { role: user.role, termsAccepted });
        const [first] = Object.entries(errors);
        if (first) throw badRequest(first[1], first[0]);
        if (cart.shippingAddress) assertOneOfSaved(cart.savedAddresses, cart.shippingAddress);
        const inactive = lines.find((l) => l.inactiveSize != null);
        if (inactive)
          throw conflict(
            CART_API_MESSAGES.inactiveAtPlace(inactive.productSubcode, inactive.inactiveSize ?? ''),
          );
        if (cart.customerId != null && !cart.customerOrderable) {
          throw conflict(CART_API_MESSAGES.customerNotOrderable);
        }

        const r = await repriceCart(tx, cart, { lines, writeOrder: false });
        if (r.unpriced.length > 0)
          throw conflict(CART_API_MESSAGES.noPriceAtPlace(r.unpriced.join(', '), r.priceCurrency));
        if ((canSee('price', user.role) && r.priceChanged) || (canSee('cost', user.role) && r.costChanged)) {
          await repo.updateCart(tx, cart.id, r.orderPatch);
          return PLACE_ORDER_REFUSALS.pricesChanged;
        }
        if (r.chargesChanged) {
          await repo.updateCart(tx, cart.id, r.orderPatch);
          return PLACE_ORDER_REFUSALS.chargesChanged;
        }
        const careRefusal = careLabelRefusalAtPlacing(lines, cart.careConfig);
        if (careRefusal) return PLACE_ORDER_REFUSALS[careRefusal];

        const artwork = artworkAtPlacing(lines);
        const marked = artwork.filter((a) => a.marked).map((a) => a.line.orderItemId);
        const now = new Date();
        await workflow.transition(tx, user, { row: cart, workflow: workflowFrom(cart, artwork) }, 'place', {
          update: {
            ...r.orderPatch,
            hasArtwork: marked.length > 0,
            orderDate: now,
            termsAcceptedAt: now,
          },
          log: ORDER_PLACED_LOG,
          mail: 'placed',
          // The lines keep the minimum order values this pricing used (decision 0047); unit prices,
          // costs and charges are on the rows already (repriceCart found them unchanged).
          writes: [
            repo.placedLinesOf(
              lines.map((l) => ({
                orderItemId: l.orderItemId,
                minValue: l.minValue,
                marked: marked.includes(l.orderItemId),
              })),
            ),
          ],
        });
        return cart.id;
      });
      return { orderId, message: placeOrderMessage(orderId, user.role) };
    },
  };
}
