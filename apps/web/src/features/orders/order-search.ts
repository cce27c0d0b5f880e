/**
 * The order search criteria of the order list (ordering §3 Session state: order search defaults;
 * §4 List filter mapping; §5 Order date filter; §9). Criteria are kept in sessionStorage under the
 * screen's key ('order-search') together with the user they belong to, so returning to the list shows
 * the same search, and another user signing in on the same tab starts from the defaults.
 *
 * An order number searches that order alone, whatever the other filters (docs/decisions/0016);
 * "Needs my action" (needsAction) lists the orders waiting for the user at one step.
 */
import {
  canSee,
  FINANCE_APPROVAL_FILTERS,
  LIMITS,
  NEEDS_ACTION_STEPS,
  type NeedsActionStep,
  OPEN_ORDERS_FILTER,
  ORDER_STATUS_FILTERS,
  type OrderStatusFilter,
  parseFilterDate,
  type Role,
  VALIDATION_MESSAGES,
} from '@selvedge/shared';
import dayjs from 'dayjs';
import type { OrderListParams } from '../../api/orders';
import { readStoredCriteria, writeStoredCriteria } from '../search/stored-criteria';

/** The screen's sessionStorage key. */
export const ORDER_SEARCH_KEY = 'order-search';

export type FinanceApprovalFilter = (typeof FINANCE_APPROVAL_FILTERS)[number]['value'];

/** Criteria of one order search, as the form holds them (ids as strings for the selects). */
export interface OrderSearchCriteria {
  /** Exact order number, digits only; '' = any. */
  orderNumber: string;
  financeApproval: FinanceApprovalFilter | null;
  /** A value of ordering §4 List filter mapping (READY_TO_SHIP = Open Orders); null = any status. */
  orderStatus: OrderStatusFilter | null;
  /** Only the orders waiting for the user at this step ("Needs my action"); null = no such filter. */
  needsAction: NeedsActionStep | null;
  customer: string | null;
  /** Vendor id (the ordering company); always null for roles without the Company filter (CSR). */
  company: string | null;
  productionRegion: string | null;
  /** 'YYYY-MM-DD' or null. */
  startDate: string | null;
  /** 'YYYY-MM-DD' or null; never before startDate. */
  endDate: string | null;
  page: number;
  size: number;
}

/** Largest order number the server takes (a 32-bit id). */
export const MAX_ORDER_NUMBER = 2_147_483_647;

const DAY = 'YYYY-MM-DD';

/** The default start date: LIMITS.orderFilterStartDaysBack days before today, as 'YYYY-MM-DD'. */
export function defaultStartDate(today: dayjs.Dayjs = dayjs()): string {
  return today.subtract(LIMITS.orderFilterStartDaysBack, 'day').format(DAY);
}

/**
 * The defaults of ordering §3 Session state: no order number, Open Orders, start date 30 days back,
 * no end date, no customer/company/region, finance approval none (Not Approved for FINANCE), page 0,
 * size 50.
 */
export function defaultCriteria(role: Role | null, today?: dayjs.Dayjs): OrderSearchCriteria {
  return {
    orderNumber: '',
    financeApproval: role === 'FINANCE' ? 'NOT_APPROVED' : null,
    orderStatus: OPEN_ORDERS_FILTER,
    needsAction: null,
    customer: null,
    company: null,
    productionRegion: null,
    startDate: defaultStartDate(today),
    endDate: null,
    page: 0,
    size: LIMITS.orderPageSize,
  };
}

/** True when the role may use the Company filter (disabled for CSR, ordering §6). */
export const canFilterByCompany = (role: Role | null) => canSee('companyFilter', role);

/**
 * The search of one "Needs my action" step: the orders waiting at `step`, whatever their status,
 * date, finance approval or parties (the step says which).
 */
export function needsActionCriteria(role: Role | null, step: NeedsActionStep): OrderSearchCriteria {
  return {
    ...defaultCriteria(role),
    financeApproval: null,
    orderStatus: null,
    startDate: null,
    needsAction: step,
  };
}

/** True when the search is one order number: the other filters do not apply (docs/decisions/0016). */
export const searchesOrderNumber = (c: Pick<OrderSearchCriteria, 'orderNumber'>) => c.orderNumber !== '';

/** An end date before the start date is cleared (ordering §5 Order date filter). */
export function withDateRule(c: OrderSearchCriteria): OrderSearchCriteria {
  if (c.startDate && c.endDate && c.endDate < c.startDate) return { ...c, endDate: null };
  return c;
}

