/**
 * The one server side of the order state machine (rules/orderWorkflow.ts in packages/shared;
 * ordering §4, §6; ARCHITECTURE.md Order life). Every order action — placing included — runs through
 * `transition()` inside one transaction:
 *
 * 1. the order row is locked (select … for update) within the user's scope (`lockOrder`; someone
 *    else's order is not found: 404), so concurrent actions on one order run one after the other;
 * 2. the action is checked against the state machine: a role that may never take it → 403, a state
 *    that does not allow it (cancelled, wrong status, failing guard — a doubled or stale click) →
 *    409 with a message naming the state; nothing changes then;
 * 3. the order is updated (new status and the action's own columns), the status's entry effects
 *    run (production POs on PRODUCTION_READY, packing slips on COMPLETE_AND_SHIPPED) and log lines
 *    are written (who, when, what) — one statement —, and the mail to the people who act next is queued in the same
 *    transaction (orders.mail.ts), so it is sent exactly when the change commits.
 */
import {
  checkOrderAction,
  type LiveOrderChange,
  MAX_ID,
  nextStatus,
  ORDER_MESSAGES,
  ORDER_STATUS_LABELS,
  type OrderAction,
  type OrderStatus,
  type WorkflowOrder,
} from '@selvedge/shared';
import dayjs from 'dayjs';
import type { SQL } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import type { Db, Tx } from '../../platform/db';
import type { orders } from '../../platform/db/schema';
import { AppError, notFound } from '../../platform/errors';
import { actorOf, publishLiveEvent } from '../../platform/liveEvents';
import { orderScope } from '../access/access';
import { workflowActor } from './orders.views';
import { type OrderRow, orderWorkflowRepository } from './orders.workflow.repository';

/** Mail events, each sent to the people who act next (orders.mail.ts). */
export type OrderEvent =
  | 'placed'
  | 'artworkApprovalRequested'
  | 'reviewsSubmitted'
  | 'productionCompleted'
  | 'financeApproved'
  | 'shipped'
  | 'cancelled';

/** An order locked for an action, with what the state machine needs. */
export interface LockedOrder {
  row: OrderRow;
  workflow: WorkflowOrder;
}

export interface TransitionEffects {
  /** Columns the action sets besides the status. */
  update?: Partial<typeof orders.$inferInsert>;
  /** What the log says (one line each); the new status is added when it changes. */
  log: string | string[];
  /** The mail event to queue, if the action tells someone to act. */
  mail?: OrderEvent;
  /** A detail for the mail (e.g. a review summary). */
  mailDetail?: string;
  /** Writes of the action's own, run in the statement of the status update (see updateOrderAndLog). */
  writes?: SQL[];
}

/**
 * An id from a path or body (already checked by the route's schema: 1 to MAX_ID); anything else is
 * simply not found with `notFoundMessage` (a second line of defence for callers without a schema).
 */
export function idOf(text: string | number, notFoundMessage: string): number {
  const id = Number(text);
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) throw notFound(notFoundMessage);
  return id;
}

/** An orderId (see idOf). */
export const orderIdOf = (text: string | number) => idOf(text, ORDER_MESSAGES.notFound);

// For other modules' services (docs/decisions/0060-one-access-layer.md: services call services, not
// another module's repository): the order row by id inside a condition, `scope` being orderScope
// (access.ts) for a placed order of the user's or `orders.userId = user` for its cart.

/** The order row with this id inside `scope`, or undefined. */
export const findOrder = (q: Db | Tx, orderId: number, scope: SQL): Promise<OrderRow | undefined> =>
  orderWorkflowRepository.findOrder(q, orderId, scope);

/**
 * The order row with this id inside `scope`, locked until the transaction ends (select … for
 * update, the lock every order action takes), or undefined.
 */
export const lockOrder = (tx: Tx, orderId: number, scope: SQL): Promise<OrderRow | undefined> =>
  orderWorkflowRepository.lockOrder(tx, orderId, scope);

