/**
 * Order calls (ordering §7 Orders: GET /orders, GET /orders/{id}, the order actions, the completion
 * date and the invoice number), their TanStack Query keys and hooks. Types are the shared contract's
 * (schemas/orders.ts). Artwork calls are in artwork.ts, document calls in documents.ts.
 *
 * Every change to an order answers `{ message, order }` and goes through `useOrderCommand`: the
 * order answered replaces the cached one and the order lists are refetched.
 */
import {
  type CompletionDateBody,
  type InvoiceNumberBody,
  type NeedsActionResponse,
  type OrderAction,
  type OrderActionResponse,
  type OrderDetails,
  type OrderListQueryInput,
  type OrderListResponse,
  OVERLAYS,
} from '@selvedge/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { type CommandRunner, useCommand } from './commands';

/** Query of GET /orders as the screen sends it (every filter optional; page and size always set). */
export type OrderListParams = OrderListQueryInput & { page: number; size: number };

/** Query keys of the order calls (one factory, so invalidation can target lists, details or one order). */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (params: OrderListParams) => [...orderKeys.lists(), params] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (orderId: number) => [...orderKeys.details(), orderId] as const,
  /** "Needs my action" counts of the signed-in user (GET /orders/needs-action). */
  needsAction: (userId: string) => [...orderKeys.all, 'needs-action', userId] as const,
  /** Scope of the commands on one order (busy state shared by every button of the screen). */
  command: (orderId: number) => [...orderKeys.all, 'command', orderId] as const,
};

/** GET /orders: one page of the placed orders matching the filters (empty filters are left out). */
export function fetchOrders(params: OrderListParams, signal?: AbortSignal): Promise<OrderListResponse> {
  return api.get<OrderListResponse>('/orders', {
    query: { ...params } as Record<string, string | number | undefined>,
    signal,
  });
}

/** GET /orders/{id}: one placed order as the signed-in role may see it. */
export function fetchOrder(orderId: number, signal?: AbortSignal): Promise<OrderDetails> {
  return api.get<OrderDetails>(`/orders/${orderId}`, { signal });
}

/**
 * The order list for `params` (nothing is fetched while `params` is null). The previous page stays
 * on screen while the next one loads. The screen shows a failure itself (one error panel in place of
 * the results), so the global red message is silenced.
 */
export function useOrderListQuery(params: OrderListParams | null) {
  return useQuery({
    queryKey: params ? orderKeys.list(params) : [...orderKeys.lists(), 'idle'],
    queryFn: ({ signal }) => fetchOrders(params as OrderListParams, signal),
    enabled: params !== null,
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });
}

/** GET /orders/needs-action: per step of the user's role, how many orders wait for the user. */
export function fetchNeedsAction(signal?: AbortSignal): Promise<NeedsActionResponse> {
  return api.get<NeedsActionResponse>('/orders/needs-action', { signal });
}

/**
 * "Needs my action" of the signed-in user (pass null for a user whose role takes no step: nothing is
 * fetched). Shown by the order list and the navigation bar's badge; a failure is left quiet (the
 * counts are a convenience, the list still works).
 */
export function useNeedsActionQuery(userId: string | null) {
  return useQuery({
    queryKey: orderKeys.needsAction(userId ?? ''),
    queryFn: ({ signal }) => fetchNeedsAction(signal),
    enabled: userId !== null,
    meta: { silentError: true },
  });
}

/**
 * One order's details (nothing is fetched while `orderId` is null). The screen handles failures
 * itself (red message, then home: ordering §2 Order details), so the global message is silenced.
 */
export function useOrderDetailsQuery(orderId: number | null) {
  return useQuery({
    queryKey: orderKeys.detail(orderId ?? 0),
    queryFn: ({ signal }) => fetchOrder(orderId as number, signal),
    enabled: orderId !== null,
    meta: { silentError: true },
  });
}

// ---- order actions (ordering §4 Order actions, §7 Orders and Artwork) ----

/** The order actions shown as buttons: every action but placing and the field actions (FIELD_ACTIONS). */
export type OrderButtonAction = Exclude<
  OrderAction,
  'place' | 'setEstimatedCompletionDate' | 'setInvoiceNumber' | 'uploadShippingDocument'
>;

/** The call and the overlay text of each action button (ordering §7, §8 Progress overlays). */
export const ORDER_ACTION_CALLS: Record<
  OrderButtonAction,
  { method: 'PUT' | 'POST'; path: (orderId: number) => string; overlay: string }
> = {
  requestArtworkApproval: {
    method: 'PUT',
    path: (id) => `/orders/${id}/artwork/prepare`,
    overlay: OVERLAYS.requestingApproval,
  },
  submitReviews: {
    method: 'PUT',
    path: (id) => `/orders/${id}/artwork/review`,
    overlay: OVERLAYS.submittingReviews,
  },
  completeProduction: {
    method: 'POST',
    path: (id) => `/orders/${id}/complete-production`,
    overlay: OVERLAYS.updatingOrder,
  },
  approveFinance: {
    method: 'POST',
    path: (id) => `/orders/${id}/approve-finance`,
    overlay: OVERLAYS.approvingFinance,
  },
  shipAndComplete: {
    method: 'POST',
    path: (id) => `/orders/${id}/ship-and-complete`,
    overlay: OVERLAYS.updatingOrder,
  },
  cancel: { method: 'PUT', path: (id) => `/orders/cancel-order/${id}`, overlay: OVERLAYS.cancellingOrder },
};

/** True for an action shown as a button of the actions bar. */
export const isButtonAction = (action: OrderAction): action is OrderButtonAction =>
  Object.hasOwn(ORDER_ACTION_CALLS, action);

/** Takes one order action; answers the success text and the order as the user may now see it. */
export function takeOrderAction(action: OrderButtonAction, orderId: number): Promise<OrderActionResponse> {
  const { method, path } = ORDER_ACTION_CALLS[action];
  return method === 'PUT'
    ? api.put<OrderActionResponse>(path(orderId))
    : api.post<OrderActionResponse>(path(orderId));
}

/** POST /orders/completion-date: the estimated completion date (YYYY-MM-DD, not before today). */
export function setEstimatedCompletionDate(body: CompletionDateBody): Promise<OrderActionResponse> {
  return api.post<OrderActionResponse>('/orders/completion-date', body);
}

/** PUT /orders/invoice-number: the invoice number ('' clears it). */
export function setInvoiceNumber(body: InvoiceNumberBody): Promise<OrderActionResponse> {
  return api.put<OrderActionResponse>('/orders/invoice-number', body);
}

/**
 * Runs the changes of one order (every button, upload and field of order details): overlay,
 * success message, the answered order into the cache, order lists refetched; a 409 refetches the
 * order (its state changed under the user).
 */
export function useOrderCommand(orderId: number): CommandRunner<OrderActionResponse> {
  const queryClient = useQueryClient();
  return useCommand<OrderActionResponse>(orderKeys.command(orderId), {
    onSuccess: (answer) => {
      queryClient.setQueryData(orderKeys.detail(orderId), answer.order);
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: [...orderKeys.all, 'needs-action'] });
    },
    onConflict: () => queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId), exact: true }),
  });
}
