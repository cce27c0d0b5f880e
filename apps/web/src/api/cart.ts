/**
 * Cart calls (ordering §7 Orders: /orders/cart, /orders/cart/{orderItemId}, /orders/place,
 * /orders/shipping-addresses, /orders/cart-status), their query keys and hooks (the related
 * documents' calls are in documents.ts; `useCartCommand` runs them). Types are the shared
 * contract's (schemas/cart.ts). Invalidate `cartKeys.all` after any change to the cart so the
 * navigation bar's count (and the cart screen) follow.
 */
import type {
  Cart,
  CartHeaderUpdate,
  CartStatusResponse,
  OrderAgainResponse,
  PlaceOrderResponse,
  ShippingAddressesResponse,
} from '@selvedge/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from './client';
import { type CommandRunner, useCommand } from './commands';

/** Answer of GET /orders/cart-status as the navigation bar uses it. */
export interface CartStatus {
  itemCount: number;
  /** The cart's order id (null while there is no cart). */
  orderId?: number | null;
}

/** Query keys of the cart calls: everything under `cartKeys.all`, so one invalidation refreshes all. */
export const cartKeys = {
  all: ['cart'] as const,
  status: (userId: string) => [...cartKeys.all, 'status', userId] as const,
  detail: () => [...cartKeys.all, 'detail'] as const,
  shippingAddresses: () => [...cartKeys.all, 'shipping-addresses'] as const,
  /** Scope of the cart's commands (related documents). */
  command: () => [...cartKeys.all, 'command'] as const,
};

// ---- fetch functions ----

/** GET /orders/cart-status. A 404 (call not served yet, or no cart) counts as an empty cart. */
export async function fetchCartStatus(signal?: AbortSignal): Promise<CartStatus> {
  try {
    const answer = await api.get<Partial<CartStatusResponse> | undefined>('/orders/cart-status', { signal });
    const count = Number(answer?.itemCount ?? 0);
    return { itemCount: Number.isFinite(count) ? count : 0, orderId: answer?.orderId ?? null };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { itemCount: 0, orderId: null };
    throw error;
  }
}

/** GET /orders/cart: header, lines, charges and totals as the role may see them. */
export function fetchCart(signal?: AbortSignal): Promise<Cart> {
  return api.get<Cart>('/orders/cart', { signal });
}

/** PUT /orders/cart: saves the given header fields (absent = unchanged, null = cleared); answers the cart. */
export function updateCartHeader(patch: CartHeaderUpdate): Promise<Cart> {
  return api.put<Cart>('/orders/cart', patch);
}

/**
 * POST /orders/{id}/order-again: copies a placed order's lines into the user's cart at today's prices
 * and rules; answers line by line what was copied, changed or left out (docs/decisions/0016).
 */
export function orderAgain(orderId: number): Promise<OrderAgainResponse> {
  return api.post<OrderAgainResponse>(`/orders/${orderId}/order-again`);
}

/** DELETE /orders/cart/{orderItemId}: removes a line from the cart. */
export function removeCartItem(orderItemId: number): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/orders/cart/${orderItemId}`);
}

/**
 * PUT /orders/place?termsAndConditions=true: places the cart. A positive orderId is the new order;
 * -1 to -4 are refusals (ordering §8; `placeOrderMessage` gives the text for the role).
 */
export function placeOrder(termsAndConditions: boolean): Promise<PlaceOrderResponse> {
  return api.put<PlaceOrderResponse>('/orders/place', undefined, {
    query: { termsAndConditions: termsAndConditions ? 'true' : 'false' },
  });
}

/** GET /orders/shipping-addresses: the vendor's saved addresses (optionName and address text). */
export function fetchShippingAddresses(signal?: AbortSignal): Promise<ShippingAddressesResponse> {
  return api.get<ShippingAddressesResponse>('/orders/shipping-addresses', { signal });
}

// ---- hooks ----

/** The cart item count for the navigation bar's cart icon (nothing fetched while `enabled` is false). */
export function useCartStatusQuery(userId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: cartKeys.status(userId ?? ''),
    queryFn: ({ signal }) => fetchCartStatus(signal),
    enabled: enabled && !!userId,
    staleTime: 60_000,
    retry: false,
    meta: { silentError: true },
  });
}

/**
 * The cart for the cart screen: always fetched fresh when the screen opens (lines may have been
 * added elsewhere). A failure shows the red message (global handler) and the screen's error state.
 */
export function useCartQuery() {
  return useQuery({
    queryKey: cartKeys.detail(),
    queryFn: ({ signal }) => fetchCart(signal),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/**
 * The vendor's saved shipping addresses (an empty list for a user without a vendor): read anew each
 * time the cart opens, since one may just have been added on the vendor details (features/cart/new-shipping-address.ts).
 */
export function useShippingAddressesQuery() {
  return useQuery({
    queryKey: cartKeys.shippingAddresses(),
    queryFn: ({ signal }) => fetchShippingAddresses(signal),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/**
 * Runs changes of the cart that answer `{ message }` (related documents: upload, remove) through the
 * app's command mechanism (overlay, success message); the cart is refetched after each, and after
 * a 409 (the cart was placed meanwhile).
 */
export function useCartCommand(): CommandRunner<{ message: string }> {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: cartKeys.detail() });
  return useCommand<{ message: string }>(cartKeys.command(), { onSuccess: refresh, onConflict: refresh });
}

/**
 * Runs Order again (POST /orders/{id}/order-again) through the command mechanism (overlay, the
 * answer's summary as the success message); the cart and its count are refetched after it.
 */
export function useOrderAgainCommand(): CommandRunner<OrderAgainResponse> {
  const queryClient = useQueryClient();
  return useCommand<OrderAgainResponse>([...cartKeys.all, 'order-again'], {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  });
}

/**
 * POST /orders/restock/{customerId}: puts the customer's inventory products below their maximum into
 * the user's cart (ordering §2 Restock); answers the lines added and those the cart refused.
 */
export function restock(customerId: number): Promise<import('@selvedge/shared').RestockResponse> {
  return api.post<import('@selvedge/shared').RestockResponse>(`/orders/restock/${customerId}`);
}

/** Runs Restock through the command mechanism (overlay, success message); the cart and its count are refetched after it. */
export function useRestockCommand(): CommandRunner<import('@selvedge/shared').RestockResponse> {
  const queryClient = useQueryClient();
  return useCommand<import('@selvedge/shared').RestockResponse>([...cartKeys.all, 'restock'], {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  });
}
