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
  customers: () => [...lookupKeys.all, 'customers'] as const,
  restockingCustomers: () => [...lookupKeys.all, 'restocking-customers'] as const,
  userPermissions: (userId: string) => [...lookupKeys.all, 'user-permissions', userId] as const,
  vendors: () => [...lookupKeys.all, 'vendors'] as const,
  productionRegions: () => [...lookupKeys.all, 'production-regions'] as const,
  productSearchProductionRegions: () => [...lookupKeys.all, 'product-search-production-regions'] as const,
  productGroups: () => [...lookupKeys.all, 'product-groups'] as const,
  maxArtworkUploadSize: () => [...lookupKeys.all, 'max-artwork-upload-size'] as const,
  hasRootsCustomer: (userId: string) => [...lookupKeys.all, 'has-roots-customer', userId] as const,
  hasDunnesCustomer: (userId: string) => [...lookupKeys.all, 'has-dunnes-customer', userId] as const,
  customerDefault: (userId: string, name: string, value: string) =>
    [...lookupKeys.all, 'customer-default', userId, name, value] as const,
};

/**
 * GET /customer-default-is-equal-to?defaultName&isEqualTo: whether a customer the user orders for has
 * the named default equal to the value (ordering §5: VARIABLE_DATA_STYLE_NUMBER_REQUIRED makes the
 * style number required in variable-data search). Nothing is fetched while `userId` is null.
 */
export function useCustomerDefaultIsEqualToQuery(
  userId: string | null,
  defaultName: string,
  isEqualTo: string,
) {
  return useQuery({
    queryKey: lookupKeys.customerDefault(userId ?? '', defaultName, isEqualTo),
    queryFn: ({ signal }) =>
      api.get<{ value: boolean }>('/customer-default-is-equal-to', {
        query: { defaultName, isEqualTo },
        signal,
      }),
    enabled: !!userId,
    staleTime: 5 * 60_000,
    meta: { silentError: true },
  });
}

/**
 * GET /has-roots-customer: whether the user sees a Roots customer (the Roots inventory download
 * buttons show only then; ordering §2 Order list). Nothing is fetched while `userId` is null.
 */
export function useHasRootsCustomerQuery(userId: string | null) {
  return useQuery({
    queryKey: lookupKeys.hasRootsCustomer(userId ?? ''),
    queryFn: ({ signal }) =>
      api.get<import('@selvedge/shared').HasRootsCustomerResponse>('/has-roots-customer', { signal }),
    enabled: !!userId,
    staleTime: 5 * 60_000,
    meta: { silentError: true },
  });
}

/**
 * GET /has-dunnes-customer: whether the user sees a Dunnes (FLAT_FILE) customer ('Download Data' shows
 * only on that customer's orders; ordering §2 Order list). Nothing is fetched while `userId` is null.
 */
export function useHasDunnesCustomerQuery(userId: string | null) {
  return useQuery({
    queryKey: lookupKeys.hasDunnesCustomer(userId ?? ''),
    queryFn: ({ signal }) =>
      api.get<import('@selvedge/shared').HasDunnesCustomerResponse>('/has-dunnes-customer', { signal }),
    enabled: !!userId,
    staleTime: 5 * 60_000,
    meta: { silentError: true },
  });
}

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

// ---- Customers, vendors and production regions (order-list filter selects; ordering §7 Lookups) ----

/** GET /customers: the customers the signed-in user may see (not fetched while `enabled` is false). */
export function useCustomersQuery(enabled = true) {
  return useQuery({
    queryKey: lookupKeys.customers(),
    queryFn: ({ signal }) => api.get<import('@selvedge/shared').CustomersResponse>('/customers', { signal }),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** GET /vendors: the vendors the signed-in user may see (and which customer each buys for). */
export function useVendorsQuery() {
  return useQuery({
    queryKey: lookupKeys.vendors(),
    queryFn: ({ signal }) => api.get<import('@selvedge/shared').VendorsResponse>('/vendors', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** GET /entity/production-regions: every production region. */
export function useProductionRegionsQuery() {
  return useQuery({
    queryKey: lookupKeys.productionRegions(),
    queryFn: ({ signal }) =>
      api.get<import('@selvedge/shared').ProductionRegionsResponse>('/entity/production-regions', { signal }),
    staleTime: 5 * 60_000,
  });
}

// ---- Product search lookups (product-list search form; ordering §2 Product list, §7 Lookups) ----

/**
 * GET /entity/product-search-production-regions: the regions where the user has products to order,
 * and the default choice (`productionRegion`: the only region, else null).
 */
export function useProductSearchProductionRegionsQuery() {
  return useQuery({
    queryKey: lookupKeys.productSearchProductionRegions(),
    queryFn: ({ signal }) =>
      api.get<import('@selvedge/shared').ProductSearchProductionRegionsResponse>(
        '/entity/product-search-production-regions',
        { signal },
      ),
    staleTime: 5 * 60_000,
  });
}

/** GET /refs/product-group: the product groups (value for the search, displayName for the list). */
export function useProductGroupsQuery() {
  return useQuery({
    queryKey: lookupKeys.productGroups(),
    queryFn: ({ signal }) =>
      api.get<import('@selvedge/shared').ProductGroupsResponse>('/refs/product-group', { signal }),
    staleTime: 30 * 60_000,
  });
}

// ---- Upload limit (artwork and document uploads; ordering §5 Artwork upload, §9) ----

/**
 * GET /orders/max-artwork-upload-size: the largest file the server takes (maxSizeInBytes,
 * maxSizeInMB). Uploads check it before sending; without it (still loading, failed) the server's
 * own 413 answers instead.
 */
export function useMaxArtworkUploadSizeQuery() {
  return useQuery({
    queryKey: lookupKeys.maxArtworkUploadSize(),
    queryFn: ({ signal }) =>
      api.get<import('@selvedge/shared').MaxArtworkUploadSizeResponse>('/orders/max-artwork-upload-size', {
        signal,
      }),
    staleTime: 30 * 60_000,
    meta: { silentError: true },
  });
}

/** GET /restocking-customers: customers with inventory products the user may restock for (ordering §2 Restock). */
export function useRestockingCustomersQuery(enabled = true) {
  return useQuery({
    queryKey: lookupKeys.restockingCustomers(),
    queryFn: ({ signal }) =>
      api.get<import('@selvedge/shared').RestockingCustomersResponse>('/restocking-customers', { signal }),
    enabled,
  });
}

/**
 * GET /user-permissions: the per-user permissions the signed-in user holds (role and own flag,
 * docs/decisions/0040). Pass null when there is nothing to ask (signed out, or a role no permission
 * admits): nothing is fetched.
 */
export function useUserPermissionsQuery(userId: string | null) {
  return useQuery({
    queryKey: lookupKeys.userPermissions(userId ?? ''),
    queryFn: ({ signal }) =>
      api.get<import('@selvedge/shared').UserPermissionsResponse>('/user-permissions', { signal }),
    enabled: !!userId,
    staleTime: 60_000,
    meta: { silentError: true },
  });
}
