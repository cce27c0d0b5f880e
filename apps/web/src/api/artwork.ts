/**
 * Artwork calls (ordering §7 Artwork): upload a version of a line's artwork, approve or reject it,
 * and fetch a version's file to show or download. Uploads and reviews answer `{ message, order }`
 * and run through `useOrderCommand` (orders.ts).
 */
import type { ArtworkReviewBody, OrderActionResponse } from '@selvedge/shared';
import { useQuery } from '@tanstack/react-query';
import { api, apiDownload, apiUpload } from './client';

/** Query keys of artwork files: a version never changes, so its file is fetched once. */
export const artworkKeys = {
  all: ['artwork-files'] as const,
  version: (orderId: number, orderItemId: number, versionId: number) =>
    [...artworkKeys.all, orderId, orderItemId, versionId] as const,
};

/** GET path of one artwork version's file (binary, with Content-Type and Content-Disposition). */
export const artworkVersionPath = (orderId: number, orderItemId: number, versionId: number) =>
  `/orders/${orderId}/artwork/${orderItemId}/versions/${versionId}`;

/** POST /orders/{id}/artwork/{itemId} (multipart field `artwork`): a new version of the line's artwork. */
export function uploadArtwork(
  orderId: number,
  orderItemId: number,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<OrderActionResponse> {
  return apiUpload<OrderActionResponse>(`/orders/${orderId}/artwork/${orderItemId}`, 'artwork', file, {
    onProgress,
  });
}

/** PUT /orders/{id}/artwork/{itemId}: approve or reject the line's newest version (comment required). */
export function reviewArtwork(
  orderId: number,
  orderItemId: number,
  body: ArtworkReviewBody,
): Promise<OrderActionResponse> {
  return api.put<OrderActionResponse>(`/orders/${orderId}/artwork/${orderItemId}`, body);
}

/**
 * One artwork version's file as a Blob, to show it (nothing is fetched while `versionId` is null).
 * The viewer shows the failure itself (a file card with a download button), so no red message.
 */
export function useArtworkFileQuery(orderId: number, orderItemId: number, versionId: number | null) {
  return useQuery({
    queryKey: artworkKeys.version(orderId, orderItemId, versionId ?? 0),
    queryFn: async ({ signal }) =>
      (await apiDownload(artworkVersionPath(orderId, orderItemId, versionId as number), { signal })).blob,
    enabled: versionId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { silentError: true },
  });
}