/** What the state machine knows of a locked order row. */
export async function workflowOf(tx: Db | Tx, row: OrderRow): Promise<WorkflowOrder> {
  return workflowFrom(row, await orderWorkflowRepository.artworkStates(tx, row.id));
}

/**
 * What the state machine knows of an order row, given the artwork states of its lines (the rows of
 * orderWorkflowRepository.artworkStates: the lines that have an artwork status).
 */
export function workflowFrom(
  row: OrderRow,
  artwork: readonly { status: string | null; artworkFinalized: boolean }[],
): WorkflowOrder {
  return {
    orderStatus: row.orderStatus as OrderStatus,
    cancelled: row.cancelled,
    financeApproval: row.financeApproval,
    csrArtPrepared: row.csrArtPrepared,
    csrProductionConfirmed: row.csrProductionConfirmed,
    artwork: artwork.map((a) => ({
      status: a.status as WorkflowOrder['artwork'][number]['status'],
      artworkFinalized: a.artworkFinalized,
    })),
  };
}

/**
 * Document numbers (docs/decisions/0015-order-documents.md). A factory's document is numbered with
 * the order's prefix followed by the factory's short code (the database appends the short codes).
 */
export const DOCUMENT_NUMBERS = {
  productionPOPrefix: (orderId: number) => `PPO-${orderId}-`,
  productionPO: (orderId: number, shortCode: string) =>
    DOCUMENT_NUMBERS.productionPOPrefix(orderId) + shortCode,
  vendorPackingSlip: (orderId: number) => `VPS-${orderId}`,
  productionPackingSlipPrefix: (orderId: number) => `PPS-${orderId}-`,
  productionPackingSlip: (orderId: number, shortCode: string) =>
    DOCUMENT_NUMBERS.productionPackingSlipPrefix(orderId) + shortCode,
} as const;

