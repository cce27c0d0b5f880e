/**
 * "The page has settled" for a signed-in tab. Playwright's `networkidle` never comes there: the
 * live-update stream (GET /api/v1.0/events, docs/decisions/0068) stays open as long as the tab is signed in.
 * Instead, wait until no request but that stream has been running for `ms`: the requests are
 * counted from the page's own events (attach with `trackRequests` before the navigation).
 */
import type { Page, Request } from '@playwright/test';

const isLiveStream = (r: Request) => new URL(r.url()).pathname === '/api/v1.0/events';
const tracked = new WeakMap<Page, Set<Request>>();

/** Starts counting the page's requests in flight (except the live-update stream). Call once per page. */
export function trackRequests(page: Page): void {
  if (tracked.has(page)) return;
  const running = new Set<Request>();
  tracked.set(page, running);
  page.on('request', (r) => {
    if (!isLiveStream(r)) running.add(r);
  });
  page.on('requestfinished', (r) => running.delete(r));
  page.on('requestfailed', (r) => running.delete(r));
}

/** Resolves once no tracked request has been in flight for `ms` (as networkidle, the stream aside). */
export async function waitForQuietNetwork(page: Page, ms = 500, timeoutMs = 30_000): Promise<void> {
  trackRequests(page);
  const running = tracked.get(page)!;
  const until = Date.now() + timeoutMs;
  let quietSince = running.size === 0 ? Date.now() : 0;
  while (Date.now() < until) {
    if (running.size > 0) quietSince = 0;
    else if (!quietSince) quietSince = Date.now();
    else if (Date.now() - quietSince >= ms) return;
    await page.waitForTimeout(50);
  }
  throw new Error(
    `requests still running after ${timeoutMs} ms: ${[...running].map((r) => r.url()).join(', ')}`,
  );
}
