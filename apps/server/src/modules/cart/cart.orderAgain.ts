/**
 * Order again (docs/decisions/0016): POST /orders/{id}/order-again copies the lines of a placed order
 * the user may see into the user's cart at today's prices and rules, through the cart's own add-line
 * path (cart.service.ts addLine), so rounding, minimum order quantity, attributes, cart scope
 * (one customer and region) and pricing are exactly those of an add on product details.
 *
 * Line by line:
 * - sizes whose product item is no longer active are left out (INACTIVE_SIZE); with none left the
 *   line is not copied;
 * - quantities below today's minimum order quantity or off today's pack size are raised as on the
 *   quantity field's blur (QUANTITY);
 * - after every line is in, the unit price (price roles) and unit cost (cost roles) of each copied
 *   line are compared with the placed order's (PRICE, COST) — tiers count the whole cart;
 * - a refusal of the add (another customer or region in the cart, attributes no longer valid, a
 *   product no longer orderable, no price) leaves the line out with the refusal's text as reason.
 * VARIABLE_DATA and DYNAMIC lines (decision 0057) are re-validated against the uploaded rows as they
 * are now, matched by size and colour to the rows the line kept (a DYNAMIC line's rows may have been
 * uploaded again): a row no longer there or no longer the user's is left out (INACTIVE_SIZE); a row
 * already ordered as the same product on a placed order that is not cancelled — this one included —
 * is named with those orders and left out (ALREADY_ORDERED): tickets of one garment PO are printed
 * once. The rest are rounded as sizes are and go through the same add-line path.
 * Each line is added in its own transaction: what could be copied stays copied.
 */
import {
  amountsDiffer,
  canSee,
  formatUnitMoney,
  type OrderAgainLine,
  type OrderAgainResponse,
  type OrderedVariableData,
  type OrderLinePayload,
  orderAgainMessage,
  roundQuantity,
} from '@selvedge/shared';
import type { AuthUser } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { orderScope, rowVendorNumbers } from '../access/access';
import * as lookups from '../lookups/lookups.service';
import { loadOrderRecord } from '../orders/orders.readModel';
import type { OrderLineRecord, OrderLineSizeRecord } from '../orders/orders.record';
import { findOrder, ORDER_NOT_FOUND, orderIdOf } from '../orders/orders.workflow';
import { variableDataRows as vdRows } from '../products/products.service';
import { cartRepository as repo } from './cart.repository';
import type { createCartService } from './cart.service';

type CartService = ReturnType<typeof createCartService>;
type SourceLine = OrderLineRecord;
type SourceSize = OrderLineSizeRecord;

/** What Order again says of a line (changes and reasons; the refusals of the add keep their own text). */
export const ORDER_AGAIN_MESSAGES = {
  inactiveSize: (size: string) => `Size ${size} is no longer available and was left out.`,
  nothingLeft: 'None of its sizes is available any more.',
  rowsGone: (sizes: string[]) =>
    `No longer in the uploaded data of this PO and style, left out: ${sizes.join(', ')}.`,
  alreadyOrdered: (byOrder: { orderIds: number[]; sizes: string[] }[]) =>
    `Already ordered, left out: ${byOrder
      .map((o) => `${o.sizes.join(', ')} (order ${o.orderIds.map((id) => `#${id}`).join(', ')})`)
      .join('; ')}.`,
  allOrdered: 'Every size and colour of it is already on a placed order.',
  quantity: (size: string, from: number, to: number, moq: number, pack: number) =>
    `Size ${size}: ${from} raised to ${to} (minimum order ${moq}, packs of ${pack}).`,
  price: (from: string, to: string) => `Unit price was ${from}, today ${to}.`,
  cost: (from: string, to: string) => `Unit cost was ${from}, today ${to}.`,
  /** An amount the line did not have (no tier then, or now). */
  noAmount: 'none',
} as const;

/** What one line became before pricing: copied (with its new cart line) or not. */
interface Copied {
  line: OrderAgainLine;
  source: SourceLine;
}

