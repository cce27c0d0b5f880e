/**
 * Files from the API (ordering §7 Documents, Artwork, Downloads): the one download function of the
 * app and the object URLs that show downloaded files on screen. The token lives in session storage,
 * so no plain link can fetch a file: every file goes fetch → Blob → object URL.
 */
import { OVERLAYS } from '@selvedge/shared';
import { useEffect, useRef, useState } from 'react';
import { showApiError } from '../ui/messages';
import { withOverlay } from '../ui/overlay';
import { apiDownload, type QueryValue, saveDownload } from './client';

/**
 * Downloads `path` (with `query`, e.g. the order list's filters) under the 'Downloading...' overlay
 * and hands it to the browser as a file save, named by the answer's Content-Disposition (ordering
 * §7). A failure shows its red message (ordering §8). Resolves true when the file was saved.
 */
export async function downloadFile(path: string, query?: Record<string, QueryValue>): Promise<boolean> {
  try {
    saveDownload(await withOverlay(OVERLAYS.downloading, apiDownload(path, { query })));
    return true;
  } catch (error) {
    showApiError(error);
    return false;
  }
}

/**
 * An object URL for `blob` while the component shows it (revoked when the blob changes or the
 * component goes); null without a blob, or when `accept` says the blob is not what was expected
 * (e.g. an HTML page where an image was asked for).
 */
export function useObjectUrl(blob: Blob | null | undefined, accept?: (blob: Blob) => boolean): string | null {
  const [url, setUrl] = useState<string | null>(null);
  // `accept` is a rule of the caller, read when the blob changes; it need not be stable.
  const acceptRef = useRef(accept);
  acceptRef.current = accept;
  useEffect(() => {
    if (!blob || (acceptRef.current && !acceptRef.current(blob))) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}
