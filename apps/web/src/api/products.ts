/**
 * Product calls (ordering §7 Products: GET /products, GET /products/details, GET
 * /products/edit-details/{orderItemId}, GET /common/product-image/{path}) and the order-line calls
 * the product details screen makes (POST /orders add to order, PUT /orders update a cart line).
 * Types are the shared contract's (schemas/products.ts, schemas/cart.ts).
 *
 * After a line is added or updated, the cart keys (`cartKeys.all`, the navigation bar's count) and
 * the product details (their cart quantities) are invalidated.
 */
import type {
  DynamicSearchResponse,
  OrderLinePayload,
  OrderLineResponse,
  ProductCareLabelResponse,
  ProductDetailsResponse,
  ProductSearchResponse,
  UpdateOrderLinePayload,
  VariableDataSearchResponse,
} from '@selvedge/shared';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { cartKeys } from './cart';
import { api, apiDownload } from './client';
import { useObjectUrl } from './files';

/** Query of GET /products (STANDARD search) as the screen sends it. */
export interface ProductSearchParams {
  productionRegion: number;
  productGroup?: string;
  search?: string;
  page: number;
  size: number;
}

/** Query of GET /products/variable-data (variable-data mode) as the screen sends it. */
export interface VariableDataSearchParams {
  productionRegion: number;
  poNumber?: string;
  styleNumber?: string;
  /** The PO search group: PLACED, UPLOADED or SHIPPED. */
  orderStatus: string;
  page: number;
  size: number;
}

/** GET /products/variable-data: one page of POs and styles (ordering §2 Product list, variable-data mode). */
export function fetchVariableDataProducts(
  params: VariableDataSearchParams,
  signal?: AbortSignal,
): Promise<VariableDataSearchResponse> {
  return api.get<VariableDataSearchResponse>('/products/variable-data', {
    query: { ...params },
    signal,
  });
}

