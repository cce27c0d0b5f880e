/**
 * The order actions of order details (ordering §4 Order actions, §5 estimated completion date,
 * §6 Capabilities and Visibility, §7 Orders, §8 success texts). Each runs one transaction through
 * the workflow's `transition()` (lock within scope → 404, state machine → 403/409, update, log,
 * mail) and answers `{ message, order }`: the spec's success text and the order as the user may
 * see it now.
 */
import {
  MESSAGES,
  ORDER_ACTION_MESSAGES,
  ORDER_MESSAGES,
  type OrderAction,
  type OrderActionResponse,
} from '@selvedge/shared';
import dayjs from 'dayjs';
import type { AuthUser } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import type { Tx } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import { publishStockChange } from '../../platform/liveEvents';
import { artworkRepository } from './artwork.repository';
import { findPlacedOrderRecord } from './orders.readModel';
import { shippingStockMove } from './orders.stock';
import { orderDetailsView } from './orders.views';
import {
  createOrderWorkflow,
  type LockedOrder,
  longDate,
  orderIdOf,
  type TransitionEffects,
} from './orders.workflow';

/** Today as YYYY-MM-DD in the server's time zone (docs/decisions/0012-dates-and-time-zone.md). */
export const today = () => dayjs().format('YYYY-MM-DD');

