/**
 * Master-data administration in the browser (decision 0020; master-data §2 lists, §4 states, §5, §8): an
 * admin opens the lists from the Configuration menu, adds a production region, a warehouse and a
 * product code (Add → fill → Enter saves → the success text → back in the list with its count line),
 * edits one (Edit, change, Save), reads its history, and Cancel restores the saved copy. Create mode
 * with an id is 'Invalid URL params'; a record that does not exist goes home with its error; a save
 * from a stale copy (another tab saved first) shows the server's 409 message.
 */
import type { Browser, Page } from '@playwright/test';
import { apiCall, emptyCart } from '../support/api';
import { expect, test } from '../support/fixtures';
import { addNew, expectSuccess, openFromMenu } from '../support/masterData';
import { signIn } from '../support/session';

test.setTimeout(90_000);

const STALE_MESSAGE =
  'This record was changed by someone else since you opened it. Reload it to see the changes.';
const run = Date.now().toString(36).slice(-5);

/** The number in the list's count line ('Showing 5 Warehouse(s)' → 5). */
async function countOf(page: Page): Promise<number> {
  const text = (await page.getByTestId('list-count').textContent()) ?? '';
  return Number(/Showing (\d+)/.exec(text)?.[1] ?? Number.NaN);
}

/** A second, independent browser tab signed in (its own session storage), as the admin by default. */
async function secondTab(browser: Browser, baseURL: string | undefined, email = 'admin@example.com') {
  const context = await browser.newContext({ baseURL, viewport: { width: 1024, height: 800 } });
  const page = await context.newPage();
  await signIn(page, email);
  return { page, close: () => context.close() };
}

test.use({ viewport: { width: 1024, height: 800 } });

