/**
 * Master data end to end (decisions 0017, 0020), in one journey: admin@example.com creates a customer, a vendor with a
 * shipping address, a factory, a product code, a subcode with price and cost tiers, a minimum order
 * value and an image, and two sized items — then gives vendor@example.com's vendor the new customer,
 * and vendor@example.com finds the new product, orders it and places the order. On the way: the
 * subcode list's count line, MOQ rounded down to the pack size, the tier editor's refusals (master-data
 * §8 verbatim), the tier section only once a factory is chosen, the Product Items table with Add and
 * Convert, product item details returning to its subcode, and 'Invalid URL params' for an item
 * without its subcode.
 */
import type { Page } from '@playwright/test';
import { emptyCart } from '../support/api';
import { makePng } from '../support/files';
import { expect, test } from '../support/fixtures';
import { addNew, expectSuccess, openFromMenu } from '../support/masterData';
import { placeCart } from '../support/ordering';
import { signIn } from '../support/session';

test.setTimeout(180_000);
test.use({ viewport: { width: 1280, height: 900 } });

const run = Date.now().toString(36).slice(-5).toUpperCase();
const CUSTOMER = `Journey Customer ${run}`;
const FACTORY = `Journey Factory ${run}`;
const VENDOR = `Journey Vendor ${run}`;
const PRODUCT_CODE = `JR-${run}`;
const SUBCODE = `JR-${run}-WL`;

/** A create's success message, and the return to the entity's list that follows it. */
async function expectCreated(page: Page, message: string, listPath: string) {
  await expectSuccess(page, message);
  await expect(page).toHaveURL((url) => url.pathname === listPath);
}

/** Chooses `option` in the Mantine select with test id `testId`. */
async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByTestId(testId)).toHaveValue(option);
}

/** Adds one row to a tier editor (`price-tiers`, `cost-tiers`, `min-values`). */
async function addRow(
  page: Page,
  editor: string,
  row: { quantity?: number; price: string; currency: string },
) {
  if (row.quantity !== undefined) await page.getByTestId(`${editor}-quantity`).fill(String(row.quantity));
  await page.getByTestId(`${editor}-price`).fill(row.price);
  await page.getByTestId(`${editor}-currency`).click();
  await page.getByRole('option', { name: row.currency, exact: true }).click();
  await page.getByTestId(`${editor}-add`).click();
}

