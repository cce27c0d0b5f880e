/** Layout checks of the journeys (issue 28 §3: every screen fits 390 px). */
import { expect, type Page } from '@playwright/test';

/**
 * Expects the page no wider than its viewport (a side scroll would hide its right side). Polled:
 * right after a resize the layout may not have followed yet (seen on a busy machine); a page that
 * stays wider fails.
 */
export async function expectNoSideScroll(page: Page) {
  await expect
    .poll(
      () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
      { message: 'the page is wider than its viewport' },
    )
    .toBe(true);
}