test('an admin adds a production region, a warehouse and a product code, edits one and reads its history', async ({
  page,
}) => {
  await signIn(page, 'admin@example.com');

  // Production region: list → Add → fill → Enter saves → success → the list counts one more.
  await openFromMenu(page, 'Production Regions', /^Showing \d+ Production Region\(s\)$/);
  const regions = await countOf(page);
  await page.getByTestId('list-add').click();
  await expect(page).toHaveURL(/\/production-regions-details\?createMode=true$/);
  await expect(page.getByRole('heading', { name: 'New Production Region' })).toBeVisible();
  const region = `E2E Region ${run}`;
  const regionName = page.getByLabel('Production Region Name');
  await expect(regionName).toBeFocused();
  await regionName.fill(region);
  await regionName.press('Enter');
  await expectSuccess(page, 'Production Region Successfully Created');
  await expect(page).toHaveURL(/\/production-regions-list$/);
  await expect(page.getByTestId('list-count')).toHaveText(`Showing ${regions + 1} Production Region(s)`);
  // The filter: Enter searches; the row is a real link to the details by id.
  await page.getByTestId('filter-productionRegionName').fill(region);
  await page.getByTestId('filter-productionRegionName').press('Enter');
  await expect(page.getByTestId('list-count')).toHaveText('Showing 1 Production Region(s)');
  await expect(page).toHaveURL(/productionRegionName=/);
  await expect(page.getByTestId('list-row-link')).toHaveText(region);
  await expect(page.getByTestId('list-row-link')).toHaveAttribute(
    'href',
    /^\/production-regions-details\?id=\d+$/,
  );

  // Warehouse: the required fields are checked before anything is sent.
  await openFromMenu(page, 'Warehouses', /^Showing \d+ Warehouse\(s\)$/);
  const warehouseCount = await countOf(page);
  await addNew(page);
  await page.getByLabel('Warehouse Name').fill(`E2E Warehouse ${run}`);
  await page.getByLabel('Warehouse Name').press('Enter');
  await expect(page.getByText('Contact Name is required')).toBeVisible();
  await expect(page).toHaveURL(/createMode=true/);
  await page.getByLabel('Preferred Shipping').fill('FedEx Ground');
  await page.getByLabel('Address').fill('1 Test Street\nToronto, ON');
  await page.getByLabel('Contact Name').fill('Tess Tester');
  await page.getByLabel('Email').fill(`warehouse-${run}@example.com`);
  await page.getByLabel('Telephone').fill('+1 416 555 0000');
  await page.getByLabel('Telephone').press('Enter');
  await expectSuccess(page, 'Warehouse Successfully Created');
  await expect(page).toHaveURL(/\/warehouse-list$/);
  await expect(page.getByTestId('list-count')).toHaveText(`Showing ${warehouseCount + 1} Warehouse(s)`);

  // Product code.
  await openFromMenu(page, 'Product Codes', /^Showing \d+ Product Code\(s\)$/);
  const codes = await countOf(page);
  await addNew(page);
  await page.getByRole('textbox', { name: 'Product Code', exact: true }).fill(`E2E-${run}`);
  await page.getByRole('textbox', { name: 'Product Code', exact: true }).press('Enter');
  await expectSuccess(page, 'Product Code Successfully Created');
  await expect(page).toHaveURL(/\/product-code-list$/);
  await expect(page.getByTestId('list-count')).toHaveText(`Showing ${codes + 1} Product Code(s)`);

  // Edit the warehouse: view mode first (read-only), Edit, change, Save → success, view mode again.
  await openFromMenu(page, 'Warehouses', /Warehouse\(s\)/);
  await page
    .getByTestId('list-row-link')
    .filter({ hasText: `E2E Warehouse ${run}` })
    .click();
  await expect(page).toHaveURL(/\/warehouse-details\?id=\d+$/);
  const contact = page.getByLabel('Contact Name');
  await expect(contact).toHaveValue('Tess Tester');
  await expect(contact).toHaveAttribute('readonly', '');
  await page.getByTestId('detail-edit').click();
  await expect(contact).not.toHaveAttribute('readonly', '');
  await contact.fill('Theo Tester');
  await page.getByTestId('detail-save').click();
  await expectSuccess(page, 'Warehouse Successfully Updated');
  await expect(page.getByTestId('detail-edit')).toBeVisible();
  await expect(contact).toHaveValue('Theo Tester');
  await expect(contact).toHaveAttribute('readonly', '');

  // Its history: the update (who, before → after) above the creation.
  const entries = page.getByTestId('history-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText('Updated');
  await expect(entries.first()).toContainText('Ada Admin');
  const change = entries.first().locator('[data-field="contactName"]');
  await expect(change).toContainText('Contact Name');
  await expect(change).toContainText('Tess Tester');
  await expect(change).toContainText('Theo Tester');
  await expect(entries.last()).toContainText('Created');

  // Cancel restores the last saved copy and returns to view mode.
  await page.getByTestId('detail-edit').click();
  await contact.fill('Someone Else');
  await page.getByLabel('Telephone').fill('000');
  await page.getByTestId('detail-cancel').click();
  await expect(contact).toHaveValue('Theo Tester');
  await expect(page.getByLabel('Telephone')).toHaveValue('+1 416 555 0000');
  await expect(page.getByTestId('detail-edit')).toBeVisible();

  // Cancel in create mode returns to the list.
  await page.goto('/warehouse-details?createMode=true');
  await page.getByTestId('detail-cancel').click();
  await expect(page).toHaveURL(/\/warehouse-list$/);
});

test('create mode with an id is refused, and a record that does not exist goes home', async ({ page }) => {
  await signIn(page, 'admin@example.com', '/warehouse-details?id=1&createMode=true');
  await expect(page.getByTestId('message-error').filter({ hasText: 'Invalid URL params' })).toBeVisible();
  await expect(page).toHaveURL(/\/warehouse-list$/);

  await page.goto('/product-code-details?id=999999');
  await expect(page.getByTestId('message-error')).toContainText(/not found/i);
  await expect(page).toHaveURL(/\/order-list$/);
});

test('a save from a stale copy shows the 409 message and the current record', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page, 'admin@example.com', '/product-code-list');
  await addNew(page);
  await page.getByRole('textbox', { name: 'Product Code', exact: true }).fill(`STALE-${run}`);
  await page.getByRole('textbox', { name: 'Product Code', exact: true }).press('Enter');
  await expectSuccess(page, 'Product Code Successfully Created');
  await page.getByTestId('filter-productCode').fill(`STALE-${run}`);
  await page.getByTestId('filter-productCode').press('Enter');
  await expect(page.getByTestId('list-count')).toHaveText('Showing 1 Product Code(s)');
  const href = await page.getByTestId('list-row-link').getAttribute('href');
  await page.getByTestId('list-row-link').click();
  await page.getByTestId('detail-edit').click();
  await page.getByRole('textbox', { name: 'Product Code', exact: true }).fill(`STALE-${run}-A`);

  // Another tab opens the same record and saves first.
  const other = await secondTab(browser, baseURL);
  try {
    await other.page.goto(href ?? '/');
    await other.page.getByTestId('detail-edit').click();
    await other.page.getByRole('textbox', { name: 'Product Code', exact: true }).fill(`STALE-${run}-B`);
    await other.page.getByRole('textbox', { name: 'Product Code', exact: true }).press('Enter');
    await expectSuccess(other.page, 'Product Code Successfully Updated');
  } finally {
    await other.close();
  }

  // This tab's save is refused with the server's message; the screen shows the current record.
  await page.getByTestId('detail-save').click();
  await expect(page.getByTestId('message-error').filter({ hasText: STALE_MESSAGE })).toBeVisible();
  await expect(page.getByTestId('detail-edit')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Product Code', exact: true })).toHaveValue(
    `STALE-${run}-B`,
  );
  // Edit again starts from the current version: this save goes through.
  await page.getByTestId('detail-edit').click();
  await page.getByRole('textbox', { name: 'Product Code', exact: true }).fill(`STALE-${run}-C`);
  await page.getByRole('textbox', { name: 'Product Code', exact: true }).press('Enter');
  await expectSuccess(page, 'Product Code Successfully Updated');
});

