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
} as const;
