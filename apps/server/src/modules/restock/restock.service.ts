/**
 * Restocking (ordering §2 Restock, §5 Quantity fields, §9 Restock maximum and default;
 * docs/decisions/0039, 0056). The route checks the role and the user's canRestock flag; rows are
 * scoped like the product screens (orderableCustomerIds).
 *
 * POST /orders/restock/{customerId} puts into the user's cart, one line per subcode, every stocked
 * size of the customer at its restock quantity (packages/shared restockPlan: the smaller of the room
 * left — the restock maximum less what the cart already holds — and defaultOrderQuantity, then the
 * quantity rules of §5 with the room as the maximum), through the cart's add-line checks
 * (cart.service.ts addRestockLines), so cart scope, attributes and pricing are those of an add on
 * product details. The quantities are decided under the cart's lock, in one transaction for all
 * lines: ten restocks at once put the restock maximum in the cart once, and the later ones find
 * nothing left. Every stocked size left out is answered with why: at its maximum inventory, no
 * default order quantity, the cart already holds its restock maximum, or the cart's refusal of its
 * line. The cart becomes a restock order (orders.restock: shipping it adds to stock).
 */
import {
  MESSAGES,
  type RestockingCustomersResponse,
  type RestockResponse,
  type RestockSkip,
  restockMaximum,
  restockPlan,
} from '@selvedge/shared';
import type { AuthUser } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { conflict, notFound } from '../../platform/errors';
import { inCustomerScope, orderableCustomerIds } from '../access/access';
import { createCartService, type RestockFit, type SizeStock } from '../cart/cart.service';
import { restockRepository as repo } from './restock.repository';

const count = (n: number) => n.toLocaleString('en-US');

export const RESTOCK_MESSAGES = {
  customerNotFound: 'Customer not found.',
  nothingToRestock: (customer: string) =>
    `Nothing to restock for ${customer}: every inventory product is at its maximum inventory.`,
  nothingToRestockOrNoDefault: (customer: string) =>
    `Nothing to restock for ${customer}: every inventory product is at its maximum inventory or has no default order quantity.`,
  nothingLeft: (customer: string) =>
    `Nothing left to restock for ${customer}: your cart already holds every inventory product below its maximum up to its restock maximum.`,
  noneAdded: (reason: string) => `No restocking items could be added to your cart: ${reason}`,
  /** Why one stocked size was left out (RestockResponse skipped[].reason). */
  atMaximum: (current: number, maximum: number) =>
    `At its maximum inventory: ${count(current)} in stock, maximum ${count(maximum)}.`,
  noDefaultQuantity: 'It has no default order quantity: set one on its product item to restock it.',
  inCart: (inCart: number, maximum: number) =>
    `Your cart already holds ${count(inCart)} of it; its restock maximum is ${count(maximum)}.`,
} as const;

type Skipped = RestockResponse['skipped'][number];
type StockedItem = Awaited<ReturnType<typeof repo.stockedItems>>[number];

/** The reason text of a size restockPlan left out, from its stock. */
function reasonOf(skip: RestockSkip, stock: Pick<SizeStock, 'currentInventory' | 'inventoryMax' | 'inCart'>) {
  switch (skip) {
    case 'atMaximum':
      return RESTOCK_MESSAGES.atMaximum(stock.currentInventory, stock.inventoryMax);
    case 'noDefaultQuantity':
      return RESTOCK_MESSAGES.noDefaultQuantity;
    case 'inCart':
      return RESTOCK_MESSAGES.inCart(
        stock.inCart,
        restockMaximum(stock.inventoryMax, stock.currentInventory),
      );
  }
}

const sizes = (n: number) => (n === 1 ? '1 size' : `${n} sizes`);

/**
 * The 409 text when no size went in (the error answer is `{ message }`: ARCHITECTURE.md Contract),
 * saying why for all of them: the cart's first refusal, else that the cart already holds the
 * restock maximum, else that every product is at its maximum (or has no default quantity); with how
 * many sizes were left out for the other reasons.
 */
function nothingAddedMessage(customer: string, skipped: Skipped[]) {
  const n = (cause: Skipped['cause']) => skipped.filter((s) => s.cause === cause).length;
  const refused = skipped.find((s) => s.cause === 'refused');
  const [inCart, noDefault] = [n('inCart'), n('noDefaultQuantity')];
  if (!refused && inCart === 0)
    return noDefault > 0
      ? RESTOCK_MESSAGES.nothingToRestockOrNoDefault(customer)
      : RESTOCK_MESSAGES.nothingToRestock(customer);
  const head = refused ? RESTOCK_MESSAGES.noneAdded(refused.reason) : RESTOCK_MESSAGES.nothingLeft(customer);
  const more = [
    refused && inCart > 0 ? `${sizes(inCart)} already in your cart up to the restock maximum` : '',
    noDefault > 0 ? `${sizes(noDefault)} without a default order quantity` : '',
  ].filter(Boolean);
  return more.length > 0 ? `${head} Also left out: ${more.join('; ')}.` : head;
}

