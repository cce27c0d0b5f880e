/**
 * "The page has settled" for a signed-in tab. Playwright's `networkidle` never comes there: the
 * live-update stream (GET /api/v1.0/events, docs/decisions/0068) stays open as long as the tab is signed in.
 * Instead, wait until no request but that stream has been running for `ms`: the requests are
 * counted from the page's own events (attach with `trackRequests` before the navigation).
 */
import type { Page, Request } from '@playwright/test';

/** Whether `url` is the live-update stream's, whatever its query (a first stream carries ?dataAge=, decision 0076). */
export const isLiveStreamUrl = (url: URL) => url.pathname === '/api/v1.0/events';
const isLiveStream = (r: Request) => isLiveStreamUrl(new URL(r.url()));

/** Turns the page's live updates off: its stream requests fail, so no other user's change refetches anything. */
export async function withoutLiveUpdates(page: Page): Promise<void> {
  await page.route(isLiveStreamUrl, (route) => route.abort());
}
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
