/**
 * Ours: the order state machine's refusals (ordering §4 Order status, Order actions, §6
 * Capabilities; docs/decisions/0014-order-workflow.md). The spec names the rules, not these texts.
 */
import { ORDER_STATUS_LABELS, type OrderStatus } from '../rules/orderStatus';

/** How a status is named in messages: 'Art Prepared (NEEDS_ART_APPROVAL)'. */
export const describeStatus = (s: OrderStatus) => `${ORDER_STATUS_LABELS[s]} (${s})`;

/** Why an order action is refused (403 for the role, 409 for the order's state); `label` names the action. */
export const WORKFLOW_MESSAGES = {
  roleNotAllowed: (label: string) => `Your role may not ${label}.`,
  cancelled: 'This order is cancelled: it can no longer change.',
  wrongStatus: (label: string, s: OrderStatus) =>
    `${label} is not possible: the order is ${describeStatus(s)}.`,
  csrAlreadyConfirmed: 'Production of this order has already been confirmed by a CSR.',
  /** Request Artwork Approval with an item still waiting for its artwork. */
  artworkMissing: 'Every item needing artwork must have artwork uploaded before approval can be requested.',
  /** Submit Reviews with an artwork neither approved nor rejected. */
  reviewsIncomplete: 'Every artwork must be approved or rejected before the reviews can be submitted.',
  financeAlreadyApproved: 'Finance has already approved this order.',
} as const;