test('an admin sets up a new customer’s product from scratch and vendor@example.com orders it', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page, 'admin@example.com');

  // Customer.
  await openFromMenu(page, 'Customers');
  await addNew(page);
  await page.getByRole('textbox', { name: 'Company Name' }).fill(CUSTOMER);
  await page.getByTestId('detail-save').click();
  await expectCreated(page, 'Customer Successfully Created', '/customer-list');

  // Factory in Bangladesh making for the customer.
  await openFromMenu(page, 'Factories');
  await addNew(page);
  await page.getByRole('textbox', { name: 'Factory Name' }).fill(FACTORY);
  await page.getByRole('textbox', { name: 'Factory Short Code' }).fill(`J${run}`);
  await expect(page.getByTestId('factory-field-productionRegion')).toHaveValue('Bangladesh');
  await page.getByRole('checkbox', { name: CUSTOMER }).check();
  await page.getByTestId('detail-save').click();
  await expectCreated(page, 'Factory Successfully Created', '/factory-list');

  // A new vendor with a shipping address, for the customer.
  await openFromMenu(page, 'Vendors');
  await addNew(page);
  await page.getByRole('textbox', { name: 'Company Name' }).fill(VENDOR);
  await page.getByTestId('shipping-short-name').fill('Gate 2');
  await page.getByTestId('shipping-address').fill('22 Export Zone, Chattogram');
  await page.getByTestId('shipping-add').click();
  await page.getByRole('checkbox', { name: CUSTOMER }).check();
  await page.getByTestId('detail-save').click();
  await expectCreated(page, 'Vendor Successfully Created', '/vendor-list');

  // vendor@example.com's own vendor now also serves the customer.
  await page.getByTestId('filter-companyName').fill('Dhaka Knitwear');
  await page.getByTestId('filter-companyName').press('Enter');
  await expect(page.getByTestId('list-count')).toHaveText('Showing 1 Vendor(s)');
  await page.getByTestId('list-row').getByRole('link').first().click();
  await page.getByTestId('detail-edit').click();
  await page.getByRole('checkbox', { name: CUSTOMER }).check();
  await page.getByTestId('detail-save').click();
  await expectSuccess(page, 'Vendor Successfully Updated');

  // Product code.
  await openFromMenu(page, 'Product Codes');
  await addNew(page);
  await page.getByRole('textbox', { name: 'Product Code' }).fill(PRODUCT_CODE);
  await page.getByRole('textbox', { name: 'Product Code' }).press('Enter');
  await expectCreated(page, 'Product Code Successfully Created', '/product-code-list');

  // Subcode: main information, MOQ rounding, tiers once a factory is chosen, image.
  await openFromMenu(page, 'Product Subcodes');
  await expect(page.getByTestId('list-count')).toHaveText(/^Showing \d+ Product Subcode\(s\)$/);
  await page.getByTestId('list-add').click();
  await expect(page).toHaveURL(/\/product-subcode-details\?createMode=true$/);
  await expect(page.getByTestId('subcode-field-fulfillmentProcess')).toHaveValue('Pick & Pack');
  await page.getByRole('textbox', { name: 'Product Subcode' }).fill(SUBCODE);
  await page.getByRole('textbox', { name: 'Description' }).fill('Journey woven main label, 40 x 20 mm');
  await choose(page, 'subcode-field-productCode', PRODUCT_CODE);
  await choose(page, 'subcode-field-customer', CUSTOMER);
  await expect(page.getByTestId('subcode-tiers-hint')).toBeVisible();
  await expect(page.getByTestId('price-tiers')).toHaveCount(0);
  await choose(page, 'subcode-field-factory', FACTORY);
  await expect(page.getByTestId('price-tiers')).toBeVisible();

  await page.getByTestId('subcode-field-packSize').fill('25');
  await page.getByTestId('subcode-field-minOrderQuantity').fill('130');
  await page.getByTestId('subcode-field-minOrderQuantity').blur();
  await expect(page.getByTestId('subcode-field-minOrderQuantity')).toHaveValue('125');

  // Price tiers in CAD (the vendor's currency), with the editor's refusals.
  await addRow(page, 'price-tiers', { quantity: 1, price: '0.50', currency: 'CAD' });
  await addRow(page, 'price-tiers', { quantity: 1, price: '0.45', currency: 'CAD' });
  await expect(page.getByTestId('price-tiers-problem')).toHaveText(
    "A tier for this quantity already exists. To alter this tier please select it, then edit it's values.",
  );
  await page.getByTestId('price-tiers-remove').click();
  await expect(page.getByTestId('price-tiers-problem')).toHaveText('Missing selection to remove.');
  await addRow(page, 'price-tiers', { quantity: 1000, price: '0.40', currency: 'CAD' });
  await addRow(page, 'price-tiers', { quantity: 500, price: '0.45', currency: 'CAD' });
  // Kept sorted by quantity (a row's text is its cells: quantity, price, currency).
  await expect(page.getByTestId('price-tiers-row')).toHaveText([
    '1' + '0.50CAD',
    '500' + '0.45CAD',
    '1,000' + '0.40CAD',
  ]);
  await page.getByTestId('price-tiers-row').first().getByRole('button').click();
  await page.getByTestId('price-tiers-remove').click();
  await expect(page.getByTestId('price-tiers-problem')).toHaveText(
    'A tier with a quantity of 1 is required.',
  );
  await addRow(page, 'cost-tiers', { quantity: 1, price: '0.20', currency: 'CAD' });
  await addRow(page, 'min-values', { price: '25', currency: 'CAD' });
  await expect(page.getByTestId('min-values-row')).toHaveText(['CAD' + '25.00']);

  const image = makePng('journey-label.png', { width: 320, height: 160, border: [150, 20, 40] });
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('subcode-image-input').click();
  await (await chooser).setFiles(image);
  await expect(page.getByTestId('subcode-image')).toBeVisible();

  await page.getByTestId('detail-save').click();
  await expectSuccess(page, 'Product Subcode Successfully Created');
  await expect(page).toHaveURL(/\/product-subcode-list$/);

  // Back from the list: the saved subcode with its image and tiers; no items yet.
  await page.getByTestId('filter-productSubcode').fill(SUBCODE);
  await page.getByTestId('filter-productSubcode').press('Enter');
  await expect(page.getByTestId('list-count')).toHaveText('Showing 1 Product Subcode(s)');
  await page.getByTestId('list-row').getByRole('link').first().click();
  await expect(
    page.getByRole('heading', { name: 'PRODUCT SUBCODES – PRODUCT SUBCODE DETAILS' }),
  ).toBeVisible();
  await expect(page.getByTestId('subcode-image')).toBeVisible();
  await expect(page.getByTestId('price-tiers-row')).toHaveCount(3);
  await expect(page.getByTestId('subcode-field-minOrderQuantity')).toHaveValue('125');
  await expect(page.getByTestId('subcode-items-empty')).toBeVisible();
  await expect(page.getByTestId('subcode-convert')).toHaveCount(0);
  const subcodeUrl = page.url();
  const subcodeId = new URL(subcodeUrl).searchParams.get('id');

  // An item without its subcode is refused.
  await page.goto('/product-item-details?createMode=true');
  await expect(page.getByTestId('message-error').filter({ hasText: 'Invalid URL params' })).toBeVisible();
  await page.goto(subcodeUrl);

  // Two sized items, each returning to the subcode.
  for (const [size, sortKey] of [
    ['S', '1'],
    ['M', '2'],
  ] as const) {
    await page.getByTestId('subcode-items-add').click();
    await expect(page).toHaveURL(new RegExp(`/product-item-details\\?createMode=true&subcode=${subcodeId}$`));
    await expect(page.getByTestId('detail-record-title')).toHaveText(SUBCODE);
    await page.getByRole('textbox', { name: 'Product Size' }).fill(size);
    await page.getByTestId('product-item-field-sortKey').fill(sortKey);
    await choose(page, 'product-item-field-productGroup', 'Woven Labels');
    await page.getByTestId('detail-save').click();
    await expectSuccess(page, 'Product Item Successfully Created');
    await expect(page).toHaveURL(subcodeUrl);
  }
  await expect(page.getByTestId('subcode-item-row')).toHaveCount(2);
  await expect(page.getByTestId('subcode-convert')).toHaveText('Convert to Dynamic');

  // An item's details: the subcode as title, Back to the subcode.
  await page
    .getByTestId('subcode-item-row')
    .filter({ hasText: 'M' })
    .getByRole('link', { name: 'M' })
    .click();
  await expect(page.getByTestId('detail-record-title')).toHaveText(SUBCODE);
  await expect(page.getByTestId('product-item-field-active')).toHaveValue('Active');
  await page.getByTestId('detail-back').click();
  await expect(page).toHaveURL(subcodeUrl);

  // vendor@example.com finds the product, orders 130 S (rounded up to 150) and places the order.
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const vendor = await context.newPage();
  await signIn(vendor, 'vendor@example.com');
  await emptyCart(vendor);
  await vendor.goto('/product-list');
  await vendor.getByTestId('product-search-region').click();
  await vendor.getByRole('option', { name: 'Bangladesh', exact: true }).click();
  await vendor.getByTestId('product-search-group').click();
  await vendor.getByRole('option', { name: 'Woven Labels', exact: true }).click();
  await vendor.getByTestId('product-search-text').fill(SUBCODE);
  await vendor.getByTestId('product-search-submit').click();
  const row = vendor.locator(`[data-testid=product-row][data-product-subcode="${SUBCODE}"]`);
  await expect(row).toBeVisible();
  await row.click();
  await expect(vendor.getByTestId('product-subcode')).toHaveText(SUBCODE);
  await expect(vendor.getByTestId('product-image')).toBeVisible();
  await vendor.getByTestId('quantity-S').fill('130');
  await vendor.getByTestId('quantity-S').blur();
  await expect(vendor.getByTestId('quantity-S')).toHaveValue('150');
  await vendor.getByTestId('add-to-order').click();
  await expect(vendor).toHaveURL(/\/cart$/);
  const orderId = await placeCart(vendor, `JR-PO-${run}`);
  await expect(vendor.getByTestId('order-title')).toContainText(`Order #${orderId}`);
  await expect(vendor.getByTestId('order-item-subcode')).toHaveText(SUBCODE);
  await context.close();
});
