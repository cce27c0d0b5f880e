/**
 * Order list and order details calls (ordering §7 Orders: GET /orders, GET /orders/{id}), their
 * TanStack Query keys and hooks. Types are the shared contract's (schemas/orders.ts).
 *
 * Order actions, artwork, documents and downloads add their calls here too; after any change to an
 * order, invalidate `orderKeys.all` (lists and details follow).
 */
import type { OrderDetails, OrderListQueryInput, OrderListResponse } from '@selvedge/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './client';

/** Query of GET /orders as the screen sends it (every filter optional; page and size always set). */
export type OrderListParams = OrderListQueryInput & { page: number; size: number };

/** Query keys of the order calls (one factory, so invalidation can target lists, details or one order). */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (params: OrderListParams) => [...orderKeys.lists(), params] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (orderId: number) => [...orderKeys.details(), orderId] as const,
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
 * on screen while the next one loads. Failures show as red messages (global handler).
 */
export function useOrderListQuery(params: OrderListParams | null) {
  return useQuery({
    queryKey: params ? orderKeys.list(params) : [...orderKeys.lists(), 'idle'],
    queryFn: ({ signal }) => fetchOrders(params as OrderListParams, signal),
    enabled: params !== null,
    placeholderData: keepPreviousData,
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
