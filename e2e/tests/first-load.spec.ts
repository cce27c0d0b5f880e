/**
 * A fast first load on a factory's slow link (decision 0021 "Second round"): what a signed-in first load shows before
 * the app's code has arrived. The app's scripts (the entry and the screen's chunks) and its
 * stylesheet are held back here, as a slow link holds them: the page must already show the frame
 * with the server's brand and the screen's heading, styled by the inlined frame CSS; and once the
 * code comes, the app shows the same heading and brand without asking /app-config for them.
 */
import type { Page, Route } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/session';

/** Holds every request for an app script or the app's stylesheet until `release` is called. */
async function holdAppCode(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(
    (url) => /\/assets\/(?!preload-).+\.(js|css)$/.test(url.pathname),
    (route) => (released ? route.continue() : held.push(route)),
  );
  return {
    release: async () => {
      released = true;
      await Promise.all(held.map((r) => r.continue()));
    },
  };
}

test('a signed-in first load shows the brand and the screen heading before the app code arrives', async ({
  page,
}) => {
  await signIn(page, 'admin@example.com');
  const appConfigCalls: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/v1.0/app-config')) appConfigCalls.push(req.url());
  });
  const code = await holdAppCode(page);
  // 'commit': the document's load waits for the held module scripts.
  await page.goto('/order-list', { waitUntil: 'commit' });

  // Nothing of React yet: the static frame, the heading written by the preload script.
  const heading = page.getByRole('heading', { level: 2, name: 'Order List' });
  await expect(heading).toBeVisible();
  await expect(page.locator('header a[data-brand]')).toHaveText('Selvedge');
  await expect(page.locator('meta[name="brand-name"]')).toHaveAttribute('content', 'Selvedge');
  const early = await heading.evaluate((h) => {
    const s = getComputedStyle(h);
    const r = h.getBoundingClientRect();
    return { size: s.fontSize, weight: s.fontWeight, top: r.top, left: r.left };
  });
  expect(early).toMatchObject({ size: '26px', weight: '600' });
  // The header is the frame's (fixed, 60 px): the heading sits below it.
  expect(early.top).toBeGreaterThanOrEqual(60);

  await code.release();
  await expect(page.locator('[data-order-card]').first()).toBeVisible();
  // The screen's own heading took the place of the early one: same place, nothing moved.
  const late = await page
    .getByRole('heading', { level: 2, name: 'Order List' })
    .evaluate((h) => ({ top: h.getBoundingClientRect().top, left: h.getBoundingClientRect().left }));
  expect(late).toEqual({ top: early.top, left: early.left });
  expect(appConfigCalls).toEqual([]);
  await expect(page).toHaveTitle(/Order List \| Selvedge/);
});

test('a signed-out visit writes no heading and goes to the login screen', async ({ page }) => {
  await page.goto('/order-list');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Order List' })).toHaveCount(0);
});
