/**
 * The screens round (decision 0038), one test per item (lettered as in the helper's list: a cart's new shipping
 * address, i Ship & Complete confirmed, j logout clears session storage, k ACCOUNT's cart icon...).
 * Each failed on the code before its fix. Screenshots of the screens checked go to
 * e2e/test-results/screens/ (1280 and 390 px wide).
 */
import type { Page } from '@playwright/test';
import { apiCall, emptyCart, orderIds } from '../support/api';
import { expect as baseExpect, test } from '../support/fixtures';
import { expectNoHiddenColumns } from '../support/layout';
import { expectSuccess } from '../support/masterData';
import { addWovenLabelToCart } from '../support/ordering';
import { signIn } from '../support/session';

test.setTimeout(120_000);
// The shared machine is slow at times: lists may take longer than the default 10 s to show.
const expect = baseExpect.configure({ timeout: 30_000 });

/** Saves a screenshot of the page for looking at it (not compared). */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });

test('a: an address added from the cart is listed and chosen on Return to Cart', async ({ page }) => {
  await signIn(page, 'vendor2@example.com');
  await emptyCart(page);
  try {
    await addWovenLabelToCart(page, 'RT-WL-101', 500);
    await expect(page.getByTestId('cart-field-shippingAddress')).toBeVisible();
    await page.getByTestId('cart-add-shipping-address').click();
    await expect(page.getByTestId('shipping-addresses')).toBeVisible();
    await page.getByTestId('detail-edit').click();
    const shortName = `Annex ${Date.now() % 100000}`;
    await page.getByTestId('shipping-short-name').fill(shortName);
    await page.getByTestId('shipping-address').fill('Plot 9, Export Zone Annex\nSaigon');
    await page.getByTestId('shipping-add').click();
    await page.getByTestId('detail-save').click();
    await expect(page.getByTestId('detail-edit')).toBeVisible();
    await page.getByTestId('detail-return-to-cart').click();
    await expect(page).toHaveURL(/\/cart$/);
    // Listed and chosen without a reload, and saved in the cart.
    await expect(page.getByTestId('cart-field-shippingAddress')).toHaveValue(shortName);
    await expect(page.getByTestId('cart-shipping-address-text')).toHaveText(/Plot 9, Export Zone Annex/);
    await expect
      .poll(
        async () =>
          (await apiCall<{ shippingAddress: string }>(page, 'GET', '/orders/cart')).body.shippingAddress,
      )
      .toContain('Plot 9, Export Zone Annex');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, 'a-cart-1280');
  } finally {
    await emptyCart(page);
  }
});

test('i: Ship & Complete asks for confirmation; No leaves the order as it was', async ({ page }) => {
  await signIn(page, 'csr@example.com');
  const [orderId] = await orderIds(page, 'needsAction=shipmentsToMake&size=1');
  expect(orderId).toBeDefined();
  await page.goto(`/order-details?orderId=${orderId}`);
  await page.getByTestId('order-action-shipAndComplete').click();
  await expect(page.getByText('Are you sure you want to ship and complete this order?')).toBeVisible();
  await shot(page, 'i-ship-confirm-1280');
  await page.getByTestId('ship-complete-dismiss').click();
  const order = await apiCall<{ orderStatus: string }>(page, 'GET', `/orders/${orderId}`);
  expect(order.body.orderStatus).toBe('READY_TO_SHIP');
  await page.getByTestId('order-action-shipAndComplete').click();
  await page.getByTestId('ship-complete-confirm').click();
  await expectSuccess(page, 'Successfully marked as shipped and completed.');
  expect((await apiCall<{ orderStatus: string }>(page, 'GET', `/orders/${orderId}`)).body.orderStatus).toBe(
    'COMPLETE_AND_SHIPPED',
  );
});

test('j: Log Out clears the stored order search from session storage', async ({ page }) => {
  await signIn(page, 'admin@example.com', '/order-list');
  await expect(page.locator('[data-order-card]').first()).toBeVisible();
  const stored = () => page.evaluate(() => Object.keys(sessionStorage));
  expect(await stored()).toContain('order-search');
  await page.getByTestId('nav-logout').click();
  await expect(page).toHaveURL(/\/login/);
  expect(await stored()).toEqual([]);
});

test('k: the ACCOUNT role sees the cart icon with an empty cart', async ({ page }) => {
  await signIn(page, 'account@example.com');
  await emptyCart(page);
  await page.goto('/order-list');
  await expect(page.locator('[data-order-card]').first()).toBeVisible();
  await expect(page.getByTestId('nav-cart')).toBeVisible();
  await shot(page, 'k-account-nav-1280');
  // On a phone too: the icon stays in the header beside the phone menu, on screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.locator('[data-order-card]').first()).toBeVisible();
  const cart = page.getByTestId('nav-cart');
  await expect(cart).toBeVisible();
  const box = await cart.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await shot(page, 'k-account-nav-390');
});

