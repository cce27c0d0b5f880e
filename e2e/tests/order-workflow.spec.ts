/**
 * The order workflow in the browser (ordering §4 Order actions, Item artwork, Tabs and documents;
 * §5 artwork and completion date; §7 Artwork, Documents; §8 overlays and success messages), with
 * each user in a browser context of their own:
 *
 * vendor places an order of RT-WL-101 (needs artwork) with its own PO attached in the cart → CSR
 * uploads artwork (a PNG made here) and requests approval → vendor rejects with a comment and
 * submits the reviews → CSR uploads a second version and requests approval again → vendor approves
 * and submits → CSR sets the estimated completion date and completes production → finance enters
 * the invoice number and approves → CSR uploads a shipping document and ships → vendor sees Shipped,
 * the two versions and downloads the packing slip (a PDF named by the server).
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { makePdf, makePng } from '../support/files';
import { expect, test } from '../support/fixtures';
import { addWovenLabelToCart, placeCart, typedDate } from '../support/ordering';
import { userPage } from '../support/session';

test.setTimeout(300_000);

/** The green success message with this text is on screen. */
async function expectSuccess(page: Page, text: string) {
  await expect(page.getByTestId('message-success').filter({ hasText: text }).first()).toBeVisible();
}

/** Opens (or reloads) the order and waits for it. */
async function openOrder(page: Page, orderId: string) {
  await page.goto(`/order-details?orderId=${orderId}`);
  await expect(page.getByTestId('order-title')).toContainText(`Order #${orderId}`);
}

const expectStatus = (page: Page, status: string) =>
  expect(page.getByTestId('order-status')).toHaveAttribute('data-status', status);

/** Clicks an order action button and waits for its success message. */
async function takeAction(page: Page, action: string, message: string) {
  await page.getByTestId(`order-action-${action}`).click();
  await expectSuccess(page, message);
}

/** The artwork image is drawn (a blob URL the CSP allows, decoded by the browser). */
async function expectArtworkDrawn(page: Page) {
  const image = page.getByTestId('artwork-panel').getByTestId('artwork-image');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
}

/** Writes a review in the dialog: an empty comment is refused first, then Enter sends. */
async function review(page: Page, button: 'artwork-approve' | 'artwork-reject', comment: string) {
  await page.getByTestId(button).click();
  await page.getByTestId('artwork-review-submit').click();
  await expect(page.getByText('An artwork review needs a comment.')).toBeVisible();
  const field = page.getByTestId('artwork-review-comment');
  await field.fill(comment);
  await field.press('Enter');
  await expect(field).toHaveCount(0);
}

