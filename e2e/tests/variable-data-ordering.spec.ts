/**
 * Ordering uploaded retailer data in the browser (ordering §2
 * Product list variable-data mode, Product details VARIABLE_DATA and DYNAMIC, Order list, §5, §9
 * Refresh; docs/decisions/0050, 0051, 0057): account@example.com uploads the Roots sample file of
 * docs/formats; vendor@example.com searches its PO in the wrong production region and is shown the
 * region that holds it, opens it with 'Order Selected', adjusts the quantities by percent (a row
 * adjusted to 0 gets the minimum) and by hand, adds it to the order and places it; the Roots order
 * shows no 'Download Data', and an admin sees no 'Adjust Quantity'. Then the demo's DYNAMIC product
 * (DS-ST-520, Dunnes Stores) loads its variants by Style Number and PO Number and is ordered;
 * account@example.com's 'Download Data' on that Dunnes order gives the ordered rows as CSV; Order
 * again names the rows already ordered, and copies them once the order is cancelled. Screenshots at
 * 1280 px and 390 px are saved for looking at.
 */
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { emptyCart } from '../support/api';
import { expectNoBlockingViolations } from '../support/axe';
import { downloadText } from '../support/files';
import { expect, test } from '../support/fixtures';
import { expectNoHiddenColumns } from '../support/layout';
import { placeCart } from '../support/ordering';
import { signIn } from '../support/session';

test.setTimeout(240_000);

const FORMATS = fileURLToPath(new URL('../../docs/formats/', import.meta.url));
const UPLOADED =
  'Variable data file successfully uploaded. You will receive an email once it has finished processing. This may take several minutes.';
const SCREENS = 'test-results/screens';