export function createRestockService(ctx: AppContext) {
  const { db } = ctx;
  const cart = createCartService(ctx);
  return {
    /** GET /restocking-customers: the customers of the user's scope that have inventory products. */
    async restockingCustomers(user: AuthUser): Promise<RestockingCustomersResponse> {
      return { customers: await repo.restockingCustomers(db, await orderableCustomerIds(db, user)) };
    },

    /**
     * POST /orders/restock/{customerId}: 404 when the customer does not exist or is outside the
     * user's scope; 409 with a message saying why when no size could be added (every one at its
     * maximum, already in the cart up to its restock maximum, or refused by the cart). Answers the
     * lines added and every stocked size left out with why (`skipped`, in the customer's product order).
     */
    async restock(user: AuthUser, customerId: number): Promise<RestockResponse> {
      const [scope, customerName] = await Promise.all([
        orderableCustomerIds(db, user),
        repo.customerName(db, customerId),
      ]);
      if (customerName === undefined || !inCustomerScope(scope, customerId))
        throw notFound(RESTOCK_MESSAGES.customerNotFound);
      const items = await repo.stockedItems(db, customerId);
      const byId = new Map(items.map((item) => [item.productItemId, item]));
      const skipped: Skipped[] = [];
      const skip = (item: StockedItem, cause: Skipped['cause'], reason: string) =>
        skipped.push({
          productItemId: item.productItemId,
          productSubcode: item.productSubcode,
          productSize: item.productSize,
          cause,
          reason,
        });

      // A first plan without the cart (it is read under its lock): sizes at their maximum or
      // without a default quantity are left out here; the others make one line per subcode.
      const lines = new Map<number, { items: StockedItem[]; quantities: Record<string, number> }>();
      for (const item of items) {
        const plan = restockPlan(item, item);
        if ('skip' in plan) {
          skip(item, plan.skip, reasonOf(plan.skip, { ...item, inCart: 0 }));
          continue;
        }
        const line = lines.get(item.productSubcodeId) ?? { items: [], quantities: {} };
        line.items.push(item);
        line.quantities[String(item.productItemId)] = plan.quantity;
        lines.set(item.productSubcodeId, line);
      }

      // Under the lock: each size's quantity again, from its stock and what the cart holds now.
      const fitted = [...lines.values()].map(() => ({ left: [] as Skipped[] }));
      const fitOf =
        (k: number): RestockFit =>
        (sizes, stock) => {
          const left: Skipped[] = [];
          const kept = sizes.flatMap((size) => {
            const item = byId.get(size.productItemId)!;
            const st = stock.get(size.productItemId);
            if (!st) return [];
            const plan = restockPlan(st, item);
            if ('quantity' in plan) return [{ ...size, quantity: plan.quantity }];
            left.push({
              productItemId: item.productItemId,
              productSubcode: item.productSubcode,
              productSize: item.productSize,
              cause: plan.skip,
              reason: reasonOf(plan.skip, st),
            });
            return [];
          });
          fitted[k]!.left = left;
          if (kept.length === 0) throw conflict(RESTOCK_MESSAGES.nothingLeft(customerName));
          return kept;
        };
      const results = await cart.addRestockLines(
        user,
        [...lines.values()].map((line, k) => ({
          body: { productType: 'STANDARD', quantities: line.quantities },
          fit: fitOf(k),
        })),
      );

      const added: RestockResponse['added'] = [];
      for (const [k, line] of [...lines.values()].entries()) {
        const result = results[k]!;
        const left = fitted[k]!.left;
        if ('orderItemId' in result) {
          added.push({
            orderItemId: result.orderItemId,
            productSubcode: line.items[0]!.productSubcode,
            quantity: result.quantity,
          });
          skipped.push(...left);
          continue;
        }
        // Rolled back: the sizes the fit left out keep their reason, the rest get the refusal's.
        skipped.push(...left);
        const leftIds = new Set(left.map((s) => s.productItemId));
        for (const item of line.items)
          if (!leftIds.has(item.productItemId)) skip(item, 'refused', result.refusal.message);
      }
      const order = new Map(items.map((item, i) => [item.productItemId, i]));
      skipped.sort((a, b) => order.get(a.productItemId)! - order.get(b.productItemId)!);
      if (added.length === 0) throw conflict(nothingAddedMessage(customerName, skipped));
      return { message: MESSAGES.restockAdded, added, skipped };
    },
  };
}