export function createOrderActions(ctx: AppContext) {
  const { db } = ctx;
  const workflow = createOrderWorkflow(ctx);

  /** The order as `user` sees it after a change (read after the commit). */
  async function answer(user: AuthUser, orderId: number, message: string): Promise<OrderActionResponse> {
    const record = await findPlacedOrderRecord(db, orderId, user);
    if (!record) throw notFound(ORDER_MESSAGES.notFound);
    return { message, order: orderDetailsView(record, user, ctx.config.publicUrl) };
  }

  /**
   * Runs `action` on the order `idText` in one transaction; `effects` run once the state machine
   * allows the action (transition's checks): they may depend on the locked order, refuse (409) and
   * do more writes (e.g. finalize artwork) before the transition is recorded.
   */
  async function act(
    user: AuthUser,
    idText: string | number,
    action: OrderAction,
    message: string,
    effects: (tx: Tx, locked: LockedOrder) => Promise<TransitionEffects> | TransitionEffects,
  ): Promise<OrderActionResponse> {
    const orderId = orderIdOf(idText);
    await db.transaction(async (tx) => {
      const locked = await workflow.lock(tx, user, orderId);
      await workflow.transition(tx, user, locked, action, () => effects(tx, locked));
    });
    return answer(user, orderId, message);
  }

  return {
    /** PUT /orders/{id}/artwork/prepare: Request Artwork Approval → NEEDS_ART_APPROVAL. */
    requestArtworkApproval: (user: AuthUser, id: string) =>
      act(user, id, 'requestArtworkApproval', MESSAGES.artworkApprovalRequested, () => ({
        update: { csrArtPrepared: true },
        log: 'Artwork approval requested',
        mail: 'artworkApprovalRequested',
      })),

    /**
     * PUT /orders/{id}/artwork/review: Submit Reviews. All approved → PRODUCTION_READY with the
     * approvals finalized; any rejected → back to NEEDS_ARTWORK (approved ones stay final, the CSR
     * uploads new versions of the rejected ones and requests approval again).
     */
    submitReviews: (user: AuthUser, id: string) =>
      act(user, id, 'submitReviews', MESSAGES.reviewsSubmitted, async (tx, locked) => {
        const approved = locked.workflow.artwork.filter((a) => a.status === 'APPROVED').length;
        const rejected = locked.workflow.artwork.filter((a) => a.status === 'REJECTED').length;
        // Only a complete set of reviews may be submitted; the transition's guard refuses others.
        if (rejected + approved === locked.workflow.artwork.length)
          await artworkRepository.finalizeApprovedArtwork(tx, locked.row.id);
        const summary =
          rejected === 0 ? 'all artwork approved' : `${approved} approved, ${rejected} rejected`;
        return {
          update: rejected > 0 ? { csrArtPrepared: false } : {},
          log: `Reviews submitted: ${summary}`,
          mail: 'reviewsSubmitted',
          mailDetail: summary,
        };
      }),

    /** POST /orders/{id}/approve-finance: finance approval (→ READY_TO_SHIP when production is confirmed). */
    approveFinance: (user: AuthUser, id: string) =>
      act(user, id, 'approveFinance', MESSAGES.orderApproved, () => ({
        update: { financeApproval: true, financeApprovedAt: new Date() },
        log: 'Finance approved',
        mail: 'financeApproved',
      })),

    /** POST /orders/{id}/complete-production: → PRODUCTION_CONFIRMED (READY_TO_SHIP when finance approved). */
    completeProduction: (user: AuthUser, id: string) =>
      act(user, id, 'completeProduction', MESSAGES.productionConfirmed, (_tx, locked) => ({
        update: { csrProductionConfirmed: locked.row.csrProductionConfirmed || user.role === 'CSR' },
        log: 'Production completed',
        mail: 'productionCompleted',
      })),

    /**
     * POST /orders/{id}/ship-and-complete: → COMPLETE_AND_SHIPPED; packing slips are made and stock
     * moves (orders.stock.ts: taken, or added for a restock order; 409 when stock is short).
     */
    shipAndComplete: (user: AuthUser, id: string) =>
      act(user, id, 'shipAndComplete', MESSAGES.shippedAndCompleted, async (tx, locked) => {
        const stock = await shippingStockMove(tx, locked.row);
        // Live update (docs/live-updates.md): open product screens of the customer refetch the stock.
        const customerId = locked.row.customerId;
        if (stock.productItemIds.length > 0 && customerId !== null)
          await publishStockChange(
            tx,
            user,
            stock.productItemIds.map((productItemId) => ({ productItemId, customerId })),
          );
        return {
          update: { shipAndCompleteDate: new Date() },
          log: [...stock.log, 'Shipped and completed'],
          writes: stock.writes,
          mail: 'shipped',
        };
      }),

    /** PUT /orders/cancel-order/{id}: sets the cancelled flag while cancelAllowed. */
    cancel: (user: AuthUser, id: string) =>
      act(user, id, 'cancel', ORDER_ACTION_MESSAGES.cancelled, () => ({
        update: { cancelled: true },
        log: 'Order cancelled',
        mail: 'cancelled',
      })),

    /** POST /orders/completion-date: the estimated completion date, not earlier than today (§5). */
    setEstimatedCompletionDate: (
      user: AuthUser,
      body: { orderId: number; estimatedCompletionDate: string },
    ) => {
      if (body.estimatedCompletionDate < today())
        throw badRequest(ORDER_ACTION_MESSAGES.completionDateTooEarly, 'estimatedCompletionDate');
      return act(
        user,
        body.orderId,
        'setEstimatedCompletionDate',
        ORDER_ACTION_MESSAGES.completionDateSaved,
        () => ({
          update: { estimatedCompletionDate: body.estimatedCompletionDate },
          log: `Estimated completion date set to ${longDate(body.estimatedCompletionDate)}`,
        }),
      );
    },

    /** PUT /orders/invoice-number: the invoice number (empty clears it), until shipped (§6 Visibility). */
    setInvoiceNumber: (user: AuthUser, body: { orderId: number; invoiceNumber: string }) => {
      const invoiceNumber = body.invoiceNumber.trim() || null;
      return act(user, body.orderId, 'setInvoiceNumber', ORDER_ACTION_MESSAGES.invoiceNumberSaved, () => ({
        update: { invoiceNumber },
        log: invoiceNumber ? `Invoice number set to ${invoiceNumber}` : 'Invoice number cleared',
      }));
    },

    /** Runs any action with custom effects (documents and artwork modules). */
    act,
    answer,
    workflow,
  };
}

export type OrderActions = ReturnType<typeof createOrderActions>;
