/**
 * The order state machine, written once as data (ordering §4 Order status, Order actions, Item
 * artwork, Tabs and documents; §6 Capabilities; ARCHITECTURE.md Order life).
 *
 * Every action names the statuses it starts from, who may take it (roles, from §6), the guard it
 * needs on the order, and where it leads. The server enforces exactly this table (one
 * `transition()` per action, 403 for a role not listed, 409 for a state not allowed); the order
 * details answer carries `availableOrderActions()` for the signed-in user, and the web app shows
 * those buttons and no others.
 *
 * Decisions where the spec is silent (docs/decisions/0014-order-workflow.md):
 * - Cancelled orders never move: every action but reading needs `!cancelled`.
 * - Cancel: ADMIN, ACCOUNT, CSR, FACTORY_ACCOUNT and the ordering VENDOR, while cancelAllowed (not yet
 *   PRODUCTION_CONFIRMED).
 * - Finance approval may come at any placed status before shipping; approving an order that is
 *   PRODUCTION_CONFIRMED moves it to READY_TO_SHIP, and completing production of an approved order
 *   moves it straight to READY_TO_SHIP.
 * - A CSR's Complete Production sets csrProductionConfirmed; a CSR may not complete an order whose
 *   production a CSR already confirmed (§6), ACCOUNT, FACTORY_ACCOUNT and ADMIN always may.
 * - Submit Reviews finalizes approved artwork; any rejection sends the order back to NEEDS_ARTWORK
 *   and clears csrArtPrepared so that new versions can be uploaded and approval requested again.
 */
import { ARTWORK_MESSAGES, WORKFLOW_MESSAGES } from '../messages';
import { CAPABILITIES, type Capability, ROUTE_ACCESS } from '../permissions';
import type { Role } from '../roles';
import { ORDER_STATUS_STEP, type OrderStatus } from './orderStatus';

/** Artwork status of an order line (ordering §3 Artwork status). */
export const ARTWORK_STATUSES = ['NEEDS_UPLOAD', 'UPLOADED', 'REJECTED', 'APPROVED'] as const;
export type ArtworkStatus = (typeof ARTWORK_STATUSES)[number];

/**
 * The artwork of a cart's lines once placed (ordering §3 Artwork status): a line whose product
 * requires artwork is marked NEEDS_UPLOAD (`marked`); the others keep theirs. Answers, in the
 * lines' order, the lines that then have an artwork status — what the workflow reads.
 */
export function artworkAtPlacing<
  L extends { artworkRequired: boolean; artworkStatus: string | null; artworkFinalized: boolean },
>(lines: readonly L[]): { line: L; status: ArtworkStatus; artworkFinalized: boolean; marked: boolean }[] {
  return lines.flatMap((line) => {
    const status = line.artworkRequired ? 'NEEDS_UPLOAD' : (line.artworkStatus as ArtworkStatus | null);
    return status == null
      ? []
      : [{ line, status, artworkFinalized: line.artworkFinalized, marked: line.artworkRequired }];
  });
}

/** What the workflow needs to know of an order. */
export interface WorkflowOrder {
  orderStatus: OrderStatus;
  cancelled: boolean;
  financeApproval: boolean;
  csrArtPrepared: boolean;
  csrProductionConfirmed: boolean;
  /** Artwork of the lines that need artwork (lines without artwork are left out). */
  artwork: { status: ArtworkStatus; artworkFinalized: boolean }[];
}

/** The signed-in user as the workflow sees them. */
export interface WorkflowActor {
  role: Role;
  /** True when the user belongs to the vendor that placed the order. */
  isOrderVendor?: boolean;
}

/** Every line that needs artwork has a version uploaded or approved. */
export const allArtPrepared = (o: Pick<WorkflowOrder, 'artwork'>) =>
  o.artwork.every((a) => a.status === 'UPLOADED' || a.status === 'APPROVED');

/** Every line that needs artwork has been approved or rejected. */
export const allArtReviewed = (o: Pick<WorkflowOrder, 'artwork'>) =>
  o.artwork.every((a) => a.status === 'APPROVED' || a.status === 'REJECTED');

/** Not cancelled and not yet PRODUCTION_CONFIRMED (ordering §3 cancelAllowed). */
export const cancelAllowed = (o: Pick<WorkflowOrder, 'orderStatus' | 'cancelled'>) =>
  !o.cancelled &&
  o.orderStatus !== 'PENDING' &&
  ORDER_STATUS_STEP[o.orderStatus] < ORDER_STATUS_STEP.PRODUCTION_CONFIRMED;

