/** Layout checks of the journeys (decision 0038: every screen fits 390 px). */
import { expect, type Locator, type Page } from '@playwright/test';

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

/**
 * Expects none of `table` behind a sideways scroll: its nearest scrolling box (a Mantine
 * Table.ScrollContainer) is no wider inside than on screen. Polled, as above.
 */
export async function expectNoHiddenColumns(table: Locator) {
  await expect
    .poll(
      () =>
        table.evaluate((el) => {
          let box: HTMLElement | null = el.parentElement;
          while (box && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
          return box ? box.scrollWidth - box.clientWidth : 0;
        }),
      { message: 'pixels of the table behind a sideways scroll' },
    )
    .toBe(0);
}
