/**
 * Live updates with two users side by side (docs/decisions/0068, docs/live-updates.md), each in a
 * browser context of their own, neither page reloaded after it opened:
 *
 * vendor places an order of RT-WL-101 (needs artwork) and keeps its page open → CSR uploads artwork
 * and requests approval → the vendor's page shows Needs Art Approval with the notice "… by
 * csr@example.com" and the vendor's nav count goes up → the vendor approves and submits → the CSR's
 * open page shows Production Ready, the vendor's count goes down and the CSR's is the server's.
 * Then an account user uploads the Roots sample file while another session of the same user (the
 * uploads screen lists the user's own uploads) has the screen open: the new upload and its report
 * show on both screens.
 *
 * Pages never reach `networkidle` (the stream stays open): waits go through e2e/support/quiet.ts.
 */
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { apiCall } from '../support/api';
import { makePng } from '../support/files';
import { expect, test } from '../support/fixtures';
import { addWovenLabelToCart, placeCart } from '../support/ordering';
import { trackRequests, waitForQuietNetwork } from '../support/quiet';
import { signIn } from '../support/session';

test.setTimeout(240_000);

const FORMATS = fileURLToPath(new URL('../../docs/formats/', import.meta.url));

/** A signed-in user in a browser context of their own, its requests tracked for waitForQuietNetwork. */
async function userPage(browser: Browser, email: string, path = '/'): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  trackRequests(page);
  await signIn(page, email, path);
  return page;
}

const expectStatus = (page: Page, status: string) =>
  expect(page.getByTestId('order-status')).toHaveAttribute('data-status', status);

/** The nav's "needs my action" total (0 when the badge is not shown). */
async function needsMyAction(page: Page): Promise<number> {
  const badge = page.getByTestId('nav-needs-action');
  if ((await badge.count()) === 0) return 0;
  return Number(/\d+/.exec((await badge.textContent()) ?? '')?.[0] ?? 0);
}

/** A notice of another user's change with this text is on screen. */
const expectNotice = (page: Page, text: string) =>
  expect(page.getByTestId('message-info').filter({ hasText: text }).first()).toBeVisible();

test('artwork and its review reach the other user’s open order page and counts without a reload', async ({
  browser,
}) => {
  // --- vendor: places an order that needs artwork; its details page stays open from here on
  const vendor = await userPage(browser, 'vendor@example.com');
  await addWovenLabelToCart(vendor, 'RT-WL-101', 300);
  const orderId = await placeCart(vendor, 'PO-E2E-LIVE-1');
  await expectStatus(vendor, 'NEEDS_ARTWORK');
  await waitForQuietNetwork(vendor);
  const vendorCountBefore = await needsMyAction(vendor);
  // A navigation would show the new state too: the test fails if the page is loaded again.
  let vendorLoads = 0;
  vendor.on('load', () => vendorLoads++);

  // --- CSR: opens the order, uploads artwork, requests approval
  const csr = await userPage(browser, 'csr@example.com', `/order-details?orderId=${orderId}`);
  await expect(csr.getByTestId('order-title')).toContainText(`Order #${orderId}`);
  await csr.getByTestId('artwork-upload-input').setInputFiles(makePng('live-updates-v1.png'));
  await expect(
    csr.getByTestId('message-success').filter({ hasText: 'Artwork has been uploaded successfully.' }).first(),
  ).toBeVisible();
  await csr.getByTestId('order-action-requestArtworkApproval').click();
  await expectStatus(csr, 'NEEDS_ART_APPROVAL');

  // --- vendor: the open page follows, with who did it; the nav count has the order now
  await expectStatus(vendor, 'NEEDS_ART_APPROVAL');
  await expectNotice(vendor, 'Artwork approval requested by csr@example.com');
  await expect.poll(() => needsMyAction(vendor)).toBe(vendorCountBefore + 1);
  await expect(vendor.getByTestId('artwork-approve')).toBeVisible();
  expect(vendorLoads).toBe(0);

  // --- vendor approves and submits the reviews
  let csrLoads = 0;
  csr.on('load', () => csrLoads++);
  await vendor.getByTestId('artwork-approve').click();
  const comment = vendor.getByTestId('artwork-review-comment');
  await comment.fill('Approved, thank you.');
  await comment.press('Enter');
  await expect(comment).toHaveCount(0);
  await vendor.getByTestId('order-action-submitReviews').click();
  await expectStatus(vendor, 'PRODUCTION_READY');

  // --- CSR: the open page and the nav count follow
  await expectStatus(csr, 'PRODUCTION_READY');
  await expectNotice(csr, 'Reviews submitted by vendor@example.com');
  await expect.poll(() => needsMyAction(vendor)).toBe(vendorCountBefore);
  // The CSR's nav count is the server's, read again after the vendor's change.
  const csrTotal = (await apiCall<{ total: number }>(csr, 'GET', '/orders/needs-action')).body.total;
  await expect.poll(() => needsMyAction(csr)).toBe(csrTotal);
  expect(csrLoads).toBe(0);
});

test('an import’s report shows on two uploads screens open on it', async ({ browser }) => {
  // Two sessions (two browsers) of the account user: the screen lists the user's own uploads.
  const other = await userPage(browser, 'account@example.com', '/variable-data-upload');
  const account = await userPage(browser, 'account@example.com', '/variable-data-upload');
  const rowsOf = (page: Page) => page.getByTestId(/^upload-\d+$/).filter({ hasText: 'roots-sample.csv' });
  for (const page of [other, account])
    await expect(page.getByTestId('uploads-table').or(page.getByTestId('uploads-empty'))).toBeVisible();
  await waitForQuietNetwork(other);
  const before = await rowsOf(other).count();
  let otherLoads = 0;
  other.on('load', () => otherLoads++);

  await account.getByTestId('upload-customer').click();
  await account.getByRole('option', { name: 'Roots', exact: true }).click();
  await account
    .locator('form[data-testid="upload-form"] input[type="file"]')
    .setInputFiles(`${FORMATS}roots-sample.csv`);
  await account.getByTestId('upload-submit').click();

  // Both screens get the new upload, then its report, from the stream alone.
  for (const page of [account, other]) {
    await expect(rowsOf(page)).toHaveCount(before + 1);
    await expect(rowsOf(page).first()).toContainText('Finished', { timeout: 60_000 });
    await expect(rowsOf(page).first()).toContainText('390 rows read');
  }
  expect(otherLoads).toBe(0);
});
