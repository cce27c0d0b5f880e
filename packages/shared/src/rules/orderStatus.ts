/**
 * Order statuses, their labels and the order-list filter mapping (ordering §4).
 */
export const ORDER_STATUSES = [
  'PENDING',
  'NEEDS_ARTWORK',
  'NEEDS_ART_APPROVAL',
  'PRODUCTION_READY',
  'PRODUCTION_CONFIRMED',
  'READY_TO_SHIP',
  'COMPLETE_AND_SHIPPED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  PENDING: 'Cart',
  NEEDS_ARTWORK: 'Placed',
  NEEDS_ART_APPROVAL: 'Art Prepared',
  PRODUCTION_READY: 'Art Approved',
  PRODUCTION_CONFIRMED: 'Production Confirmed',
  READY_TO_SHIP: 'Ready to ship',
  COMPLETE_AND_SHIPPED: 'Shipped',
};

/** Step number of each status (PENDING is the cart, step 0). */
export const ORDER_STATUS_STEP: Record<OrderStatus, number> = {
  PENDING: 0,
  NEEDS_ARTWORK: 1,
  NEEDS_ART_APPROVAL: 2,
  PRODUCTION_READY: 3,
  PRODUCTION_CONFIRMED: 4,
  READY_TO_SHIP: 5,
  COMPLETE_AND_SHIPPED: 6,
};

/**
 * Values of the order-list status filter, exactly the options of ordering §4 List filter mapping, in
 * its order. 'Open Orders' travels as the spec's wire value READY_TO_SHIP and means every placed order
 * that is not shipped and not cancelled (ARCHITECTURE.md Order life; docs/decisions/0010); every other
 * status value means orders in that status that are not cancelled; CANCELLED uses the cancelled
 * flag. No value (the filter cleared) means any order.
 */
export const ORDER_STATUS_FILTERS = [
  { value: 'READY_TO_SHIP', label: 'Open Orders' },
  { value: 'NEEDS_ARTWORK', label: 'Placed' },
  { value: 'NEEDS_ART_APPROVAL', label: 'Art Prepared' },
  { value: 'PRODUCTION_READY', label: 'Art Approved' },
  { value: 'PRODUCTION_CONFIRMED', label: 'Production Confirmed' },
  { value: 'COMPLETE_AND_SHIPPED', label: 'Shipped' },
  { value: 'CANCELLED', label: 'Cancelled' },
] as const;
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number]['value'];

/** The wire value of 'Open Orders' (ordering §4: Open Orders = READY_TO_SHIP), the list's default. */
export const OPEN_ORDERS_FILTER = 'READY_TO_SHIP' satisfies OrderStatusFilter;

/** What a status filter value selects (docs/decisions/0010): order statuses and the cancelled flag. */
export interface StatusFilterSelection {
  /** The placed statuses selected. */
  statuses: readonly OrderStatus[];
  /** The cancelled flag required. */
  cancelled: boolean;
}

/** The statuses of placed orders (every status but PENDING, the cart). */
export const PLACED_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter((s) => s !== 'PENDING');

/**
 * What a value of the order-list status filter selects (ordering §4 List filter mapping;
 * docs/decisions/0010): Open Orders (READY_TO_SHIP) every placed status but shipped, not cancelled;
 * CANCELLED every placed status, cancelled; any other status itself, not cancelled.
 */
export function statusFilterSelection(filter: OrderStatusFilter): StatusFilterSelection {
  if (filter === OPEN_ORDERS_FILTER) {
    return { statuses: PLACED_STATUSES.filter((s) => s !== 'COMPLETE_AND_SHIPPED'), cancelled: false };
  }
  if (filter === 'CANCELLED') return { statuses: PLACED_STATUSES, cancelled: true };
  return { statuses: [filter], cancelled: false };
}

export const FINANCE_APPROVAL_FILTERS = [
  { value: 'APPROVED', label: 'Approved' },
  { value: 'NOT_APPROVED', label: 'Not Approved' },
] as const;

export interface TrackerStep {
  label: string;
  done: boolean;
}

/**
 * The status tracker (ordering §4): Placed, Art Prepared and Art Approved (only with artwork),
 * Production, Finance (lit when approved) and Shipped.
 */
export function statusTracker(order: {
  orderStatus: OrderStatus;
  hasArtwork: boolean;
  financeApproval: boolean;
}): TrackerStep[] {
  const step = ORDER_STATUS_STEP[order.orderStatus];
  const steps: TrackerStep[] = [{ label: 'Placed', done: step >= 1 }];
  if (order.hasArtwork) {
    steps.push({ label: 'Art Prepared', done: step >= 2 }, { label: 'Art Approved', done: step >= 3 });
  }
  steps.push(
    { label: 'Production', done: step >= 4 },
    { label: 'Finance', done: order.financeApproval },
    { label: 'Shipped', done: step >= 6 },
  );
  return steps;
}