test('b: long filter forms collapse behind Filters on a phone (with the active count), open on a desktop', async ({
  page,
}) => {
  await signIn(page, 'admin@example.com');
  for (const [name, path, panel, toggle, results] of [
    ['order-list', '/order-list', 'order-filters', 'order-filters-toggle', '[data-order-card]'],
    ['user-list', '/user-list', 'list-filters', 'filter-toggle', '[data-testid=list-row]'],
  ] as const) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    await expect(page.locator(results).first()).toBeVisible();
    await expect(page.getByTestId(panel)).toHaveAttribute('data-open', 'false');
    await expect(page.getByTestId(toggle)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId(`${panel}-count`)).toHaveText(/^\d+ active$/);
    // The results start on the first screen of the phone.
    const first = await page.locator(results).first().boundingBox();
    expect(first && first.y < 844, `${name}: first result at ${first?.y} px`).toBe(true);
    await shot(page, `b-${name}-filters-390`);
    await page.getByTestId(toggle).click();
    await expect(page.getByTestId(panel)).toHaveAttribute('data-open', 'true');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(path);
    await expect(page.locator(results).first()).toBeVisible();
    await expect(page.getByTestId(panel)).toHaveAttribute('data-open', 'true');
    await shot(page, `b-${name}-filters-1280`);
  }
  // The order list's count is that of the search that ran: the defaults (Open Orders, 30 days) are two.
  await page.goto('/order-list');
  await page.getByTestId('order-reset-button').click();
  await expect(page.getByTestId('order-filters-count')).toHaveText('2 active');
});

test('h: a cancelled order asks for no artwork: no Needs Artwork Upload banner', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  const ids = await orderIds(page, 'needsAction=artworkToUpload&size=50');
  let orderId: number | undefined;
  for (const id of ids) {
    const order = await apiCall<{ orderItems: { artwork: { status: string } | null }[] }>(
      page,
      'GET',
      `/orders/${id}`,
    );
    if (order.body.orderItems.some((i) => i.artwork?.status === 'NEEDS_UPLOAD')) {
      orderId = id;
      break;
    }
  }
  expect(orderId, 'an order with artwork to upload').toBeDefined();
  await page.goto(`/order-details?orderId=${orderId}`);
  await page.getByTestId('items-tab-all').click();
  await expect(page.getByText('Needs Artwork Upload').first()).toBeVisible();
  expect((await apiCall(page, 'PUT', `/orders/cancel-order/${orderId}`)).status).toBe(200);
  await page.reload();
  await expect(page.getByTestId('order-title')).toBeVisible();
  await expect(page.getByTestId('items-tab-all')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('artwork-panel').first()).toBeVisible();
  await expect(page.getByText('Needs Artwork Upload')).toHaveCount(0);
  await expect(page.getByText('Requires Artwork Review')).toHaveCount(0);
  await expect(page.getByTestId('artwork-none').first()).toHaveText('No artwork was uploaded.');
  await shot(page, 'h-cancelled-order-1280');
});

test('e: saving an empty subcode names each field in a sentence, no validator text', async ({ page }) => {
  await signIn(page, 'admin@example.com', '/product-subcode-details?createMode=true');
  await expect(page.getByTestId('detail-save')).toBeVisible();
  await page.getByTestId('subcode-field-productSubcode').fill('E2E-EMPTY');
  await page.getByTestId('subcode-field-description').fill('Nothing chosen');
  await page.getByTestId('detail-save').click();
  await expect(page.getByText('Product Code is required')).toBeVisible();
  await expect(page.getByText('Customer is required')).toBeVisible();
  await expect(page.getByText(/Invalid input|expected object|received null/)).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'e-subcode-errors-1280');
});

test("f: the tier editor refuses quantity 0 with the spec's message", async ({ page }) => {
  await signIn(page, 'admin@example.com');
  const found = await apiCall<{ subcodes: { id: number }[] }>(
    page,
    'GET',
    '/product-subcodes?productSubcode=RT-WL-102',
  );
  await page.goto(`/product-subcode-details?id=${found.body.subcodes[0].id}`);
  await page.getByTestId('detail-edit').click();
  await page.getByTestId('price-tiers-quantity').fill('0');
  await page.getByTestId('price-tiers-price').fill('0.50');
  await page.getByTestId('price-tiers-currency').click();
  await page.getByRole('option', { name: 'USD', exact: true }).click();
  await page.getByTestId('price-tiers-add').click();
  // On the quantity's own field (decision 0058).
  await expect(page.getByTestId('price-tiers-quantity')).toHaveAccessibleDescription(
    'A tier cannot have quantity 0.',
  );
  await expect(page.getByTestId('price-tiers-quantity')).toHaveValue('0');
  await page.getByTestId('detail-cancel').click();
});