test('customers, factories and vendors: create with their defaults, checklists and shipping addresses', async ({
  page,
}) => {
  await signIn(page, 'admin@example.com');

  // Customer: cards, Add, the defaults of §9.
  await openFromMenu(page, 'Customers', /^Showing \d+ Customer\(s\)$/);
  const customerCount = await countOf(page);
  await page.getByTestId('list-add').click();
  await expect(page).toHaveURL(/createMode=true/);
  await expect(page.getByTestId('customer-field-parserType')).toHaveValue('None');
  await page.getByRole('textbox', { name: 'Company Name' }).fill(`E2E Customer ${run}`);
  await page.getByRole('textbox', { name: 'Company Name' }).press('Enter');
  await expectSuccess(page, 'Customer Successfully Created');
  await expect(page.getByTestId('list-count')).toHaveText(`Showing ${customerCount + 1} Customer(s)`);

  // Factory: Bangladesh and CAD by default; the count line of §2.
  await openFromMenu(page, 'Factories', /^Showing \d+ Factory\/Factories$/);
  const factoryCount = await countOf(page);
  await page.getByTestId('list-add').click();
  await expect(page).toHaveURL(/createMode=true/);
  await expect(page.getByTestId('factory-field-productionRegion')).toHaveValue('Bangladesh');
  await expect(page.getByTestId('factory-field-currencyType')).toHaveValue('CAD');
  await page.getByRole('textbox', { name: 'Factory Name' }).fill(`E2E Factory ${run}`);
  await page.getByRole('textbox', { name: 'Factory Short Code' }).fill(`E${run}`.slice(0, 6));
  await page.getByRole('checkbox', { name: `E2E Customer ${run}` }).check();
  await page.getByRole('textbox', { name: 'Factory Short Code' }).press('Enter');
  await expectSuccess(page, 'Factory Successfully Created');
  await expect(page.getByTestId('list-count')).toHaveText(`Showing ${factoryCount + 1} Factory/Factories`);
  await expect(
    page
      .getByTestId('list-row')
      .filter({ hasText: `E2E Factory ${run}` })
      .getByText(`E2E Customer ${run}`),
  ).toBeVisible();

  // Vendor: vendor number keeps its digits, shipping addresses refuse a duplicate, Select All customers.
  await openFromMenu(page, 'Vendors', /^Showing \d+ Vendor\(s\)$/);
  await addNew(page);
  await page.getByRole('textbox', { name: 'Company Name' }).fill(`E2E Vendor ${run}`);
  // Vendor numbers are unique: one of this run.
  const digits = String(Date.now()).slice(-8);
  await page
    .getByRole('textbox', { name: 'Vendor Number' })
    .fill(`ab${digits.slice(0, 4)}-${digits.slice(4)}`);
  await expect(page.getByRole('textbox', { name: 'Vendor Number' })).toHaveValue(digits);
  await expect(page.getByTestId('shipping-add')).toBeDisabled();
  await page.getByTestId('shipping-short-name').fill('Main Dock');
  await page.getByTestId('shipping-address').fill('1 Harbour Road, Dhaka');
  await page.getByTestId('shipping-add').click();
  await expect(page.getByTestId('shipping-row')).toHaveCount(1);
  await page.getByTestId('shipping-short-name').fill('main dock');
  await page.getByTestId('shipping-address').fill('2 Harbour Road, Dhaka');
  await page.getByTestId('shipping-add').click();
  await expect(page.getByTestId('shipping-error')).toHaveText('This is a duplicate entry.');
  await page.getByTestId('vendor-field-customers-select-all').click();
  const boxes = page.getByTestId('vendor-field-customers').getByRole('checkbox');
  const boxCount = await boxes.count();
  for (let i = 0; i < boxCount; i++) await expect(boxes.nth(i)).toBeChecked();
  await page.getByTestId('detail-save').click();
  await expectSuccess(page, 'Vendor Successfully Created');
  await page.getByTestId('filter-companyName').fill(`E2E Vendor ${run}`);
  await page.getByTestId('filter-companyName').press('Enter');
  await expect(page.getByTestId('list-count')).toHaveText('Showing 1 Vendor(s)');
  await expect(page.getByTestId('list-row')).toContainText('1 Harbour Road, Dhaka');
  await expect(page.getByTestId('list-row')).toContainText(`E2E Customer ${run}`);
});