/** One page of the variable-data search (nothing is fetched while `params` is null); the previous page stays while the next loads. */
export function useVariableDataSearchQuery(params: VariableDataSearchParams | null) {
  return useQuery({
    queryKey: params
      ? ([...productKeys.all, 'variable-data', params] as const)
      : [...productKeys.all, 'variable-data', 'idle'],
    queryFn: ({ signal }) => fetchVariableDataProducts(params as VariableDataSearchParams, signal),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /products/variable-data/dynamic/{id}?styleNumber&poNumber: the variants of a DYNAMIC product (ordering §5 Dynamic search). */
export function fetchDynamicVariants(
  productItemId: number,
  search: { styleNumber: string; poNumber: string },
  signal?: AbortSignal,
): Promise<DynamicSearchResponse> {
  return api.get<DynamicSearchResponse>(`/products/variable-data/dynamic/${productItemId}`, {
    query: search,
    signal,
  });
}

/** What the details screen loads: product item ids (a new line) or a cart line (edit). */
export type ProductDetailsTarget = { kind: 'new'; ids: number[] } | { kind: 'edit'; orderItemId: number };

/** Query keys of the product calls (one factory, so invalidation can target searches or details). */
export const productKeys = {
  all: ['products'] as const,
  searches: () => [...productKeys.all, 'search'] as const,
  search: (params: ProductSearchParams) => [...productKeys.searches(), params] as const,
  details: () => [...productKeys.all, 'details'] as const,
  detail: (target: ProductDetailsTarget) =>
    target.kind === 'new'
      ? ([...productKeys.details(), 'ids', target.ids.join(',')] as const)
      : ([...productKeys.details(), 'edit', target.orderItemId] as const),
  image: (path: string) => [...productKeys.all, 'image', path] as const,
};

/** GET /products: one page of STANDARD products (one row per subcode) of the region and group/text. */
export function fetchProducts(
  params: ProductSearchParams,
  signal?: AbortSignal,
): Promise<ProductSearchResponse> {
  return api.get<ProductSearchResponse>('/products', {
    query: {
      productionRegion: params.productionRegion,
      productGroup: params.productGroup,
      search: params.search,
      page: params.page,
      size: params.size,
    },
    signal,
  });
}

/** GET /products/details?ids=1,2 (new line) or GET /products/edit-details/{orderItemId} (edit a cart line). */
export function fetchProductDetails(
  target: ProductDetailsTarget,
  signal?: AbortSignal,
): Promise<ProductDetailsResponse> {
  return target.kind === 'new'
    ? api.get<ProductDetailsResponse>('/products/details', { query: { ids: target.ids.join(',') }, signal })
    : api.get<ProductDetailsResponse>(`/products/edit-details/${target.orderItemId}`, { signal });
}

/** GET /products/care-label?productSubcodeId=: the care label editor's type and the customer's configuration. */
export function fetchProductCareLabel(productSubcodeId: number, signal?: AbortSignal) {
  return api.get<ProductCareLabelResponse>('/products/care-label', { query: { productSubcodeId }, signal });
}

/**
 * The care label configurations of the products that carry one (ordering §2 Product details, care
 * label editor), by productSubcodeId; refetched on each visit so a changed configuration shows.
 */
export function useProductCareLabelQueries(productSubcodeIds: number[]) {
  return useQueries({
    queries: productSubcodeIds.map((id) => ({
      queryKey: [...productKeys.all, 'care-label', id] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchProductCareLabel(id, signal),
      staleTime: 0,
    })),
  });
}

/** POST /orders: adds a line to the user's cart. */
export function addOrderLine(payload: OrderLinePayload): Promise<OrderLineResponse> {
  return api.post<OrderLineResponse>('/orders', payload);
}

/** PUT /orders: replaces a line of the user's cart. */
export function updateOrderLine(payload: UpdateOrderLinePayload): Promise<OrderLineResponse> {
  return api.put<OrderLineResponse>('/orders', payload);
}

/**
 * One page of the product search (nothing is fetched while `params` is null). The previous page stays
 * on screen while the next one loads; a failure shows as a red message (global handler).
 */
export function useProductSearchQuery(params: ProductSearchParams | null) {
  return useQuery({
    queryKey: params ? productKeys.search(params) : [...productKeys.searches(), 'idle'],
    queryFn: ({ signal }) => fetchProducts(params as ProductSearchParams, signal),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * Product details of a new line or of a cart line (nothing is fetched while `target` is null). Always
 * refetched on a visit (cart quantities change). The screen shows failures itself.
 */
export function useProductDetailsQuery(target: ProductDetailsTarget | null) {
  return useQuery({
    queryKey: target ? productKeys.detail(target) : [...productKeys.details(), 'idle'],
    queryFn: ({ signal }) => fetchProductDetails(target as ProductDetailsTarget, signal),
    enabled: target !== null,
    staleTime: 0,
    meta: { silentError: true },
  });
}

/** Invalidates what a cart change affects: the cart (and its nav count) and product cart quantities. */
function useInvalidateAfterCartChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: cartKeys.all }),
      queryClient.invalidateQueries({ queryKey: productKeys.details() }),
    ]);
}

/** POST /orders. A refusal (409 other customer/region, 400...) shows as a red message (global handler). */
export function useAddOrderLineMutation() {
  const invalidate = useInvalidateAfterCartChange();
  return useMutation({
    mutationFn: addOrderLine,
    onSuccess: () => invalidate(),
  });
}

/** PUT /orders. A refusal shows as a red message (global handler). */
export function useUpdateOrderLineMutation() {
  const invalidate = useInvalidateAfterCartChange();
  return useMutation({
    mutationFn: updateOrderLine,
    onSuccess: () => invalidate(),
  });
}

/** GET /common/product-image/{path} as a Blob (the call needs the bearer token, so no plain <img src>). */
export async function fetchProductImage(path: string, signal?: AbortSignal): Promise<Blob> {
  const encoded = path
    .split('/')
    .filter(Boolean)
    .map((part) => encodeURIComponent(part))
    .join('/');
  const { blob } = await apiDownload(`/common/product-image/${encoded}`, { signal });
  return blob;
}

/**
 * An object URL of the product image (null while loading, without a path, or when it cannot be
 * loaded: the screen then shows no image; no message, the image is optional).
 */
export function useProductImageUrl(path: string | null | undefined): string | null {
  const query = useQuery({
    queryKey: productKeys.image(path ?? ''),
    queryFn: ({ signal }) => fetchProductImage(path as string, signal),
    enabled: !!path,
    staleTime: 10 * 60_000,
    retry: false,
    meta: { silentError: true },
  });
  // Not an image (e.g. an HTML or JSON answer where no image route serves): show none.
  return useObjectUrl(query.data, (blob) => blob.size > 0 && !/^(text\/|application\/json)/i.test(blob.type));
}

/** PUT /products/inventory: new current inventory per product item id (ordering §7 Products). */
export function updateInventory(inventories: Record<number, number>): Promise<{ message: string }> {
  return api.put<{ message: string }>('/products/inventory', { inventories });
}

/** PUT /products/inventory, then the product details (their inventory) reload. A refusal shows as a red message. */
export function useUpdateInventoryMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInventory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.details() }),
  });
}
