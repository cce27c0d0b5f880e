/**
 * Small lookups of the signed-in user (ordering §7 Lookups). Screens add more lookups here
 * (currency types, product groups, vendors, customers...), each with a key in `lookupKeys`.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from './client';

/** Answer of GET /has-vendor. */
export interface HasVendorResponse {
  hasVendor: boolean;
}

export const lookupKeys = {
  all: ['lookups'] as const,
  hasVendor: (userId: string) => [...lookupKeys.all, 'has-vendor', userId] as const,
};

/** GET /has-vendor: whether the signed-in user is linked to a vendor (hides the cart for ADMIN without one). */
export function fetchHasVendor(signal?: AbortSignal): Promise<HasVendorResponse> {
  return api.get<HasVendorResponse>('/has-vendor', { signal });
}

/** Loads hasVendor for the signed-in user (pass null when signed out: nothing is fetched). */
export function useHasVendorQuery(userId: string | null) {
  return useQuery({
    queryKey: lookupKeys.hasVendor(userId ?? ''),
    queryFn: ({ signal }) => fetchHasVendor(signal),
    enabled: !!userId,
    staleTime: 5 * 60_000,
    meta: { silentError: true },
  });
}
