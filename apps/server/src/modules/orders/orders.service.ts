/**
 * Order list and order details (ordering §2 Order list, Order details; §3; §4; §5 Order date
 * filter; §6 Visibility; §9).
 *
 * - Rows: only orders inside `orderScope` (access/access.ts); another tenant's order or a cart is 404.
 * - Fields: what a role may not see (ordering §6 Visibility) is left out of the answer object
 *   (not set to null): prices without canSee('price'), costs without canSee('cost'), logs without
 *   canSee('logs'), shipping documents without canSee('shippingDocuments'), and the artwork review
 *   comments for VENDOR outside NEEDS_ART_APPROVAL.
 * - Filter dates are calendar days and times in UTC; an end date reaches to the end of its day; an
 *   end date before the start date is ignored (the screen clears it, §5).
 * - The status filter follows ordering §4 List filter mapping: READY_TO_SHIP is 'Open Orders', every
 *   placed order not shipped and not cancelled (statusFilterSelection, docs/decisions/0010).
 * - An order number finds that order whatever the other filters: only the scope still applies
 *   (docs/decisions/0016).
 * - "Needs my action" (GET /orders/needs-action, and the list's `needsAction` filter) counts and lists
 *   the orders in the scope at which the user could take a step's action now (rules/needsAction.ts).
 */