test('an order goes from artwork to shipping through vendor, CSR and finance', async ({ browser }) => {
  // --- vendor: order a woven label that needs artwork, attach the own PO in the cart, place it
  const vendor = await userPage(browser, 'vendor@example.com');
  await addWovenLabelToCart(vendor, 'RT-WL-101', 500);
  const vendorPODocument = makePdf('Dhaka Knitwear PO 7781.pdf', 'PO 7781');
  await vendor.getByTestId('related-document-upload-input').setInputFiles(vendorPODocument);
  await expectSuccess(vendor, 'Document has been uploaded successfully.');
  await expect(vendor.getByTestId('cart-related-docs')).toContainText(vendorPODocument.name);
  const orderId = await placeCart(vendor, 'PO-E2E-WF-7781');
  await expectStatus(vendor, 'NEEDS_ARTWORK');
  await expect(vendor.getByTestId('order-related-docs')).toContainText(vendorPODocument.name);

  // --- CSR: Needs Action shows the line; upload v1, then request approval
  const csr = await userPage(browser, 'csr@example.com');
  await openOrder(csr, orderId);
  await expect(csr.getByTestId('items-tab-needs-action')).toHaveAttribute('aria-selected', 'true');
  await expect(csr.getByTestId('artwork-panel')).toHaveAttribute('data-artwork-status', 'NEEDS_UPLOAD');
  await csr.getByTestId('artwork-upload-input').setInputFiles(makePng('roots-main-label-v1.png'));
  await expectSuccess(csr, 'Artwork has been uploaded successfully.');
  // Uploaded: nothing is left to do on the line, so Needs Action says so.
  await expect(csr.getByTestId('items-needs-action-empty')).toBeVisible();
  await takeAction(csr, 'requestArtworkApproval', 'Artwork approval successfully requested.');
  await expectStatus(csr, 'NEEDS_ART_APPROVAL');
  await expect(csr.getByTestId('order-action-requestArtworkApproval')).toHaveCount(0);

  // --- vendor: sees the proof, rejects it with a comment, submits the reviews
  await openOrder(vendor, orderId);
  await expectStatus(vendor, 'NEEDS_ART_APPROVAL');
  await expect(vendor.getByTestId('items-tab-needs-action')).toHaveAttribute('aria-selected', 'true');
  await expectArtworkDrawn(vendor);
  await expect(vendor.getByTestId('order-action-submitReviews')).toHaveCount(0);
  await review(vendor, 'artwork-reject', 'Logo is too small; please enlarge it to 18 mm.');
  await expect(vendor.getByTestId('items-needs-action-empty')).toBeVisible();
  await vendor.getByTestId('items-tab-all').click();
  await expect(vendor.getByTestId('artwork-panel')).toHaveAttribute('data-artwork-status', 'REJECTED');
  await expect(vendor.getByTestId('artwork-edit')).toBeVisible();
  await takeAction(vendor, 'submitReviews', 'Reviews sucessfully submitted.');
  await expectStatus(vendor, 'NEEDS_ARTWORK');

  // --- CSR: reads the rejection, uploads v2, requests approval again
  await openOrder(csr, orderId);
  await expect(csr.getByTestId('artwork-comments')).toContainText('enlarge it to 18 mm');
  await csr
    .getByTestId('artwork-upload-input')
    .setInputFiles(makePng('roots-main-label-v2.png', { border: [150, 20, 30] }));
  await expectSuccess(csr, 'Artwork has been uploaded successfully.');
  await takeAction(csr, 'requestArtworkApproval', 'Artwork approval successfully requested.');
  await expectStatus(csr, 'NEEDS_ART_APPROVAL');

  // --- vendor: approves v2 and submits the reviews
  await openOrder(vendor, orderId);
  await expectArtworkDrawn(vendor);
  await review(vendor, 'artwork-approve', 'Approved, thank you.');
  await takeAction(vendor, 'submitReviews', 'Reviews sucessfully submitted.');
  await expectStatus(vendor, 'PRODUCTION_READY');

  // --- CSR: estimated completion date (an earlier date is refused in the field), complete production
  await openOrder(csr, orderId);
  const completion = csr.getByTestId('order-estimated-completion-date-input');
  await completion.fill(typedDate(-1));
  await completion.press('Enter');
  await expect(csr.getByText('The estimated completion date cannot be earlier than today.')).toBeVisible();
  await completion.fill(typedDate(20));
  await completion.press('Enter');
  await expect(csr.getByTestId('message-success').first()).toBeVisible();
  await takeAction(csr, 'completeProduction', 'Production has been confirmed.');
  await expectStatus(csr, 'PRODUCTION_CONFIRMED');
  await expect(csr.getByTestId('order-estimated-completion-date-input')).toHaveValue(typedDate(20));

  // --- finance: invoice number (saved on Enter), then the approval
  const finance = await userPage(browser, 'finance@example.com');
  await openOrder(finance, orderId);
  const invoice = finance.getByTestId('order-invoice-number-input');
  await invoice.fill('INV-2026-0042');
  await invoice.press('Enter');
  await expect(finance.getByTestId('order-logs')).toContainText('INV-2026-0042');
  await takeAction(finance, 'approveFinance', 'Order successfuly approved.');
  await expectStatus(finance, 'READY_TO_SHIP');

  // --- CSR: shipping document (CSR may upload it but sees no shipping documents), ship & complete
  await openOrder(csr, orderId);
  await expect(csr.getByTestId('order-shipping-docs')).toHaveCount(0);
  const waybill = makePdf('Waybill DAC-558812.pdf', 'Waybill DAC-558812');
  await csr.getByTestId('shipping-document-upload-input').setInputFiles(waybill);
  await expectSuccess(csr, 'Document has been uploaded successfully.');
  // Ship & Complete cannot be undone: it asks first, as Cancel does.
  await csr.getByTestId('order-action-shipAndComplete').click();
  await csr.getByTestId('ship-complete-confirm').click();
  await expectSuccess(csr, 'Successfully marked as shipped and completed.');
  await expectStatus(csr, 'COMPLETE_AND_SHIPPED');

  // --- vendor: Shipped, two versions, the shipping document, the packing slip as a PDF
  await openOrder(vendor, orderId);
  await expectStatus(vendor, 'COMPLETE_AND_SHIPPED');
  await expect(vendor.getByTestId('order-status')).toHaveText('Shipped');
  await expect(vendor.getByTestId('items-tab-all')).toHaveAttribute('aria-selected', 'true');
  await expect(vendor.getByTestId('artwork-version-row')).toHaveCount(2);
  await expect(vendor.getByTestId('artwork-version-row').first()).toHaveAttribute('data-version', '2');
  await expect(vendor.getByTestId('order-shipping-docs')).toContainText(waybill.name);
  const slip = vendor.getByTestId('generated-doc-vendor-packing-slip');
  const slipNumber = /Vendor Packing Slip (\S+)/.exec((await slip.textContent()) ?? '')?.[1];
  expect(slipNumber).toBeTruthy();
  const [download] = await Promise.all([
    vendor.waitForEvent('download'),
    slip.getByTestId('document-download').click(),
  ]);
  expect(download.suggestedFilename()).toBe(`Packing Slip ${slipNumber}.pdf`);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
});