/** The order workflow of the running app. */
export function createOrderWorkflow(ctx: AppContext) {
  /** The writes an order's entering a status brings (run in the transition's statement). */
  const onEnter: Partial<Record<OrderStatus, (orderId: number) => SQL>> = {
    PRODUCTION_READY: (orderId) =>
      orderWorkflowRepository.productionPOsOf(orderId, DOCUMENT_NUMBERS.productionPOPrefix(orderId)),
    COMPLETE_AND_SHIPPED: (orderId) =>
      orderWorkflowRepository.packingSlipsOf(orderId, {
        vendorNumber: DOCUMENT_NUMBERS.vendorPackingSlip(orderId),
        productionPrefix: DOCUMENT_NUMBERS.productionPackingSlipPrefix(orderId),
      }),
  };

  return {
    /**
     * Locks a placed order within the user's scope; 404 when it does not exist or is not theirs.
     * Call inside a transaction, before `transition`.
     */
    async lock(tx: Tx, user: AuthUser, orderId: number): Promise<LockedOrder> {
      const row = await orderWorkflowRepository.lockOrder(tx, orderId, orderScope(user));
      if (!row) throw notFound(ORDER_MESSAGES.notFound);
      return { row, workflow: await workflowOf(tx, row) };
    },

    /**
     * Checks `action` on the order without locking or changing it (404/403/409 as `transition`
     * would): used before reading an upload, so a refused call costs no transfer. The transition
     * checks again under the lock.
     */
    async precheck(user: AuthUser, orderId: number, action: OrderAction): Promise<void> {
      const row = await orderWorkflowRepository.findOrder(ctx.db, orderId, orderScope(user));
      if (!row) throw notFound(ORDER_MESSAGES.notFound);
      const check = checkOrderAction(
        action,
        await workflowOf(ctx.db, row),
        workflowActor(user, row.vendorId),
      );
      if (!check.ok) throw new AppError(check.status, check.message);
    },

    /**
     * Takes `action` on a locked order: checks it (403/409), updates, runs entry effects, logs and
     * queues the mail. Answers the status the order moved to. `effects` given as a function runs
     * after the state machine's check, as the action's own checks: it may read (and lock) what the
     * action needs and refuse (e.g. shipping without enough stock: 409) before anything is written.
     */
    async transition(
      tx: Tx,
      user: AuthUser,
      locked: LockedOrder,
      action: OrderAction,
      effectsOf: TransitionEffects | (() => Promise<TransitionEffects> | TransitionEffects),
    ): Promise<OrderStatus> {
      const { row, workflow } = locked;
      const check = checkOrderAction(action, workflow, workflowActor(user, row.vendorId));
      if (!check.ok) throw new AppError(check.status, check.message);
      const effects = typeof effectsOf === 'function' ? await effectsOf() : effectsOf;
      const from = workflow.orderStatus;
      const to = nextStatus(action, workflow);
      const lines = Array.isArray(effects.log) ? [...effects.log] : [effects.log];
      const entered = to !== from ? onEnter[to] : undefined;
      if (to !== from && from !== 'PENDING')
        lines[lines.length - 1] += `; status: ${ORDER_STATUS_LABELS[to]}`;
      // The mail is queued before the order row is written: the update's trigger takes a row of
      // open_order_counts (decision 0023), locked until commit, and every statement after it lengthens
      // the time other orders of the same vendor, customer and factory wait for it (docs/decisions/0070).
      if (effects.mail) {
        await ctx.jobs.send(tx, 'order.mail', {
          orderId: row.id,
          event: effects.mail,
          status: to,
          actorId: user.id,
          actorName: user.name,
          detail: effects.mailDetail ?? null,
        });
      }
      // Sent on commit wherever it is issued: before the update, for the same reason as the mail;
      // scoped by the order as it will be (placing sets its customer, region and factory).
      await publishOrderChange(tx, user, { ...row, ...effects.update } as OrderRow, action, to);
      await orderWorkflowRepository.updateOrderAndLog(
        tx,
        row.id,
        { ...effects.update, orderStatus: to },
        { userId: user.id, userName: user.name, descriptions: lines },
        [...(effects.writes ?? []), ...(entered ? [entered(row.id)] : [])],
      );
      return to;
    },

    /**
     * Publishes a change of a locked order that is not a transition (item-level artwork steps): the
     * live update is sent when `tx` commits (platform/liveEvents.ts).
     */
    changed: (tx: Tx, user: AuthUser, row: OrderRow, change: LiveOrderChange) =>
      publishOrderChange(tx, user, row, change, row.orderStatus as OrderStatus),

    /** Writes log lines on a locked order without changing its status (item-level artwork actions). */
    async log(tx: Tx, user: AuthUser, orderId: number, description: string) {
      await orderWorkflowRepository.insertLogs(tx, [
        { orderId, userId: user.id, userName: user.name, description },
      ]);
    },
  };
}

export type OrderWorkflow = ReturnType<typeof createOrderWorkflow>;

/**
 * The live update of an order change (docs/decisions/0068), sent through `tx` when it commits: the order's id,
 * what changed, its status now and who did it, for the receivers whose order scope reaches it.
 */
function publishOrderChange(
  tx: Tx,
  user: AuthUser,
  row: OrderRow,
  change: LiveOrderChange,
  status: OrderStatus,
) {
  return publishLiveEvent(
    tx,
    { kind: 'order', orderId: row.id, change, status, actor: actorOf(user) },
    {
      order: {
        vendorId: row.vendorId,
        customerId: row.customerId,
        productionRegionId: row.productionRegionId,
        factoryId: row.factoryId,
      },
    },
  );
}

/** 'DD-MMM-YYYY' of an ISO day, for log lines and mail. */
export const longDate = (isoDay: string) => dayjs(isoDay).format('DD-MMM-YYYY');