/** Both widths of a screen, for looking at (not compared). */
async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SCREENS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a vendor finds its PO from another region and orders it with adjusted quantities; a Roots order has no Download Data', async ({
  browser,
}) => {
  // --- account: uploads the Roots sample
  const account = await browser.newPage();
  await account.setViewportSize({ width: 1280, height: 900 });
  await signIn(account, 'account@example.com');
  await account.goto('/variable-data-upload');
  await account.getByTestId('upload-customer').click();
  await account.getByRole('option', { name: 'Roots', exact: true }).click();
  await account
    .locator('form[data-testid="upload-form"] input[type="file"]')
    .setInputFiles(`${FORMATS}roots-sample.csv`);
  const rows = account.getByTestId(/^upload-\d+$/).filter({ hasText: 'roots-sample.csv' });
  const before = await rows.count();
  await account.getByTestId('upload-submit').click();
  await expect(account.getByText(UPLOADED)).toBeVisible();
  await expect(rows).toHaveCount(before + 1);
  await expect(rows.first()).toContainText('Finished', { timeout: 60_000 });

  // --- vendor: variable-data search (PO optional for a vendor; Roots asks for the style number)
  const vendor = await browser.newPage();
  await vendor.setViewportSize({ width: 1280, height: 900 });
  await signIn(vendor, 'vendor@example.com');
  await emptyCart(vendor);
  await expect(vendor).toHaveURL(/\/product-list$/);
  // The PO is made in China; searched in Bangladesh, the empty list says where it is (decision 0057).
  await vendor.getByTestId('product-search-region').click();
  await vendor.getByRole('option', { name: 'Bangladesh', exact: true }).click();
  await vendor.getByTestId('product-search-group').click();
  await vendor.getByRole('option', { name: 'Variable Data', exact: true }).click();
  await vendor.getByTestId('product-search-submit').click();
  await expect(vendor.getByTestId('product-search-style')).toHaveAttribute('aria-invalid', 'true');
  await expect(vendor.getByText('Style Number is required')).toBeVisible();
  await vendor.getByTestId('product-search-po').fill('PO-778120');
  await vendor.getByTestId('product-search-style').fill('62040000');
  await vendor.getByTestId('product-search-submit').click();
  const empty = vendor.getByTestId('product-list-empty');
  await expect(empty).toContainText(
    'PO PO-778120, style 62040000 is not in Bangladesh (PO Uploaded). Search where it is:',
  );
  const elsewhere = vendor.getByTestId('found-elsewhere-option');
  await expect(elsewhere).toHaveText(['China · PO Uploaded (1)']);
  await shoot(vendor, 'variable-data-found-elsewhere');
  await elsewhere.click();
  await expect(vendor.getByTestId('product-search-region')).toHaveValue('China');
  const row = vendor.locator('[data-testid=variable-data-row][data-po-number="PO-778120"]');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('RT-PT-401');
  await expect(row).toContainText('Linen Shirt Navy');
  await expect(vendor.getByTestId('order-selected')).toBeDisabled();
  await row.getByTestId('variable-data-select').check();
  await expectNoBlockingViolations(vendor, '/product-list variable-data results, a row selected');
  await shoot(vendor, 'variable-data-search');
  // On a phone a row is its checkbox and one cell of the same values: nothing behind a sideways
  // scroll (decision 0038), and the choice made at 1280 px stays.
  await vendor.setViewportSize({ width: 390, height: 844 });
  await expect(row.getByTestId('variable-data-summary')).toContainText('PO-778120');
  await expect(row.getByTestId('variable-data-summary')).toContainText('RT-PT-401');
  await expect(row.getByTestId('variable-data-select')).toBeChecked();
  await expectNoHiddenColumns(vendor.getByTestId('variable-data-results'));
  await vendor.setViewportSize({ width: 1280, height: 900 });
  await vendor.getByTestId('order-selected').click();
  await expect(vendor).toHaveURL(/\/product-details\?productItemId=\d+/);

  // --- vendor: the tickets, in size order, each starting at its customer quantity made orderable
  const tickets = vendor.getByTestId('ticket-rows');
  await expect(tickets).toBeVisible();
  const sizes = tickets.locator('tbody tr td:first-child');
  await expect(sizes).toHaveText(['XS', 'S', 'M', 'XL', 'XXL']);
  const xs = vendor.getByRole('textbox', { name: 'Order quantity XS NVY' });
  const m = vendor.getByRole('textbox', { name: 'Order quantity M NVY' });
  await expect(xs).toHaveValue('1000'); // 336 raised to the minimum of 1,000
  const productDetails = vendor.url();
  // Adjust Quantity: -100 % gives every row the minimum (§9: raised to the minimum order quantity,
  // a row adjusted to 0 too; decision 0057), and the panel says so.
  await vendor.getByTestId('adjust-quantity').click();
  await expect(vendor.getByTestId('refresh-rule')).toContainText(
    'raised to the minimum order quantity of 1,000 (a row adjusted to 0 too), then up to packs of 500',
  );
  await m.fill('2100');
  await vendor.getByTestId('adjust-amount').fill('-100');
  await vendor.getByTestId('refresh-quantities').click();
  await expect(xs).toHaveValue('1000');
  await expect(m).toHaveValue('1000');
  // +200 %, Refresh → 336 × 3 = 1,008, up to packs of 500 = 1,500
  await vendor.getByTestId('adjust-amount').fill('200');
  await vendor.getByTestId('refresh-quantities').click();
  await expect(xs).toHaveValue('1500');
  await expect(m).toHaveValue('1500'); // 456 × 3 = 1,368
  // and by hand: 2,100 rounds up to the pack size on blur
  await m.fill('2100');
  await m.blur();
  await expect(m).toHaveValue('2500');
  await expect(vendor.getByTestId('summary-quantity')).toContainText('9,000');
  await expectNoBlockingViolations(vendor, '/product-details VARIABLE_DATA, adjusted');
  await shoot(vendor, 'variable-data-details');
  await vendor.getByTestId('add-to-order').click();
  await expect(
    vendor.getByTestId('message-success').filter({ hasText: 'Product added to your cart' }),
  ).toBeVisible();

  // --- vendor: the cart shows the PO and its tickets; the order is placed as any other
  await expect(vendor).toHaveURL(/\/cart$/);
  await expect(vendor.getByTestId('cart-item-po')).toContainText('PO Number PO-778120 · Style No. 62040000');
  await expect(vendor.getByTestId('cart-item-size')).toHaveCount(5);
  await shoot(vendor, 'variable-data-cart');
  const orderId = await placeCart(vendor, 'PO-E2E-VD-1');
  await expect(vendor.getByTestId('order-title')).toContainText(`Order #${orderId}`);
  await vendor.close();

  // --- account: a Roots order has no 'Download Data' (ordering §2: only one named customer's
  // orders, the Dunnes customer's; decision 0057); the Dunnes journey below downloads one
  await account.goto('/order-list');
  await account.getByTestId('order-filter-order-number').fill(orderId);
  await account.getByTestId('order-search-button').click();
  const card = account.getByTestId(`order-card-${orderId}`);
  await expect(card).toBeVisible();
  await expect(card.getByTestId('download-data')).toHaveCount(0);
  await card.getByTestId('order-card-link').click();
  await expect(account.getByTestId('order-title')).toContainText(`Order #${orderId}`);
  await expect(account.getByTestId('download-order-csv')).toBeVisible();
  await expect(account.getByTestId('download-data')).toHaveCount(0);
  await account.close();

  // --- admin: the same tickets, without 'Adjust Quantity' and 'Refresh' (§2 "vendor may use")
  const admin = await browser.newPage();
  await admin.setViewportSize({ width: 1280, height: 900 });
  await signIn(admin, 'admin@example.com');
  await admin.goto(productDetails);
  await expect(admin.getByTestId('ticket-rows').locator('tbody tr td:first-child')).toHaveText([
    'XS',
    'S',
    'M',
    'XL',
    'XXL',
  ]);
  await expect(admin.getByRole('textbox', { name: 'Order quantity XS NVY' })).toBeVisible();
  await expect(admin.getByTestId('adjust-quantity')).toHaveCount(0);
  await expect(admin.getByTestId('refresh-quantities')).toHaveCount(0);
  await admin.close();
});