test('users: Password Reset Sent; the vendor edits its own shipping addresses on its reduced screen', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page, 'admin@example.com');
  await openFromMenu(page, 'Users', /^Showing \d+ User\(s\)$/);
  await page.getByTestId('filter-email').fill('vendor@example.com');
  await page.getByTestId('filter-email').press('Enter');
  await expect(page.getByTestId('list-count')).toHaveText('Showing 1 User(s)');
  await page.getByTestId('list-row-link').click();
  await page.getByTestId('user-reset-password').click();
  await expectSuccess(page, 'Password Reset Sent');

  // The vendor, from the cart: no company, currency, vendor number or customers; no history.
  const vendor = await secondTab(browser, baseURL, 'vendor@example.com');
  try {
    const v = vendor.page;
    // An empty cart (the demo has none), so where Return to Cart ends is known (below).
    await emptyCart(v);
    const cart = await apiCall<{ vendorId: number | null }>(v, 'GET', '/orders/cart');
    expect(cart.body.vendorId, 'the demo vendor user has a vendor').not.toBeNull();
    await v.goto(`/vendor-details?id=${cart.body.vendorId}&fromCart=true`);
    await expect(v.getByTestId('detail-return-to-cart')).toBeVisible();
    await expect(v.getByRole('textbox', { name: 'Billing Account Number' })).toBeVisible();
    await expect(v.getByRole('textbox', { name: 'Company Name' })).toHaveCount(0);
    await expect(v.getByRole('textbox', { name: 'Vendor Number' })).toHaveCount(0);
    await expect(v.getByTestId('vendor-field-customers')).toHaveCount(0);
    await expect(v.getByTestId('history')).toHaveCount(0);
    const rows = await v.getByTestId('shipping-row').count();
    await v.getByTestId('detail-edit').click();
    await v.getByTestId('shipping-short-name').fill(`E2E Dock ${run}`);
    await v.getByTestId('shipping-address').fill('9 Test Lane, Gazipur');
    await v.getByTestId('shipping-add').click();
    await v.getByTestId('detail-save').click();
    await expectSuccess(v, 'Vendor Successfully Updated');
    await expect(v.getByTestId('shipping-row')).toHaveCount(rows + 1);
    // Leave the vendor as it was: select the new address, Remove, Save.
    await v.getByTestId('detail-edit').click();
    await v.getByRole('button', { name: `E2E Dock ${run}` }).click();
    await v.getByTestId('shipping-remove').click();
    await v.getByTestId('detail-save').click();
    await expectSuccess(v, 'Vendor Successfully Updated');
    await expect(v.getByTestId('shipping-row')).toHaveCount(rows);
    // Return to Cart opens the cart, which, empty, says so and moves on to the order list. The
    // address is awaited from before the click: /cart is only passed through (a check after the
    // click missed it once under load).
    const toCart = v.waitForURL(/\/cart$/);
    await v.getByTestId('detail-return-to-cart').click();
    await toCart;
    await expect(v.getByText('Your cart is empty.')).toBeVisible();
    await expect(v).toHaveURL(/\/order-list$/);
  } finally {
    await vendor.close();
  }
});