/** The Order again use case, on top of the cart service whose add-line path it reuses. */
export function createOrderAgain(ctx: AppContext, cart: CartService) {
  const { db } = ctx;

  /** Today's payload of one placed line, with the changes made to fit today's rules. */
  async function payloadOf(source: SourceLine, sizes: SourceSize[]) {
    const changes: OrderAgainLine['changes'] = [];
    const items = new Map(
      (
        await repo.productItemsForLine(
          db,
          sizes.map((s) => s.productItemId),
        )
      ).map((i) => [i.productItemId, i]),
    );
    const quantities: Record<string, number> = {};
    const attributesItems: Record<string, Record<string, string>> = {};
    for (const size of sizes) {
      const item = items.get(size.productItemId);
      if (!item?.active) {
        changes.push({ kind: 'INACTIVE_SIZE', message: ORDER_AGAIN_MESSAGES.inactiveSize(size.size) });
        continue;
      }
      const limits = { minOrderQuantity: item.minOrderQuantity, packSize: item.packSize };
      const quantity = roundQuantity(size.quantity, limits);
      if (quantity !== size.quantity) {
        changes.push({
          kind: 'QUANTITY',
          message: ORDER_AGAIN_MESSAGES.quantity(
            size.size,
            size.quantity,
            quantity,
            item.minOrderQuantity,
            item.packSize,
          ),
        });
      }
      if (quantity === 0) continue;
      quantities[String(size.productItemId)] = quantity;
      if (Object.keys(size.attributesItem ?? {}).length > 0)
        attributesItems[String(size.productItemId)] = size.attributesItem;
    }
    const payload: OrderLinePayload = {
      productType: 'STANDARD',
      quantities,
      attributes: source.attributes ?? {},
      ...(Object.keys(attributesItems).length > 0 ? { attributesItems } : {}),
      careLabel: source.careLabel ?? null,
    };
    return { payload, changes, empty: Object.keys(quantities).length === 0 };
  }

  /**
   * Today's payload of a placed VARIABLE_DATA or DYNAMIC line (decision 0057): the rows it kept,
   * matched by size and colour to the uploaded rows as the user sees them now (VARIABLE_DATA: its
   * item's rows; DYNAMIC: the PO and style's variants), less those gone and those already ordered as
   * the same product, quantities rounded to today's rules.
   */
  async function rowsPayloadOf(user: AuthUser, source: SourceLine) {
    const changes: OrderAgainLine['changes'] = [];
    const productItemId = source.sizes[0]?.productItemId ?? 0;
    const poNumber = source.poNumber ?? '';
    const styleNumber = source.styleNumber ?? '';
    const [kept, vendorNumbers, [item], ordered] = await Promise.all([
      vdRows.lineRows(db, source.orderItemId),
      rowVendorNumbers(db, user),
      repo.productItemsForLine(db, [productItemId]),
      vdRows.orderedRows(db, { productItemId, poNumber, styleNumber }),
    ]);
    let current: { id: number; data: OrderedVariableData }[] = [];
    if (source.productType === 'VARIABLE_DATA') {
      current = await vdRows.rowsOfItems(db, [productItemId], vendorNumbers);
    } else if (item) {
      current = await vdRows.dynamicRows(db, {
        customerId: item.customerId,
        poNumber,
        styleNumber,
        vendorNumbers,
      });
    }
    const key = (d: { size: string; colour: string }) => `${d.size}\u0000${d.colour}`;
    const label = (d: { size: string; colour: string }) => `${d.size} ${d.colour}`.trim();
    const now = new Map(current.map((r) => [key(r.data), r]));
    const orderedBy = new Map(ordered.map((o) => [key(o), o.orderIds]));

    const gone: string[] = [];
    const already = new Map<string, { orderIds: number[]; sizes: string[] }>();
    const rowQuantities: Record<string, number> = {};
    const variants: { id: number; orderQuantity: number }[] = [];
    for (const row of kept.filter((r) => r.quantity > 0)) {
      const match = now.get(key(row.data));
      if (!match || !item?.active) {
        gone.push(label(row.data));
        continue;
      }
      const orderIds = orderedBy.get(key(row.data));
      if (orderIds) {
        const group = already.get(orderIds.join()) ?? { orderIds, sizes: [] };
        group.sizes.push(label(row.data));
        already.set(orderIds.join(), group);
        continue;
      }
      const limits = { minOrderQuantity: item.minOrderQuantity, packSize: item.packSize };
      const quantity = roundQuantity(row.quantity, limits);
      if (quantity !== row.quantity)
        changes.push({
          kind: 'QUANTITY',
          message: ORDER_AGAIN_MESSAGES.quantity(
            label(row.data),
            row.quantity,
            quantity,
            item.minOrderQuantity,
            item.packSize,
          ),
        });
      rowQuantities[String(match.id)] = quantity;
      variants.push({ id: match.id, orderQuantity: quantity });
    }
    if (gone.length > 0)
      changes.push({ kind: 'INACTIVE_SIZE', message: ORDER_AGAIN_MESSAGES.rowsGone(gone) });
    if (already.size > 0)
      changes.push({
        kind: 'ALREADY_ORDERED',
        message: ORDER_AGAIN_MESSAGES.alreadyOrdered([...already.values()]),
      });

    const total = variants.reduce((sum, v) => sum + v.orderQuantity, 0);
    const common = {
      quantities: { [String(productItemId)]: total },
      attributes: source.attributes ?? {},
      careLabel: source.careLabel ?? null,
    };
    const payload: OrderLinePayload =
      source.productType === 'VARIABLE_DATA'
        ? { productType: 'VARIABLE_DATA', ...common, rowQuantities }
        : { productType: 'DYNAMIC', ...common, dynamicVariants: { poNumber, styleNumber, variants } };
    const empty = variants.length === 0;
    const reason =
      gone.length === 0 && already.size > 0
        ? ORDER_AGAIN_MESSAGES.allOrdered
        : ORDER_AGAIN_MESSAGES.nothingLeft;
    return { payload, changes, empty, reason };
  }

  /** Copies one line through the cart's add-line path; a refusal becomes the line's reason. */
  async function copyLine(user: AuthUser, source: SourceLine, sizes: SourceSize[]): Promise<Copied> {
    const base = {
      orderItemId: source.orderItemId,
      productSubcode: source.productSubcode,
      description: source.description,
      poNumber: source.poNumber,
      styleNumber: source.styleNumber,
    };
    const notCopied = (reason: string, changes: OrderAgainLine['changes'] = []): Copied => ({
      source,
      line: { ...base, result: 'NOT_COPIED', cartOrderItemId: null, changes, reason },
    });
    const { payload, changes, empty, reason } =
      source.productType === 'STANDARD'
        ? { ...(await payloadOf(source, sizes)), reason: ORDER_AGAIN_MESSAGES.nothingLeft }
        : await rowsPayloadOf(user, source);
    if (empty) return notCopied(reason, changes);
    try {
      const { orderItemId } = await cart.addLine(user, payload);
      return {
        source,
        line: { ...base, result: 'COPIED', cartOrderItemId: orderItemId, changes, reason: null },
      };
    } catch (error) {
      // A refusal of the add (4xx) is the line's answer; anything else is a real failure.
      if (error instanceof AppError && error.statusCode < 500) return notCopied(error.message, changes);
      throw error;
    }
  }

  return {
    /** POST /orders/{id}/order-again: copies the order's lines into the user's cart, line by line. */
    async orderAgain(user: AuthUser, idText: string): Promise<OrderAgainResponse> {
      const order = await findOrder(db, orderIdOf(idText), orderScope(user));
      if (!order) throw notFound(ORDER_NOT_FOUND);
      const { items: sources } = await loadOrderRecord(db, order.id);
      const copied: Copied[] = [];
      for (const source of sources) copied.push(await copyLine(user, source, source.sizes));

      // Today's unit prices and costs, once every line is in (the tiers count the whole cart).
      const cartRow = await repo.findCart(db, user.id);
      const priced = new Map(
        (cartRow ? await repo.pricingLines(db, cartRow.id) : []).map((l) => [l.orderItemId, l]),
      );
      const codes = await lookups.currencyCodes(
        db,
        [
          order.priceCurrencyId,
          order.costCurrencyId,
          cartRow?.priceCurrencyId,
          cartRow?.costCurrencyId,
        ].filter((id): id is number => id != null),
      );
      const money = (currencyId: number | null | undefined, amount: string | null) =>
        amount === null
          ? ORDER_AGAIN_MESSAGES.noAmount
          : formatUnitMoney({ currency: codes.get(currencyId ?? -1) ?? '', price: amount });
      const differs = (
        a: string | null,
        ca: number | null | undefined,
        b: string | null,
        cb: number | null | undefined,
      ) => ca !== cb || amountsDiffer(a, b);

      const lines = copied.map(({ line, source }) => {
        const now = line.cartOrderItemId === null ? undefined : priced.get(line.cartOrderItemId);
        if (!now || !cartRow) return line;
        const changes = [...line.changes];
        if (
          canSee('price', user.role) &&
          differs(source.unitPrice, order.priceCurrencyId, now.unitPrice, cartRow.priceCurrencyId)
        ) {
          changes.unshift({
            kind: 'PRICE',
            message: ORDER_AGAIN_MESSAGES.price(
              money(order.priceCurrencyId, source.unitPrice),
              money(cartRow.priceCurrencyId, now.unitPrice),
            ),
          });
        }
        if (
          canSee('cost', user.role) &&
          differs(source.unitCost, order.costCurrencyId, now.unitCost, cartRow.costCurrencyId)
        ) {
          changes.push({
            kind: 'COST',
            message: ORDER_AGAIN_MESSAGES.cost(
              money(order.costCurrencyId, source.unitCost),
              money(cartRow.costCurrencyId, now.unitCost),
            ),
          });
        }
        return { ...line, changes, result: changes.length > 0 ? ('CHANGED' as const) : line.result };
      });
      const count = lines.filter((l) => l.result !== 'NOT_COPIED').length;
      return { message: orderAgainMessage(count, lines.length), copied: count, lines };
    },
  };
}
