/**
 * Route size budgets (decision 0064): the JavaScript each screen downloads before it can
 * render, gzipped, from the build the journeys run on (e2e/server.mjs builds it; with
 * E2E_SKIP_BUILD=1 the one already there). /login at most 150 KiB, the order and product lists at
 * most 200 KiB each; the table of every screen is attached to the report and printed. No browser:
 * Playwright's own `test` (support/fixtures.ts watches pages, which this test has none of).
 */
import { expect, test } from '@playwright/test';
import { budgetTable, overBudget, routeWeights } from '../support/route-budgets';

test('each screen’s first load stays within its size budget', async () => {
  const weights = routeWeights();
  const table = budgetTable(weights);
  console.log(`First load per route (JavaScript and stylesheets, gzip -9, KiB):\n${table}`);
  await test.info().attach('route-budgets.txt', { body: table, contentType: 'text/plain' });
  expect(overBudget(weights)).toEqual([]);
});