test('keyboard only: filter, open a row, Edit, change, Enter saves', async ({ page }) => {
  await signIn(page, 'admin@example.com', '/production-regions-list');
  await expect(page.getByTestId('list-count')).toBeVisible();
  // The filter folds and unfolds from the keyboard.
  const toggle = page.getByTestId('filter-toggle');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  // aria-expanded flips at once, but Mantine's Collapse shows its body (until then display:none in a
  // hidden <Activity>) only on the next animation frame: a Tab sent before that frame skips the
  // filter. Wait for the field to be shown, as a user would see it, before tabbing to it.
  const filter = page.getByTestId('filter-productionRegionName');
  await expect(filter).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(filter).toBeFocused();
  await page.keyboard.type('Sri');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('list-count')).toHaveText('Showing 1 Production Region(s)');
  // Tab reaches the row's link; Enter opens the details.
  const link = page.getByTestId('list-row-link');
  for (let i = 0; i < 10 && !(await link.evaluate((e) => e === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/production-regions-details\?id=\d+$/);
  const edit = page.getByTestId('detail-edit');
  await edit.focus();
  await page.keyboard.press('Enter');
  const name = page.getByRole('textbox', { name: 'Production Region Name' });
  await expect(name).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.type(` ${run}`);
  await page.keyboard.press('Enter');
  await expectSuccess(page, 'Production Region Successfully Updated');
  await expect(name).toHaveValue(`Sri Lanka ${run}`);
  // Put the demo region's name back.
  await page.getByTestId('detail-edit').focus();
  await page.keyboard.press('Enter');
  await expect(name).toBeFocused();
  await name.fill('Sri Lanka');
  await page.keyboard.press('Enter');
  await expect(name).toHaveValue('Sri Lanka');
  await expect(page.getByTestId('detail-edit')).toBeVisible();
});

test('attribute schemas: fields and dropdown options with the spec refusals', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await openFromMenu(page, 'Attribute Schemas', /^Showing \d+ Attribute Schema\(s\)$/);
  const schemaCount = await countOf(page);
  await addNew(page);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`E2E Schema ${run}`);
  // Enter in the field name adds the field (it does not save the schema).
  const fieldName = page.getByTestId('attribute-field-name');
  await fieldName.fill('Size Band');
  await fieldName.press('Enter');
  await expect(page.getByTestId('attribute-field-row')).toHaveCount(1);
  await fieldName.fill('size band');
  await page.getByTestId('attribute-field-add').click();
  await expect(page.getByTestId('attribute-fields-error')).toHaveText('This is a duplicate field.');
  await fieldName.fill('Colour');
  await page.getByTestId('attribute-field-type').click();
  await page.getByRole('option', { name: 'DROPDOWN' }).click();
  await page.getByTestId('attribute-field-add').click();
  await expect(page.getByTestId('attribute-field-row')).toHaveCount(2);
  // The options editor shows for a selected dropdown field.
  await expect(page.getByTestId('attribute-options')).toHaveCount(0);
  await page.getByRole('button', { name: 'Colour' }).click();
  const option = page.getByTestId('attribute-option-name');
  await option.fill('Red');
  await option.press('Enter');
  await option.fill('Blue');
  await option.press('Enter');
  await option.fill('red');
  await option.press('Enter');
  await expect(page.getByTestId('attribute-fields-error')).toHaveText('This is a duplicate option.');
  await expect(page.getByTestId('attribute-option')).toHaveText(['Blue', 'Red']);
  await page.getByTestId('detail-save').click();
  await expectSuccess(page, 'Attribute Schema Successfully Created');
  await expect(page).toHaveURL(/\/attribute-schemas-list$/);
  await expect(page.getByTestId('list-count')).toHaveText(`Showing ${schemaCount + 1} Attribute Schema(s)`);
  await page
    .getByTestId('list-row-link')
    .filter({ hasText: `E2E Schema ${run}` })
    .click();
  await expect(page.getByTestId('attribute-field-row').filter({ hasText: 'Colour' })).toContainText(
    'Blue, Red',
  );
  await expect(page.getByTestId('attribute-field-row').first()).toContainText('Colour');
});
