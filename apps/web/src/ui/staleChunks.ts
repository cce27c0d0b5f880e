/**
 * A tab opened before a deploy asks for the old build's chunks, which the server no longer has (404,
 * ARCHITECTURE.md "After a deploy"): Vite then fires `vite:preloadError` on the window. The app reloads once, fetching the
 * new index.html and its chunks. The time of that reload is kept in session storage: when a chunk
 * still fails right after it (a broken deploy, the network), the error is let through to the route's
 * error screen instead of reloading in a loop.
 */

/** Session storage key holding the time (ms since 1970) of the last reload for a stale chunk. */
export const CHUNK_RELOAD_KEY = 'selvedge.chunkReloadAt';
/** A failure within this long after such a reload is not a stale tab: no second reload. */
const RELOAD_GUARD_MS = 30_000;

/** Listens for failed chunk loads on `win` and reloads the page once (see above). */
export function reloadOnStaleChunk(win: Window = window): void {
  win.addEventListener('vite:preloadError', (event) => {
    const last = Number(win.sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0);
    if (Date.now() - last < RELOAD_GUARD_MS) return;
    event.preventDefault();
    win.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
    win.location.reload();
  });
}
