/**
 * Cart calls (ordering §7 Orders: /orders/cart, /orders/cart-status). The cart screen adds its
 * fetch functions and hooks here; invalidate `cartKeys.all` after any change to the cart so the
 * navigation bar's count follows.
 */
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from './client';

/** Answer of GET /orders/cart-status (assumed shape: the spec does not show its fields). */
export interface CartStatus {
  itemCount: number;
}

export const cartKeys = {
  all: ['cart'] as const,
  status: (userId: string) => [...cartKeys.all, 'status', userId] as const,
};

/** GET /orders/cart-status. A 404 (call not served yet, or no cart) counts as an empty cart. */
export async function fetchCartStatus(signal?: AbortSignal): Promise<CartStatus> {
  try {
    const answer = await api.get<Partial<CartStatus> | undefined>('/orders/cart-status', { signal });
    const count = Number(answer?.itemCount ?? 0);
    return { itemCount: Number.isFinite(count) ? count : 0 };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { itemCount: 0 };
    throw error;
  }
}

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
