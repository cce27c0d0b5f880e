/**
 * Live updates with two users side by side (docs/decisions/0068, docs/live-updates.md), each in a
 * browser context of their own, neither page reloaded after it opened:
 *
 * 1. the CSR has the order list open; vendor places an order of RT-WL-101 (needs artwork) → the CSR's
 *    "needs my action" count grows by one; the vendor keeps the order's page open; the CSR uploads
 *    artwork and requests approval → the vendor's page shows Needs Art Approval with the notice
 *    "Artwork approval requested by csr@example.com"; the vendor approves and submits the reviews →
 *    the CSR's open page shows Production Ready; the CSR completes production → the finance user's
 *    open page follows.
 *    While the finance user types an invoice number, a change by another user is held back with
 *    the Reload offer instead of changing the page under the field.
 * 2. an account user uploads the Roots sample file in one window while the uploads screen is open in
 *    another (a second sign-in: the screen lists the user's own uploads): the other window shows the
 *    new upload and its report (Finished) without a reload.
 */
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { makePng } from '../support/files';
import { expect, test } from '../support/fixtures';
import { addWovenLabelToCart, placeCart, typedDate } from '../support/ordering';
import { waitForQuietNetwork } from '../support/quiet';
import { userPage } from '../support/session';

test.setTimeout(240_000);

/** Well within the 2 s the issue asks for, with room for a loaded CI machine. */
const LIVE = { timeout: 10_000 };

const status = (page: Page) => page.getByTestId('order-status');
const info = (page: Page, text: string) => page.getByTestId('message-info').filter({ hasText: text }).first();

/** The orange "needs my action" count of the navigation bar (0 when it shows none). */
async function needsActionCount(page: Page): Promise<number> {
  const badge = page.getByTestId('nav-needs-action');
  if ((await badge.count()) === 0) return 0;
  // The badge's number comes first; its text for screen readers repeats it.
  return Number(/\d+/.exec((await badge.first().textContent()) ?? '')?.[0] ?? 0);
}

/** The user's "needs my action" total as the API answers it now, asked from the user's page. */
function needsActionTotal(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const headers = { authorization: `Bearer ${sessionStorage.getItem('access_token')}` };
    const answer = await fetch('/api/v1.0/orders/needs-action', { headers });
    return ((await answer.json()) as { total: number }).total;
  });
}

