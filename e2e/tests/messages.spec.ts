/**
 * Messages a user sees (decision 0058): sentences in the user's words, each where it belongs, never a
 * field path and validator text. One journey per screen of the issue: the care label refusal on Add
 * to Order (a sentence, gone once the label is put right), the passport page of a bad link (read as
 * an unknown serial), the tier editor refusing a quantity of 2.6 and a price of -1 on their fields,
 * a refusal of the server under the input it names (a duplicate customer name), the history in the
 * form's words (Show / Don't show), the care codes' labels (Code, Description). Every journey is also
 * watched by the fixtures' check that no screen shows a field path (support/fixtures.ts); the first
 * test shows that check fails a journey.
 */
import type { Page } from '@playwright/test';
import { apiCall, emptyCart, orderIds } from '../support/api';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/session';

test.setTimeout(180_000);

/** ordering §8 Success (packages/shared MESSAGES.productAdded). */
const PRODUCT_ADDED = 'Product added to your cart';
/** packages/shared PASSPORT_MESSAGES.notFound. */
const PASSPORT_NOT_FOUND = 'No product passport at this address.';

test('the check of every journey fails one whose screen shows a field path', async ({
  page,
  fieldPathMessages,
}) => {
  test.fail(true, 'the fixture must fail a journey that shows "careLabel.wash: Required"');
  await signIn(page, 'vendor@example.com');
  await page.evaluate(() => {
    const node = document.createElement('div');
    node.setAttribute('data-testid', 'message-error');
    node.textContent = 'careLabel.wash: Required';
    document.body.append(node);
  });
  // Seen by the watcher; the fixture's check then fails the journey when it ends.
  await expect
    .poll(() => fieldPathMessages)
    .toEqual([expect.stringMatching(/^careLabel\.wash: Required \(at /)]);
});

async function choose(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

test('Add to Order with a by-code care label without its code: a sentence that goes once the label is right', async ({
  page,
}) => {
  await signIn(page, 'vendor@example.com');
  await emptyCart(page);
  try {
    await page.goto('/product-list');
    await choose(page, 'product-search-region', 'Sri Lanka');
    await page.getByTestId('product-search-text').fill('DS-CL-310');
    await page.getByTestId('product-search-submit').click();
    await page.locator('[data-testid=product-row][data-product-subcode="DS-CL-310"]').click();
    const editor = page.getByTestId('care-label-editor');
    await expect(editor).toBeVisible({ timeout: 60_000 });
    const qty = page.locator('[data-testid^="quantity-"]').first();
    await qty.fill('1000');
    await qty.blur();

    await page.getByTestId('add-to-order').click();
    const refusal = page
      .getByTestId('message-error')
      .filter({ hasText: 'Care code is required on a care label by code.' });
    await expect(refusal).toBeVisible();
    // The same sentence under the field, not a path in front of it.
    await expect(page.getByTestId('care-code')).toHaveAccessibleDescription(
      'Care code is required on a care label by code.',
    );
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.screenshot({ path: 'test-results/screens/messages-care-code-1024.png' });

    // The code chosen: the message goes (what is still missing shows on its own field).
    await choose(page, 'care-code', /^DS01 - /);
    await expect(refusal).toHaveCount(0);
    await page.getByTestId('care-country').click();
    await page.getByRole('option', { name: 'Sri Lanka', exact: true }).click();
    await page.keyboard.press('Escape');
    await choose(page, 'care-add-component', 'Body');
    const body = editor.locator('[data-testid=care-component][data-component="Body"]');
    await body.getByTestId('care-material').first().click();
    await page.getByRole('option', { name: 'Cotton', exact: true }).click();
    await body.getByTestId('care-percentage').first().fill('100');

    await page.getByTestId('add-to-order').click();
    await expect(page.getByTestId('message-success').filter({ hasText: PRODUCT_ADDED })).toBeVisible();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('message-error')).toHaveCount(0);
  } finally {
    await emptyCart(page);
  }
});

test('a passport link with a wrong GTIN reads as an unknown serial does', async ({ page, browser }) => {
  await signIn(page, 'vendor@example.com');
  let path: string | undefined;
  for (const orderId of await orderIds(page, 'page=0&size=100&startDate=2000-01-01')) {
    const res = await apiCall<{ orderItems: { digitalLink?: string | null }[] }>(
      page,
      'GET',
      `/orders/${orderId}`,
    );
    const link = res.body.orderItems.find((i) => i.digitalLink)?.digitalLink;
    if (link) {
      path = new URL(link).pathname;
      break;
    }
  }
  expect(path, 'a placed order with a product passport').toBeDefined();
  const [, gtin, serial] = /^\/01\/(\d{14})\/21\/(.+)$/.exec(path ?? '') ?? [];
  const wrongDigit = `${gtin.slice(0, 13)}${(Number(gtin[13]) + 1) % 10}`;

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/01/${wrongDigit}/21/${serial}`);
  const alert = visitor.getByTestId('passport-not-found');
  await expect(alert).toContainText(PASSPORT_NOT_FOUND);
  await expect(alert).not.toContainText(/gtin|GTIN-14|check digit/);
  const badLink = await alert.innerText();
  await visitor.goto(`/01/${gtin}/21/AAAAAAAAAAAAAAAAAAAA`);
  await expect(alert).toContainText(PASSPORT_NOT_FOUND);
  expect(await alert.innerText()).toBe(badLink);
  await visitor.context().close();
});

test('the tier editor refuses a quantity of 2.6 and a price of -1 on their fields', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  const found = await apiCall<{ subcodes: { id: number }[] }>(
    page,
    'GET',
    '/product-subcodes?productSubcode=RT-WL-102',
  );
  await page.goto(`/product-subcode-details?id=${found.body.subcodes[0].id}`);
  await page.getByTestId('detail-edit').click();
  const rows = page.getByTestId('price-tiers-row');
  const before = await rows.count();
  const quantity = page.getByTestId('price-tiers-quantity');
  const price = page.getByTestId('price-tiers-price');

  await quantity.fill('2.6');
  await price.fill('0.50');
  await choose(page, 'price-tiers-currency', 'USD');
  await page.getByTestId('price-tiers-add').click();
  await expect(quantity).toHaveAccessibleDescription('A tier quantity must be a whole number over 0.');
  await expect(quantity).toHaveValue('2.6');
  await expect(rows).toHaveCount(before);

  await quantity.fill('250');
  await expect(quantity).not.toHaveAttribute('aria-invalid', 'true');
  await price.fill('-1');
  await price.press('Enter');
  await expect(price).toHaveAccessibleDescription('A price cannot be below 0.');
  await expect(price).toHaveValue('-1');
  await expect(rows).toHaveCount(before);
  await page.setViewportSize({ width: 1024, height: 800 });
  await price.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/messages-tier-price-1024.png' });
  await quantity.fill('2.6');
  await price.fill('0.50');
  await page.getByTestId('price-tiers-add').click();
  await expect(quantity).toHaveAccessibleDescription('A tier quantity must be a whole number over 0.');
  await page.screenshot({ path: 'test-results/screens/messages-tier-quantity-1024.png' });
  await page.getByTestId('detail-cancel').click();
});

test("a refusal naming a form's field shows under that input", async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await page.goto('/customer-details?createMode=true');
  const name = page.getByTestId('customer-field-companyName');
  await name.fill('Roots');
  await name.press('Enter');
  await expect(name).toHaveAccessibleDescription('Customer "Roots" already exists.');
  await expect(name).toBeFocused();
  await expect(page.getByTestId('message-error')).toHaveCount(0);
});

test("a customer's history names values as the form does: Show / Don't show", async ({ page }) => {
  await signIn(page, 'admin@example.com');
  const created = await apiCall<{ id: number }>(page, 'POST', '/customers', {
    companyName: `History words ${Date.now()}`,
  });
  expect(created.status).toBe(201);
  await page.goto(`/customer-details?id=${created.body.id}`);
  await page.getByTestId('detail-edit').click();
  await choose(page, 'customer-field-fabricCompositionShow', "Don't show");
  await choose(page, 'customer-field-parserType', 'Dunnes');
  await page.getByTestId('detail-save').click();
  await expect(page.getByTestId('detail-edit')).toBeVisible();
  // The newest entry (the update) first; the create's own row shows '---' → 'Show'.
  const update = page.getByTestId('history-entry').first();
  const fabric = update.locator('[data-testid=history-change][data-field="fabricCompositionShow"]');
  await expect(fabric).toHaveText(/Fabric Composition\s*Show\s*Don't show/);
  await expect(fabric).not.toContainText(/Yes|No\b/);
  await expect(update.locator('[data-testid=history-change][data-field="parserType"]')).toHaveText(
    /Parser Type\s*None\s*Dunnes/,
  );
  await expect(
    page.getByTestId('history-entry').last().locator('[data-field="fabricCompositionShow"]'),
  ).toHaveText(/---\s*Show/);
  await update.scrollIntoViewIfNeeded();
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.screenshot({ path: 'test-results/screens/messages-history-1024.png' });
});

test('care codes are labelled Code and Description, as master-data §2 says', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await page.goto('/care-label?tab=1');
  const section = page.getByTestId('care-option-care-code');
  await expect(section.getByLabel('Code', { exact: true })).toBeVisible();
  await expect(section.getByLabel('Description', { exact: true })).toBeVisible();
  await expect(section.getByRole('columnheader', { name: 'Description' })).toBeVisible();
  await expect(section.getByRole('columnheader', { name: 'Text' })).toHaveCount(0);
});
