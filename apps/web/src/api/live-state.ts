/**
 * What live updates (api/events.ts) share with the screens, in a module light enough for any chunk:
 * the orders whose details form has unsaved edits on this tab (their page is not refreshed under
 * them: a notice offers to reload), and the latest progress of each variable-data import seen on
 * the stream (the uploads screen's progress bar).
 */
import type { LiveEvent } from '@selvedge/shared';
import { useEffect } from 'react';

/** Orders whose details form has unsaved edits on this tab: their page is not refreshed under them. */
const editing = new Map<number, number>();

/** Marks (or unmarks) order `orderId` as being edited on this tab; answers the undo. */
export function markOrderEditing(orderId: number): () => void {
  editing.set(orderId, (editing.get(orderId) ?? 0) + 1);
  return () => {
    const n = (editing.get(orderId) ?? 1) - 1;
    if (n <= 0) editing.delete(orderId);
    else editing.set(orderId, n);
  };
}

/** Whether a form of order `orderId` has unsaved edits on this tab. */
export const isOrderEditing = (orderId: number) => editing.has(orderId);

/**
 * Holds order `orderId`'s page back from live updates while `dirty` (a field of it has unsaved
 * typing, a review dialog is open): the notice offers Reload instead (docs/decisions/0068).
 */
export function useOrderEditing(orderId: number, dirty: boolean): void {
  useEffect(() => (dirty ? markOrderEditing(orderId) : undefined), [dirty, orderId]);
}

/** Latest progress of each upload seen on the stream, with its rate (rows/s). */
export interface UploadProgress {
  state: string;
  rowsDone: number;
  rowsTotal: number | null;
  rowsPerSecond: number | null;
  /** Seconds left at the current rate, when known. */
  secondsLeft: number | null;
}
const uploads = new Map<number, UploadProgress & { at: number }>();
const uploadListeners = new Set<() => void>();

/** Records an upload event (rate from the previous one); `now` in ms. */
export function recordUploadProgress(
  event: Extract<LiveEvent, { kind: 'upload' }>,
  now = Date.now(),
): UploadProgress {
  const before = uploads.get(event.uploadId);
  const seconds = before ? (now - before.at) / 1000 : 0;
  const rate =
    before && seconds > 0 && event.rowsDone >= before.rowsDone
      ? (event.rowsDone - before.rowsDone) / seconds
      : (before?.rowsPerSecond ?? null);
  const left =
    rate && rate > 0 && event.rowsTotal !== null
      ? Math.max(0, Math.round((event.rowsTotal - event.rowsDone) / rate))
      : null;
  const next = {
    state: event.state,
    rowsDone: event.rowsDone,
    rowsTotal: event.rowsTotal,
    rowsPerSecond: rate === null ? null : Math.round(rate),
    secondsLeft: left,
    at: now,
  };
  uploads.set(event.uploadId, next);
  for (const l of uploadListeners) l();
  return next;
}

/** The live progress of an upload, if an event about it arrived on this tab. */
export const uploadProgressOf = (uploadId: number): UploadProgress | undefined => uploads.get(uploadId);

/** Subscribes to upload progress changes (for useSyncExternalStore). */
export function subscribeUploadProgress(listener: () => void): () => void {
  uploadListeners.add(listener);
  return () => uploadListeners.delete(listener);
}

/** Forgets every upload's progress (tests). */
export function clearUploadProgress(): void {
  uploads.clear();
}