test('two users on one order follow each other without reloading', async ({ browser }) => {
  // The CSR has the order list open: a new order that needs artwork joins what waits for the CSR.
  const csr = await userPage(browser, 'csr@example.com', '/order-list');
  await waitForQuietNetwork(csr);
  // The navigation bar and its count load after the screen's first paint (decision 0073): the
  // count to grow from is the one the badge shows once it has loaded.
  const csrCountBefore = await needsActionTotal(csr);
  await expect.poll(() => needsActionCount(csr), LIVE).toBe(csrCountBefore);
  const vendor = await userPage(browser, 'vendor@example.com');
  await addWovenLabelToCart(vendor, 'RT-WL-101', 500);
  const orderId = await placeCart(vendor, 'PO-E2E-LIVE-1');
  await expect(status(vendor)).toHaveAttribute('data-status', 'NEEDS_ARTWORK');
  await expect.poll(() => needsActionCount(csr), LIVE).toBe(csrCountBefore + 1);

  // --- the CSR works on the order; the vendor's page follows
  await csr.goto(`/order-details?orderId=${orderId}`);
  await expect(csr.getByTestId('artwork-panel')).toHaveAttribute('data-artwork-status', 'NEEDS_UPLOAD');
  await csr.getByTestId('artwork-upload-input').setInputFiles(makePng('live-v1.png'));
  await expect(
    csr.getByTestId('message-success').filter({ hasText: 'Artwork has been uploaded' }),
  ).toBeVisible();
  await expect(vendor.getByTestId('artwork-panel')).toHaveAttribute('data-artwork-status', 'UPLOADED', LIVE);
  await csr.getByTestId('order-action-requestArtworkApproval').click();
  await expect(status(csr)).toHaveAttribute('data-status', 'NEEDS_ART_APPROVAL');
  await expect(status(vendor)).toHaveAttribute('data-status', 'NEEDS_ART_APPROVAL', LIVE);
  await expect(info(vendor, 'Artwork approval requested by csr@example.com')).toBeVisible(LIVE);

  // --- the vendor approves; the CSR's page follows
  await vendor.getByTestId('artwork-approve').click();
  await vendor.getByTestId('artwork-review-comment').fill('Approved, thank you.');
  await vendor.getByTestId('artwork-review-comment').press('Enter');
  await expect(vendor.getByTestId('artwork-review-comment')).toHaveCount(0);
  await vendor.getByTestId('order-action-submitReviews').click();
  await expect(status(vendor)).toHaveAttribute('data-status', 'PRODUCTION_READY');
  await expect(status(csr)).toHaveAttribute('data-status', 'PRODUCTION_READY', LIVE);
  await expect(info(csr, 'Reviews submitted by vendor@example.com')).toBeVisible(LIVE);

  // --- the CSR completes production: the finance user's open page follows
  const finance = await userPage(browser, 'finance@example.com', `/order-details?orderId=${orderId}`);
  await expect(status(finance)).toHaveAttribute('data-status', 'PRODUCTION_READY');
  // At once: a change made before the finance page's stream opened reaches it too (its first open
  // refetches what the page fetched before).
  await csr.getByTestId('order-action-completeProduction').click();
  await expect(status(csr)).toHaveAttribute('data-status', 'PRODUCTION_CONFIRMED');
  await expect(status(finance)).toHaveAttribute('data-status', 'PRODUCTION_CONFIRMED', LIVE);

  // --- a user typing in the order is not overwritten: the notice offers Reload
  const invoice = finance.getByTestId('order-invoice-number-input');
  await invoice.fill('INV-LIVE-');
  // Another change to the order while finance types: the CSR's completion date.
  const csrDate = csr.getByTestId('order-estimated-completion-date-input');
  await csrDate.fill(typedDate(40));
  await csrDate.press('Enter');
  await expect(csr.getByTestId('message-success').first()).toBeVisible();
  const notice = finance
    .getByTestId('message-notice')
    .filter({ hasText: 'Estimated completion date changed by csr@example.com' });
  await expect(notice).toBeVisible(LIVE);
  await expect(invoice).toHaveValue('INV-LIVE-');
  // Reload shows the new date; the typing stays in its field.
  await notice.getByRole('button', { name: 'Reload' }).click();
  // Shown as DD-MMM-YY ('07-Jan-27'); typed as DD-MMM-YYYY.
  await expect(finance.getByTestId('order-estimated-completion-date')).toContainText(
    typedDate(40).slice(0, 7),
  );
  await expect(invoice).toHaveValue('INV-LIVE-');

  for (const page of [vendor, csr, finance]) await page.context().close();
});

const ROOTS_SAMPLE = fileURLToPath(new URL('../../docs/formats/roots-sample.csv', import.meta.url));

test("an import's progress and report show on the uploads screen of another window", async ({ browser }) => {
  const watching = await userPage(browser, 'account@example.com', '/variable-data-upload');
  await expect(watching.getByRole('heading', { name: 'Variable Data Upload' })).toBeVisible();
  const rowsOf = (page: Page) => page.getByTestId(/^upload-\d+$/).filter({ hasText: 'roots-sample.csv' });
  await expect(rowsOf(watching).first()).toBeVisible();
  const before = await rowsOf(watching).count();

  const account = await userPage(browser, 'account@example.com', '/variable-data-upload');
  await account.getByTestId('upload-customer').click();
  await account.getByRole('option', { name: 'Roots', exact: true }).click();
  await account.locator('form[data-testid="upload-form"] input[type="file"]').setInputFiles(ROOTS_SAMPLE);
  await account.getByTestId('upload-submit').click();
  await expect(rowsOf(account)).toHaveCount(before + 1);

  // The other window, never reloaded, gets the upload and then its report.
  await expect(rowsOf(watching)).toHaveCount(before + 1, LIVE);
  await expect(rowsOf(watching).first()).toContainText('Finished', { timeout: 60_000 });
  await expect(rowsOf(watching).first()).toContainText('390 rows read');

  for (const page of [watching, account]) await page.context().close();
});
