/**
 * "Needs my action": the steps of an order's life at which an order waits for the signed-in user
 * (docs/decisions/0016-papercuts-needs-action-order-again.md), derived from the state machine
 * (orderWorkflow.ts ORDER_ACTION_RULES) so that a count matches exactly the orders on which the user
 * could take the step's action now:
 *
 * - artworkToUpload: NEEDS_ARTWORK, approval not yet requested — the artwork upload roles
 *   (upload a version, then Request Artwork Approval);
 * - reviewsToGive: NEEDS_ART_APPROVAL — the artwork reviewers, VENDOR among them (review, then
 *   Submit Reviews);
 * - productionToComplete: PRODUCTION_READY — the Complete Production roles (a CSR only while no CSR
 *   confirmed it);
 * - financeToApprove: any placed status before shipping, not yet approved — the finance approvers;
 * - shipmentsToMake: READY_TO_SHIP — the Ship & Complete roles.
 *
 * Every step needs the order not cancelled (cancelled orders never move). The condition is data —
 * statuses and order flags — so the server turns it into SQL and the shared tests check it against
 * `checkOrderAction` / `checkArtworkAction` for every role, status and flag.
 */
import type { Role } from '../roles';
import { ORDER_STATUSES, type OrderStatus } from './orderStatus';
import { ORDER_ACTION_RULES, type OrderAction } from './orderWorkflow';

/** The steps, in the order of an order's life. */
export const NEEDS_ACTION_STEPS = [
  'artworkToUpload',
  'reviewsToGive',
  'productionToComplete',
  'financeToApprove',
  'shipmentsToMake',
] as const;
export type NeedsActionStep = (typeof NEEDS_ACTION_STEPS)[number];

/** Order flags a step may require (columns of the order row). */
export type NeedsActionFlags = Partial<
  Record<'financeApproval' | 'csrArtPrepared' | 'csrProductionConfirmed', boolean>
>;

interface NeedsActionRule {
  /** What the user sees: 'Artwork to upload'. */
  label: string;
  /** The state-machine action the step ends with; its roles and start statuses are the step's. */
  action: OrderAction;
  /** Flags the order must have for `role` to act (the action's guards that read the order row). */
  flags: (role: Role) => NeedsActionFlags;
}

/** The steps as data (decision 0016). */
export const NEEDS_ACTION_RULES: Record<NeedsActionStep, NeedsActionRule> = {
  artworkToUpload: {
    label: 'Artwork to upload',
    action: 'requestArtworkApproval',
    flags: () => ({ csrArtPrepared: false }),
  },
  reviewsToGive: { label: 'Reviews to give', action: 'submitReviews', flags: () => ({}) },
  productionToComplete: {
    label: 'Production to complete',
    action: 'completeProduction',
    // ordering §6: a CSR may complete production only while no CSR confirmed it.
    flags: (role) => (role === 'CSR' ? { csrProductionConfirmed: false } : {}),
  },
  financeToApprove: {
    label: 'Finance to approve',
    action: 'approveFinance',
    flags: () => ({ financeApproval: false }),
  },
  shipmentsToMake: { label: 'Shipments to make', action: 'shipAndComplete', flags: () => ({}) },
};

/** What one step selects for one role: statuses, and flags (besides `cancelled = false`). */
export interface NeedsActionCondition {
  statuses: readonly OrderStatus[];
  flags: NeedsActionFlags;
}

/** The steps at which orders may wait for a user of `role` (the roles of each step's action). */
export function needsActionStepsFor(role: Role | null | undefined): NeedsActionStep[] {
  if (!role) return [];
  return NEEDS_ACTION_STEPS.filter((step) =>
    ORDER_ACTION_RULES[NEEDS_ACTION_RULES[step].action].roles.includes(role),
  );
}

/**
 * The orders that wait for a user of `role` at `step` (ordering §4 Order actions, §6), or null when
 * the role never takes that step: the statuses the step's action starts from and the flags it needs;
 * the order must also not be cancelled.
 */
export function needsActionCondition(step: NeedsActionStep, role: Role): NeedsActionCondition | null {
  if (!needsActionStepsFor(role).includes(step)) return null;
  const rule = NEEDS_ACTION_RULES[step];
  const action = ORDER_ACTION_RULES[rule.action];
  return {
    statuses: ORDER_STATUSES.filter((s) => s !== 'PENDING' && action.from(s)),
    flags: rule.flags(role),
  };
}

/** True when an order (status, cancelled and flags) waits for `role` at `step`. */
export function waitsAt(
  step: NeedsActionStep,
  role: Role,
  order: { orderStatus: OrderStatus; cancelled: boolean } & Required<NeedsActionFlags>,
): boolean {
  const condition = needsActionCondition(step, role);
  if (!condition || order.cancelled || !condition.statuses.includes(order.orderStatus)) return false;
  return Object.entries(condition.flags).every(
    ([flag, value]) => order[flag as keyof NeedsActionFlags] === value,
  );
}