test('b: every main screen fits 390 px: nothing wider than the phone', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'vendor2@example.com');
  await emptyCart(page);
  const width = () => page.evaluate(() => document.documentElement.scrollWidth);
  const wide: string[] = [];
  const check = async (name: string) => {
    await shot(page, `b-${name}-390`);
    const w = await width();
    if (w > 390) wide.push(`${name}: ${w} px`);
  };
  try {
    await page.goto('/order-list');
    await expect(page.locator('[data-order-card]').first()).toBeVisible();
    await check('order-list');
    const [orderId] = await orderIds(page, 'size=1');
    await page.goto(`/order-details?orderId=${orderId}`);
    await expect(page.getByRole('heading', { name: `Order #${orderId}` })).toBeVisible();
    await check('order-details');
    // Size, Quantity and Unit Price of a line are on screen, not behind a sideways scroll.
    await expectNoHiddenColumns(page.getByTestId('order-item-sizes').first());
    await addWovenLabelToCart(page, 'RT-WL-101', 500);
    await expect(page.getByTestId('cart-field-shippingAddress')).toBeVisible();
    await check('cart');
    await page.goto('/product-list');
    await expect(page.getByTestId('product-search-submit')).toBeVisible();
    await check('product-list');
    await page.getByTestId('product-search-region').click();
    await page.getByRole('option', { name: 'Bangladesh', exact: true }).click();
    await page.getByTestId('product-search-submit').click();
    const row = page.locator('[data-testid=product-row][data-product-subcode="RT-WL-101"]');
    await expect(row).toBeVisible();
    await check('product-list-results');
    await expectNoHiddenColumns(page.getByTestId('product-results'));
    await row.click();
    await expect(page).toHaveURL(/\/product-details\?productItemId=\d+/);
    await expect(page.getByTestId('quantity-S')).toBeVisible();
    await check('product-details');
    // The size table's In Cart and Unit Price columns are on screen, not behind a sideways scroll.
    const table = page.getByTestId('size-table');
    await expect(table.getByRole('columnheader', { name: 'In Cart' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Unit Price' })).toBeVisible();
    await expectNoHiddenColumns(table);
  } finally {
    await emptyCart(page);
  }
  // Master data, as an admin.
  await page.getByTestId('nav-logout').click();
  await signIn(page, 'admin@example.com');
  for (const [name, path] of [
    ['subcode-list', '/product-subcode-list'],
    ['vendor-list', '/vendor-list'],
    ['user-list', '/user-list'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId('list-count')).toBeVisible();
    await check(name);
  }
  await page.getByTestId('list-row').getByRole('link').first().click();
  await expect(page.getByTestId('detail-edit')).toBeVisible();
  await check('user-details');
  // Order details with a log holding a long unbroken word (a review logs the artwork's SHA-256).
  const [reviewing] = await orderIds(page, 'needsAction=reviewsToGive&size=1');
  const order = await apiCall<{ orderItems: { orderItemId: number; artwork: { status: string } | null }[] }>(
    page,
    'GET',
    `/orders/${reviewing}`,
  );
  const line = order.body.orderItems.find((i) => i.artwork?.status === 'UPLOADED');
  expect(line, 'a line with artwork to review').toBeDefined();
  const review = { approved: false, comment: 'Logo too close to the fold' };
  expect(
    (await apiCall(page, 'PUT', `/orders/${reviewing}/artwork/${line?.orderItemId}`, review)).status,
  ).toBe(200);
  await page.goto(`/order-details?orderId=${reviewing}`);
  await expect(
    page
      .getByTestId('order-logs')
      .getByText(/SHA-256/)
      .first(),
  ).toBeVisible();
  await check('order-details-logs');
  expect(wide).toEqual([]);
});

test('g: history shows labels, display names and formatted tiers, no JSON and no codes', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  const found = await apiCall<{
    subcodes: (Record<string, unknown> & { id: number; priceTiers: unknown[] })[];
  }>(page, 'GET', '/product-subcodes?productSubcode=RT-WL-115');
  const subcode = found.body.subcodes[0];
  const shown: Record<string, string> = {
    NONE: 'None',
    PICK_AND_PACK: 'Pick & Pack',
    MAKE_AND_SHIP: 'Make & Ship',
    BUILD: 'Build',
  };
  const before = String(subcode.fulfillmentProcess);
  const quantity = 30_000 + Math.floor(Math.random() * 10_000);
  const next = before === 'BUILD' ? 'MAKE_AND_SHIP' : 'BUILD';
  const saved = await apiCall(page, 'PUT', `/product-subcodes/${subcode.id}`, {
    ...subcode,
    fulfillmentProcess: next,
    priceTiers: [...subcode.priceTiers, { quantity, price: '0.0300', currency: 'USD' }],
  });
  expect(saved.status).toBe(200);
  await page.goto(`/product-subcode-details?id=${subcode.id}`);
  const changes = page.getByTestId('history-change');
  await expect(changes.first()).toBeVisible();
  const fulfillment = page.locator('[data-testid=history-change][data-field=fulfillmentProcess]').first();
  await expect(fulfillment).toContainText(shown[before]);
  await expect(fulfillment).toContainText(shown[next]);
  await expect(page.locator('[data-testid=history-change][data-field=priceTiers]').first()).toContainText(
    `${quantity.toLocaleString('en-US')}+ USD 0.0300`,
  );
  for (const text of await changes.allInnerTexts()) {
    expect(text).not.toMatch(/[{}"]|PICK_AND_PACK|MAKE_AND_SHIP|BUILD/);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByTestId('history-changes').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/g-history-1280.png' });
});