import {
  canSee,
  NEEDS_ACTION_RULES,
  type NeedsActionResponse,
  needsActionCondition,
  needsActionStepsFor,
  type OrderDetails,
  type OrderListEntry,
  type OrderListQuery,
  type OrderListResponse,
  PLACED_STATUSES,
  parseFilterDate,
  type Role,
  statusFilterSelection,
} from '@selvedge/shared';
import { and, eq, gte, inArray, lt, notInArray, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { orders } from '../../platform/db/schema';
import { notFound } from '../../platform/errors';
import { orderScope } from '../access/access';
import { type OrderListRow, orderListRepository } from './orders.list.repository';
import { needsActionRepository, waitingAt } from './orders.needsAction.repository';
import { asStatus, findPlacedOrderRecord } from './orders.readModel';
import { orderDetailsView, total } from './orders.views';
import { ORDER_NOT_FOUND, orderIdOf } from './orders.workflow';

export const ORDER_MESSAGES = {
  notFound: ORDER_NOT_FOUND,
} as const;

const DAY_MS = 86_400_000;

/**
 * The order list counts its matches exactly up to this many; beyond, totalItems is this number
 * (or the rows up to the page asked for, if more) with totalItemsCapped (docs/decisions/0019).
 */
export const LIST_COUNT_CAP = 1_000;

/** The [from, to) bounds on orderDate of the list's date filters. */
export function orderDateBounds(startDate?: string, endDate?: string): { from?: Date; to?: Date } {
  const start = startDate ? parseFilterDate(startDate) : null;
  const end = endDate ? parseFilterDate(endDate) : null;
  const from = start ? new Date(`${start.day}T${start.time ?? '00:00:00'}Z`) : undefined;
  // The end date reaches to the end of its day, whatever time it carries (ordering §9).
  let to = end ? new Date(Date.parse(`${end.day}T00:00:00Z`) + DAY_MS) : undefined;
  // A start after the end: the end date is cleared (ordering §5 Order date filter).
  if (from && to && from.getTime() >= to.getTime()) to = undefined;
  return { from, to };
}

/**
 * The SQL condition of the list's filters for a user of `role` (without the scope). With an order
 * number only the number applies (docs/decisions/0016).
 */
export function orderFilters(q: OrderListQuery, role: Role): SQL[] {
  if (q.orderNumber !== undefined) return [eq(orders.id, Number(q.orderNumber))];
  const where: SQL[] = [];
  if (q.financeApproval) where.push(eq(orders.financeApproval, q.financeApproval === 'APPROVED'));
  if (q.orderStatus) {
    const { statuses, cancelled } = statusFilterSelection(q.orderStatus);
    // Said the shorter way round: Open Orders is "not shipped" (the scope already leaves carts out).
    const excluded = PLACED_STATUSES.filter((s) => !statuses.includes(s));
    if (excluded.length > 0) {
      where.push(
        excluded.length < statuses.length
          ? notInArray(orders.orderStatus, excluded)
          : inArray(orders.orderStatus, [...statuses]),
      );
    }
    where.push(eq(orders.cancelled, cancelled));
  }
  if (q.needsAction) {
    const condition = needsActionCondition(q.needsAction, role);
    where.push(condition ? waitingAt(condition) : sql`false`);
  }
  if (q.cancelled !== undefined) where.push(eq(orders.cancelled, q.cancelled === 'true'));
  if (q.customer !== undefined) where.push(eq(orders.customerId, q.customer));
  if (q.company !== undefined) where.push(eq(orders.vendorId, q.company));
  if (q.productionRegion !== undefined) where.push(eq(orders.productionRegionId, q.productionRegion));
  const { from, to } = orderDateBounds(q.startDate, q.endDate);
  if (from) where.push(gte(orders.orderDate, from));
  if (to) where.push(lt(orders.orderDate, to));
  return where;
}

function listEntry(r: OrderListRow, role: Role): OrderListEntry {
  const entry: OrderListEntry = {
    orderId: r.id,
    orderNumber: String(r.id),
    orderDate: r.orderDate,
    company: r.company,
    customerId: r.customerId,
    customer: r.customer,
    productionRegion: r.productionRegion,
    vendorPO: r.vendorPO,
    productionPONumbers: [],
    orderStatus: asStatus(r.orderStatus),
    financeApproval: r.financeApproval,
    hasArtwork: r.hasArtwork,
    hasVariableData: r.hasVariableData,
    cancelled: r.cancelled,
  };
  if (canSee('price', role)) entry.totalPrice = total(r.priceCurrency, r.totalPrice);
  if (canSee('cost', role)) entry.totalCost = total(r.costCurrency, r.totalCost);
  return entry;
}

export function createOrderService(ctx: AppContext) {
  const { db } = ctx;

  return {
    /** GET /orders: one page of the user's placed orders matching the filters, newest first. */
    async list(user: AuthUser, q: OrderListQuery): Promise<OrderListResponse> {
      const where = and(orderScope(user), ...orderFilters(q, user.role)) as SQL;
      const { page, size } = q;
      const offset = page * size;
      // Counted up to LIST_COUNT_CAP, or up to the page asked for if further (the page's own scan
      // goes that far already), docs/decisions/0019: exact below it — past the end always —, above
      // it totalItems is a lower bound ("1,000+") and totalItemsCapped says so.
      const cap = Math.max(LIST_COUNT_CAP, offset);
      // One row more than the page tells whether a next page exists (lastPage).
      const rows = await orderListRepository.listOrders(db, where, {
        limit: size + 1,
        offset,
        countCap: cap,
      });
      const more = rows.length > size;
      const shown = more ? rows.slice(0, size) : rows;
      const answer = (totalItems: number, capped: boolean): OrderListResponse => ({
        orders: shown.map((r) => listEntry(r, user.role)),
        currentPage: page,
        pageSize: size,
        lastPage: !more,
        totalItems,
        ...(capped ? { totalItemsCapped: true } : {}),
      });
      // The last page (not past the end): its count is where it ends.
      if (!more && (rows.length > 0 || page === 0)) return answer(offset + rows.length, false);
      // Past the end a page has no rows to carry the count: counted on its own.
      const counted = rows[0]?.matchCount ?? (await orderListRepository.countOrders(db, where, cap));
      if (counted <= cap) return answer(counted, false);
      return answer(Math.max(cap, offset + shown.length + (more ? 1 : 0)), true);
    },

    /**
     * GET /orders/needs-action: for each step of the user's role (rules/needsAction.ts), how many
     * orders in the user's scope wait there, and how many orders wait at any of them (an order
     * waiting at two steps counts once in the total); counted in one query.
     */
    async needsAction(user: AuthUser): Promise<NeedsActionResponse> {
      const steps = needsActionStepsFor(user.role).flatMap((step) => {
        const condition = needsActionCondition(step, user.role);
        return condition ? [{ step, condition }] : [];
      });
      const counts = await needsActionRepository.countWaiting(db, orderScope(user), steps);
      const answer = steps.map(({ step }) => ({
        step,
        label: NEEDS_ACTION_RULES[step].label,
        action: NEEDS_ACTION_RULES[step].action,
        count: counts.byStep.get(step) ?? 0,
      }));
      return { steps: answer, total: counts.total };
    },

    /** GET /orders/{id}: the order with its lines, charges, documents and logs as the role may see it. */
    async details(user: AuthUser, idText: string): Promise<OrderDetails> {
      // One statement (one snapshot, one round trip) finds the order in the scope and reads all of it.
      const record = await findPlacedOrderRecord(db, orderIdOf(idText), user);
      if (!record) throw notFound(ORDER_MESSAGES.notFound);
      return orderDetailsView(record, user, ctx.config.publicUrl);
    },
  };
}
