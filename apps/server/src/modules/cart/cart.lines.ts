/**
 * The cart's lines (ordering §2 Product details; §3 Order-line payload; §5 Quantity fields; the
 * decisions in cart.service.ts): an order-line payload checked against the products and the user's
 * scope, then added, edited or removed under the cart's lock, the cart re-priced in the same
 * transaction; Restock's lines go in the same way (restock.service.ts).
 */
import {
  CART_API_MESSAGES,
  type CareLabel,
  type CareLabelType,
  cartScopeConflict,
  checkAttributes,
  isRoundedQuantity,
  MESSAGES,
  type OrderLinePayload,
  type ProductType,
  quantityMaxOf,
  quantityRuleMessage,
  restockMaximum,
} from '@selvedge/shared';
import type { AuthUser } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import type { Tx } from '../../platform/db';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { publishCartChange } from '../../platform/liveEvents';
import { inCustomerScope, orderableCustomerIds } from '../access/access';
import { customerCareConfig } from '../careLabel/careConfig.service';
import { checkLineCareLabel } from './cart.careLabel';
import { repriceCart } from './cart.pricing';
import { type CartRow, type LineSize, cartRepository as repo, type SizeStock } from './cart.repository';
import { prepareRowsOf } from './cart.variableData';

/** A product item's stock and what of it the cart holds, as a RestockFit gets it. */
export type { SizeStock };

/**
 * How Restock decides a line's sizes under the cart's lock (restock.service.ts): from the sizes it
 * asked for and each size's stock with what the cart already holds (cartRepository.sizeStock), the
 * sizes to add (quantities > 0); throws an AppError (4xx) when none is left.
 */
export type RestockFit = (sizes: LineSize[], stock: ReadonlyMap<number, SizeStock>) => LineSize[];

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
 * The line calls of the cart; `lockOrCreateCart` (cart.header.ts) is the user's cart, locked, and
 * created when missing.
 */
export function createCartLines(
  ctx: AppContext,
  lockOrCreateCart: (tx: Tx, user: AuthUser) => Promise<CartRow>,
) {
  const { db } = ctx;

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

  return {
    /** POST /orders: adds a line to the user's cart (creating the cart) and re-prices it. */
    async addLine(user: AuthUser, body: OrderLinePayload) {
      const line = await prepareLine(user, body);
      const { orderItemId } = await db.transaction(async (tx) => {
        const cart = await lockOrCreateCart(tx, user);
        const added = await insertLine(tx, user, cart, line);
        await publishCartChange(tx, user, cart.id);
        return added;
      });
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
        if (results.some((r) => 'orderItemId' in r)) await publishCartChange(tx, user, cart.id);
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
        await publishCartChange(tx, user, cart.id);
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
        await publishCartChange(tx, user, cart.id);
      });
      return { message: MESSAGES.itemRemoved };
    },
  };
}