test("the demo's DYNAMIC product loads its variants, is ordered; Download Data and Order again on the Dunnes order", async ({
  browser,
}) => {
  const vendor = await browser.newPage();
  await vendor.setViewportSize({ width: 1280, height: 900 });
  await signIn(vendor, 'vendor@example.com');
  await emptyCart(vendor);
  try {
    await vendor.goto('/product-list');
    await vendor.getByTestId('product-search-region').click();
    await vendor.getByRole('option', { name: 'China', exact: true }).click();
    await vendor.getByTestId('product-search-text').fill('DS-ST-520');
    await vendor.getByTestId('product-search-submit').click();
    await vendor.locator('[data-testid=product-row][data-product-subcode="DS-ST-520"]').click();
    await expect(vendor).toHaveURL(/\/product-details\?productItemId=\d+/);

    const search = vendor.getByTestId('dynamic-search');
    const note = vendor.getByTestId('dynamic-search-note');
    await search.click();
    await expect(note).toHaveText('Style Number AND PO Number are required.');
    await vendor.getByTestId('dynamic-style-number').fill('99999999');
    await vendor.getByTestId('dynamic-po-number').fill('DS-PO-8120');
    await search.click();
    await expect(note).toHaveText('No dynamic data found for search');
    await vendor.getByTestId('dynamic-style-number').fill('62040000');
    await search.click();
    await expect(note).toHaveCount(0);
    await expect(vendor.getByTestId('ticket-rows').locator('tbody tr td:first-child')).toHaveText([
      'XS',
      'S',
      'L', // M has a wrong check digit: refused at upload
      'XL',
      'XXL',
    ]);
    const xs = vendor.getByRole('textbox', { name: 'Order quantity XS HGRY' });
    await expect(xs).toHaveValue('500'); // 168 raised to the minimum of 500
    await expectNoBlockingViolations(vendor, '/product-details DYNAMIC with variants');
    await shoot(vendor, 'dynamic-details');
    await vendor.getByTestId('clear-quantities').click();
    await expect(xs).toHaveValue('0');
    await expect(vendor.getByTestId('add-to-order')).toBeDisabled();
    await xs.fill('600');
    await xs.blur();
    await expect(xs).toHaveValue('750');
    await vendor.getByTestId('add-to-order').click();
    await expect(vendor).toHaveURL(/\/cart$/);
    await expect(vendor.getByTestId('cart-item-po')).toContainText(
      'PO Number DS-PO-8120 · Style No. 62040000',
    );
    await expect(vendor.getByTestId('cart-item-size')).toHaveCount(1);
    await expect(vendor.getByTestId('cart-item-quantity')).toHaveText('750');
    const orderId = await placeCart(vendor, 'PO-E2E-DYN-1');

    // --- account: 'Download Data' on the Dunnes order gives the ordered rows
    const account = await browser.newPage();
    await account.setViewportSize({ width: 1280, height: 900 });
    await signIn(account, 'account@example.com');
    await account.goto('/order-list');
    await account.getByTestId('order-filter-order-number').fill(orderId);
    await account.getByTestId('order-search-button').click();
    const card = account.getByTestId(`order-card-${orderId}`);
    await expect(card).toBeVisible();
    await shoot(account, 'variable-data-order-list');
    const { name, text } = await downloadText(card.getByTestId('download-data'));
    expect(name).toBe(`order-${orderId}-data.csv`);
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe(
      'Order Number,Order Item,PO Number,Style Number,Ticket Type,Vendor Number,Description,Size,Colour,Barcode,Price 1 Currency,Price 1,Price 2 Currency,Price 2,Quantity',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      new RegExp(
        `^${orderId},\\d+,DS-PO-8120,62040000,DS-PT-410,4410023,Cabin Hoodie Heather Grey,XS,HGRY,5062040000001,EUR,\\d+\\.\\d\\d,GBP,\\d+\\.\\d\\d,750$`,
      ),
    );
    await account.close();

    // --- vendor: Order again names the rows already ordered (on this very order) and leaves them out
    const again = vendor.getByTestId('order-again');
    const result = vendor.getByRole('dialog', { name: 'Order again' });
    await again.click();
    await expect(result.getByTestId('order-again-message')).toHaveText(
      'No item could be added to your cart.',
    );
    const line = result.getByTestId('order-again-line');
    await expect(line).toHaveAttribute('data-result', 'NOT_COPIED');
    await expect(line.getByTestId('order-again-po')).toHaveText('PO Number DS-PO-8120 · Style No. 62040000');
    await expect(line.locator('[data-change=ALREADY_ORDERED]')).toHaveText(
      `Already ordered, left out: XS HGRY (order #${orderId}).`,
    );
    await shoot(vendor, 'order-again-already-ordered');
    await result.getByTestId('order-again-close').click();
    // Cancelled, its rows are no longer ordered: Order again copies them.
    await vendor.getByTestId('order-action-cancel').click();
    await vendor.getByTestId('cancel-order-confirm').click();
    await expect(vendor.getByTestId('order-cancelled')).toBeVisible();
    await again.click();
    await expect(result.getByTestId('order-again-message')).toHaveText('1 of 1 item was added to your cart.');
    await expect(line).toHaveAttribute('data-result', /COPIED|CHANGED/);
    await result.getByTestId('order-again-cart').click();
    await expect(vendor).toHaveURL(/\/cart$/);
    await expect(vendor.getByTestId('cart-item-po')).toContainText(
      'PO Number DS-PO-8120 · Style No. 62040000',
    );
    await expect(vendor.getByTestId('cart-item-quantity')).toHaveText('750');
  } finally {
    await emptyCart(vendor);
  }
});