const placed = (s: OrderStatus) => s !== 'PENDING';
const beforeShipped = (s: OrderStatus) => placed(s) && s !== 'COMPLETE_AND_SHIPPED';

/** The order-level actions (ordering §4 Order actions, §7 calls), in the order the screen shows them. */
export const ORDER_ACTIONS = [
  'place',
  'requestArtworkApproval',
  'submitReviews',
  'completeProduction',
  'approveFinance',
  'shipAndComplete',
  'cancel',
  'setEstimatedCompletionDate',
  'setInvoiceNumber',
  'uploadShippingDocument',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** Actions not shown as buttons of order details: placing (the cart's button), editable fields, uploads. */
export const FIELD_ACTIONS: readonly OrderAction[] = [
  'place',
  'setEstimatedCompletionDate',
  'setInvoiceNumber',
  'uploadShippingDocument',
];

export interface ActionRule {
  /** Button label / log wording. */
  label: string;
  /** Statuses the action may start from. */
  from: (status: OrderStatus) => boolean;
  /** Who may take it (403 otherwise); conditions on the order's state belong in `guard` (409). */
  allowed: (actor: WorkflowActor, order: WorkflowOrder) => boolean;
  /** Further condition on the order; its text says why it fails (409). */
  guard?: { check: (o: WorkflowOrder, actor: WorkflowActor) => boolean; failure: string };
  /** The status it leads to (unchanged when absent). */
  to?: (o: WorkflowOrder) => OrderStatus;
  /** Roles the route admits before the order is loaded (the route's permission, 403 otherwise). */
  roles: readonly Role[];
}

export type ActionCheck = { ok: true } | { ok: false; status: 403 | 409; message: string };

const byCapability = (cap: Capability) => ({
  roles: CAPABILITIES[cap],
  allowed: (a: WorkflowActor) => (CAPABILITIES[cap] as readonly Role[]).includes(a.role),
});

/** Roles that may cancel (decision above). */
export const CANCEL_ROLES: readonly Role[] = ['ADMIN', 'ACCOUNT', 'CSR', 'FACTORY_ACCOUNT', 'VENDOR'];
/** Roles that may complete production: always-complete roles and CSR (once). */
export const COMPLETE_PRODUCTION_ROLES: readonly Role[] = [
  ...CAPABILITIES.alwaysCompleteProduction,
  ...CAPABILITIES.completeProductionOnce,
];

/** The state machine (ordering §4, §6). */
export const ORDER_ACTION_RULES: Record<OrderAction, ActionRule> = {
  place: {
    label: 'Place Order',
    from: (s) => s === 'PENDING',
    roles: ROUTE_ACCESS['/cart'],
    allowed: (a) => (ROUTE_ACCESS['/cart'] as readonly Role[]).includes(a.role),
    // An order with a line needing artwork waits for it; any other goes straight to production.
    to: (o) => (o.artwork.length > 0 ? 'NEEDS_ARTWORK' : 'PRODUCTION_READY'),
  },
  requestArtworkApproval: {
    label: 'Request Artwork Approval',
    from: (s) => s === 'NEEDS_ARTWORK',
    ...byCapability('uploadArtwork'),
    guard: {
      check: (o) => !o.csrArtPrepared && o.artwork.length > 0 && allArtPrepared(o),
      failure: WORKFLOW_MESSAGES.artworkMissing,
    },
    to: () => 'NEEDS_ART_APPROVAL',
  },
  submitReviews: {
    label: 'Submit Reviews',
    from: (s) => s === 'NEEDS_ART_APPROVAL',
    ...byCapability('reviewArtwork'),
    guard: {
      check: (o) => allArtReviewed(o),
      failure: WORKFLOW_MESSAGES.reviewsIncomplete,
    },
    to: (o) => (o.artwork.every((a) => a.status === 'APPROVED') ? 'PRODUCTION_READY' : 'NEEDS_ARTWORK'),
  },
  completeProduction: {
    label: 'Complete Production',
    from: (s) => s === 'PRODUCTION_READY',
    roles: COMPLETE_PRODUCTION_ROLES,
    allowed: (a) => COMPLETE_PRODUCTION_ROLES.includes(a.role),
    // ordering §6: a CSR completes production once (completeProductionOnce); the others always may.
    guard: {
      check: (o, a) =>
        (CAPABILITIES.alwaysCompleteProduction as readonly Role[]).includes(a.role) ||
        !o.csrProductionConfirmed,
      failure: WORKFLOW_MESSAGES.csrAlreadyConfirmed,
    },
    to: (o) => (o.financeApproval ? 'READY_TO_SHIP' : 'PRODUCTION_CONFIRMED'),
  },
  approveFinance: {
    label: 'Approve',
    from: beforeShipped,
    ...byCapability('approveFinance'),
    guard: { check: (o) => !o.financeApproval, failure: WORKFLOW_MESSAGES.financeAlreadyApproved },
    to: (o) => (o.orderStatus === 'PRODUCTION_CONFIRMED' ? 'READY_TO_SHIP' : o.orderStatus),
  },
  shipAndComplete: {
    label: 'Ship & Complete',
    from: (s) => s === 'READY_TO_SHIP',
    ...byCapability('shipAndComplete'),
    to: () => 'COMPLETE_AND_SHIPPED',
  },
  cancel: {
    label: 'Cancel Order',
    from: (s) => placed(s) && ORDER_STATUS_STEP[s] < ORDER_STATUS_STEP.PRODUCTION_CONFIRMED,
    roles: CANCEL_ROLES,
    allowed: (a) => CANCEL_ROLES.includes(a.role) && (a.role !== 'VENDOR' || a.isOrderVendor !== false),
  },
  setEstimatedCompletionDate: {
    label: 'Estimated Completion Date',
    from: beforeShipped,
    ...byCapability('manageEstimatedCompletionDate'),
  },
  setInvoiceNumber: {
    label: 'Invoice Number',
    from: beforeShipped,
    ...byCapability('enterInvoiceNumber'),
  },
  uploadShippingDocument: {
    label: 'Upload Shipping Document',
    from: (s) => s === 'READY_TO_SHIP',
    ...byCapability('uploadShippingDocuments'),
  },
};

/**
 * Whether `actor` may take `action` on `order` now: 403 when the role may never take it, 409 when
 * the order's state does not allow it (cancelled, wrong status, guard failing), with a message
 * naming the state.
 */
export function checkOrderAction(
  action: OrderAction,
  order: WorkflowOrder,
  actor: WorkflowActor,
): ActionCheck {
  const rule = ORDER_ACTION_RULES[action];
  if (!rule.roles.includes(actor.role)) {
    return { ok: false, status: 403, message: WORKFLOW_MESSAGES.roleNotAllowed(rule.label) };
  }
  if (order.cancelled) return { ok: false, status: 409, message: WORKFLOW_MESSAGES.cancelled };
  if (!rule.from(order.orderStatus)) {
    return { ok: false, status: 409, message: WORKFLOW_MESSAGES.wrongStatus(rule.label, order.orderStatus) };
  }
  if (!rule.allowed(actor, order)) {
    return { ok: false, status: 403, message: WORKFLOW_MESSAGES.roleNotAllowed(rule.label) };
  }
  if (rule.guard && !rule.guard.check(order, actor)) {
    return { ok: false, status: 409, message: rule.guard.failure };
  }
  return { ok: true };
}

/** The status `action` leads to from `order` (its current status when the action does not move it). */
export function nextStatus(action: OrderAction, order: WorkflowOrder): OrderStatus {
  return ORDER_ACTION_RULES[action].to?.(order) ?? order.orderStatus;
}

/** The actions `actor` may take on `order` now, in screen order. */
export function availableOrderActions(order: WorkflowOrder, actor: WorkflowActor): OrderAction[] {
  return ORDER_ACTIONS.filter((a) => checkOrderAction(a, order, actor).ok);
}

// ---------------------------------------------------------------- item artwork (ordering §4 Item artwork)

export const ARTWORK_ACTIONS = ['upload', 'review'] as const;
export type ArtworkAction = (typeof ARTWORK_ACTIONS)[number];

/**
 * Whether `actor` may upload or review the artwork of one line now (ordering §4 Item artwork):
 * upload in NEEDS_ARTWORK unless the artwork is APPROVED or the CSR art is prepared; approve or
 * reject in NEEDS_ART_APPROVAL, a line that has a version and whose approval is not final (a
 * decision may be changed — 'Edit' — until Submit Reviews finalizes it).
 */
export function checkArtworkAction(
  action: ArtworkAction,
  order: Pick<WorkflowOrder, 'orderStatus' | 'cancelled' | 'csrArtPrepared'>,
  artwork: { status: ArtworkStatus; artworkFinalized: boolean } | null,
  actor: WorkflowActor,
): ActionCheck {
  const cap: Capability = action === 'upload' ? 'uploadArtwork' : 'reviewArtwork';
  if (!(CAPABILITIES[cap] as readonly Role[]).includes(actor.role)) {
    return {
      ok: false,
      status: 403,
      message: WORKFLOW_MESSAGES.roleNotAllowed(action === 'upload' ? 'upload artwork' : 'review artwork'),
    };
  }
  if (order.cancelled) return { ok: false, status: 409, message: WORKFLOW_MESSAGES.cancelled };
  if (!artwork) return { ok: false, status: 409, message: ARTWORK_MESSAGES.noArtwork };
  if (action === 'upload') {
    if (order.orderStatus !== 'NEEDS_ARTWORK')
      return { ok: false, status: 409, message: ARTWORK_MESSAGES.uploadNotAllowed(order.orderStatus) };
    if (artwork.status === 'APPROVED')
      return { ok: false, status: 409, message: ARTWORK_MESSAGES.alreadyApproved };
    if (order.csrArtPrepared) return { ok: false, status: 409, message: ARTWORK_MESSAGES.approvalRequested };
    return { ok: true };
  }
  if (order.orderStatus !== 'NEEDS_ART_APPROVAL')
    return { ok: false, status: 409, message: ARTWORK_MESSAGES.reviewNotAllowed(order.orderStatus) };
  if (artwork.status === 'NEEDS_UPLOAD')
    return { ok: false, status: 409, message: ARTWORK_MESSAGES.nothingToReview };
  if (artwork.artworkFinalized) return { ok: false, status: 409, message: ARTWORK_MESSAGES.finalized };
  return { ok: true };
}

/** The artwork actions `actor` may take on one line now. */
export function availableArtworkActions(
  order: Pick<WorkflowOrder, 'orderStatus' | 'cancelled' | 'csrArtPrepared'>,
  artwork: { status: ArtworkStatus; artworkFinalized: boolean } | null,
  actor: WorkflowActor,
): ArtworkAction[] {
  return ARTWORK_ACTIONS.filter((a) => checkArtworkAction(a, order, artwork, actor).ok);
}

/**
 * 'Edit' is offered on rejected artwork or approved-not-finalized artwork (ordering §4): the
 * reviewer changes a decision already taken.
 */
export const artworkEditOffered = (artwork: { status: ArtworkStatus; artworkFinalized: boolean }) =>
  artwork.status === 'REJECTED' || (artwork.status === 'APPROVED' && !artwork.artworkFinalized);

/**
 * The Needs Action / All tab shown first (ordering §4 Tabs and documents): in NEEDS_ARTWORK a CSR
 * sees Needs Action; in NEEDS_ART_APPROVAL a vendor does; every other case shows All.
 */
export function defaultItemsTab(status: OrderStatus, role: Role): 'NEEDS_ACTION' | 'ALL' {
  if (status === 'NEEDS_ARTWORK' && role === 'CSR') return 'NEEDS_ACTION';
  if (status === 'NEEDS_ART_APPROVAL' && role === 'VENDOR') return 'NEEDS_ACTION';
  return 'ALL';
}

/** A line needs action when its artwork still waits for an upload (Placed) or a review (Art Prepared). */
export function itemNeedsAction(
  status: OrderStatus,
  artwork: { status: ArtworkStatus; artworkFinalized: boolean } | null,
): boolean {
  if (!artwork) return false;
  if (status === 'NEEDS_ARTWORK') return artwork.status === 'NEEDS_UPLOAD' || artwork.status === 'REJECTED';
  if (status === 'NEEDS_ART_APPROVAL') return artwork.status === 'UPLOADED';
  return false;
}

/** The per-line artwork banners (ordering §4 Item artwork), by their keys in LABELS.artworkBanner. */
export type ArtworkBannerKind = 'needsUpload' | 'rejected' | 'uploaded' | 'requiresReview' | 'approved';

/**
 * Which banner a line's artwork shows on order details (ordering §4 Per-item banners), or null for
 * none. A cancelled order never moves again (ordering §3 cancelled), so its lines ask for nothing:
 * no 'Needs Artwork Upload', and uploaded artwork reads 'Artwork Uploaded', not 'Requires Artwork
 * Review' (docs/decisions/0038). Rejected and approved artwork still say what they are.
 */
export function artworkBannerKind(
  artworkStatus: ArtworkStatus,
  order: { orderStatus: OrderStatus; cancelled: boolean },
): ArtworkBannerKind | null {
  switch (artworkStatus) {
    case 'NEEDS_UPLOAD':
      return order.cancelled ? null : 'needsUpload';
    case 'UPLOADED':
      // Uploaded artwork waits for review once approval has been requested.
      return order.orderStatus === 'NEEDS_ART_APPROVAL' && !order.cancelled ? 'requiresReview' : 'uploaded';
    case 'REJECTED':
      return 'rejected';
    case 'APPROVED':
      return 'approved';
  }
}

/** Related documents can be uploaded only while the order is the cart (ordering §4). */
export const relatedDocumentUploadAllowed = (s: OrderStatus) => s === 'PENDING';