/** Null when the order number is acceptable ('' or digits up to MAX_ORDER_NUMBER), else the error text. */
export function orderNumberError(orderNumber: string): string | null {
  if (orderNumber === '') return null;
  if (!/^\d{1,10}$/.test(orderNumber) || Number(orderNumber) > MAX_ORDER_NUMBER || Number(orderNumber) < 1) {
    return VALIDATION_MESSAGES.orderNumberFilter;
  }
  return null;
}

// ---------------------------------------------------------------- storage

const STATUS_VALUES: readonly string[] = ORDER_STATUS_FILTERS.map((f) => f.value);
const STEP_VALUES: readonly string[] = NEEDS_ACTION_STEPS;
const APPROVAL_VALUES: readonly string[] = FINANCE_APPROVAL_FILTERS.map((f) => f.value);

const idOrNull = (v: unknown): string | null => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? v : null);
/**
 * A calendar day the server's filter takes (parseFilterDate, ordering §9), else null: dayjs alone
 * reads '2026-02-30' as 2 March and called it valid.
 */
const dayOrNull = (v: unknown): string | null => {
  if (typeof v !== 'string') return null;
  const date = parseFilterDate(v);
  return date?.day === v ? v : null;
};

/** Reads stored criteria defensively: anything unreadable falls back to the default of that field. */
function sanitize(raw: unknown, role: Role | null): OrderSearchCriteria {
  const d = defaultCriteria(role);
  if (!raw || typeof raw !== 'object') return d;
  const r = raw as Record<string, unknown>;
  const orderNumber =
    typeof r.orderNumber === 'string' && orderNumberError(r.orderNumber) === null ? r.orderNumber : '';
  const page = typeof r.page === 'number' && Number.isInteger(r.page) && r.page >= 0 ? r.page : 0;
  return withDateRule({
    orderNumber,
    financeApproval:
      r.financeApproval === null
        ? null
        : typeof r.financeApproval === 'string' && APPROVAL_VALUES.includes(r.financeApproval)
          ? (r.financeApproval as FinanceApprovalFilter)
          : d.financeApproval,
    orderStatus:
      r.orderStatus === null
        ? null
        : typeof r.orderStatus === 'string' && STATUS_VALUES.includes(r.orderStatus)
          ? (r.orderStatus as OrderStatusFilter)
          : d.orderStatus,
    needsAction:
      typeof r.needsAction === 'string' && STEP_VALUES.includes(r.needsAction)
        ? (r.needsAction as NeedsActionStep)
        : null,
    customer: idOrNull(r.customer),
    company: canFilterByCompany(role) ? idOrNull(r.company) : null,
    productionRegion: idOrNull(r.productionRegion),
    startDate: r.startDate === null ? null : (dayOrNull(r.startDate) ?? d.startDate),
    endDate: dayOrNull(r.endDate),
    page,
    size: LIMITS.orderPageSize,
  });
}

/** The stored criteria of this user, else the defaults of the role. */
export function loadCriteria(userId: string | null, role: Role | null): OrderSearchCriteria {
  const stored = readStoredCriteria(ORDER_SEARCH_KEY, userId);
  return stored ? sanitize(stored, role) : defaultCriteria(role);
}

/** Keeps the criteria of the last search for this user. */
export function saveCriteria(userId: string | null, criteria: OrderSearchCriteria): void {
  writeStoredCriteria(ORDER_SEARCH_KEY, userId, criteria);
}

/**
 * The GET /orders query for the criteria (empty filters left out; dates as 'YYYY-MM-DD'). An order
 * number is sent alone: the server ignores every other filter then (docs/decisions/0016).
 */
export function toListParams(c: OrderSearchCriteria): OrderListParams {
  if (searchesOrderNumber(c)) return { orderNumber: c.orderNumber, page: c.page, size: c.size };
  const params: OrderListParams = { page: c.page, size: c.size };
  if (c.orderStatus) params.orderStatus = c.orderStatus;
  if (c.needsAction) params.needsAction = c.needsAction;
  if (c.financeApproval) params.financeApproval = c.financeApproval;
  if (c.customer) params.customer = c.customer;
  if (c.company) params.company = c.company;
  if (c.productionRegion) params.productionRegion = c.productionRegion;
  if (c.startDate) params.startDate = c.startDate;
  if (c.endDate && (!c.startDate || c.endDate >= c.startDate)) params.endDate = c.endDate;
  return params;
}

/**
 * How many filters the criteria apply (the Filters toggle's count, decision 0038): the filters
 * toListParams sends, page and size aside (an order number alone counts 1, as it searches alone).
 */
export function activeFilterCount(c: OrderSearchCriteria): number {
  const { page: _page, size: _size, ...filters } = toListParams(c);
  return Object.keys(filters).length;
}
