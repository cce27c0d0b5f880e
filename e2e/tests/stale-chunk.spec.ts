/**
 * After a deploy (ARCHITECTURE.md Web inside), a tab opened before it asks for chunks the server no longer has. The
 * server answers 404 for a missing /assets/ file (not index.html), and the app reloads ONCE to pick up
 * the new build; when the chunk still fails after that reload it does not reload again (the guard in
 * session storage), so it cannot loop.
 */
import { expect, test } from '../support/fixtures';
import { waitForQuietNetwork } from '../support/quiet';
import { signIn } from '../support/session';

test('a missing chunk answers 404 from the server', async ({ request }) => {
  const res = await request.get('/assets/route-OLDHASH0.js');
  expect(res.status()).toBe(404);
  expect(res.headers()['content-type']).toMatch(/application\/json/);
});

test('a chunk that fails to load reloads the app once, never in a loop', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await expect(page.getByTestId('nav-logout')).toBeVisible();

  // The Restock screen's chunk is "gone from the server", as after a deploy. Each refusal is noted
  // with the number of page loads (document requests) so far.
  let documents = 0;
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) documents++;
  });
  const refused: number[] = [];
  await page.route(
    (url) => /^\/assets\/restock-[^/]+\.js$/.test(url.pathname),
    (route) => {
      refused.push(documents);
      return route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: '{"message":"Not found."}',
      });
    },
  );
  await page.goto('/restock');

  // The refused chunk reloads the page once (a second page load), noted in session storage…
  await expect.poll(() => documents).toBe(2);
  expect(refused[0]).toBe(1);
  await expect
    // (null while the reloaded page is still navigating)
    .poll(() => page.evaluate(() => sessionStorage.getItem('selvedge.chunkReloadAt')).catch(() => null))
    .toMatch(/^\d+$/);
  // …after the reload the chunk is refused again, and this time the failure is let through.
  await expect.poll(() => refused.filter((d) => d === 2).length).toBeGreaterThan(0);
  await waitForQuietNetwork(page);
  expect(documents).toBe(2);
  await expect(page).toHaveURL(/\/restock$/);
});
