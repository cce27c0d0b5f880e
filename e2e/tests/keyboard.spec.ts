/**
 * Every list and form works without a mouse (WCAG 2.1.1 Keyboard): focus moves through a screen in reading
 * order with Tab, Enter searches, saves and opens, choices are made with the arrow keys, and Escape
 * closes dialogs. No test here clicks; `focus()` only puts the cursor where a user would start.
 */
import type { Locator, Page } from '@playwright/test';
import { emptyCart, orderIds } from '../support/api';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/session';

test.setTimeout(120_000);

/** The test id of the element that has the focus (or of its nearest ancestor that has one). */
const focusedTestId = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('[data-testid]')?.getAttribute('data-testid') ?? null);

/** Presses Tab until `target` has the focus (at most `max` times); fails when it never gets it. */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((e) => e === document.activeElement || e.contains(document.activeElement)))
      return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Chooses `option` of a focused select with the arrow keys and Enter. */
async function chooseWithKeys(page: Page, select: Locator, option: string) {
  await expect(select).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  for (let i = 0; i < 30; i++) {
    const selected = listbox.locator('[data-combobox-selected]');
    if ((await selected.count()) > 0 && (await selected.first().textContent())?.trim() === option) break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect(select).toHaveValue(option);
}

test('login: Tab goes from email to password, Enter signs in', async ({ page }) => {
  await page.goto('/login');
  const email = page.getByLabel('Email', { exact: true });
  await expect(email).toBeFocused();
  await page.keyboard.type('admin@example.com');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type('selvedge-demo-2026');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/order-list$/);
});

test('order list: needs my action, the filters in reading order, Enter searches and opens an order', async ({
  page,
}) => {
  await signIn(page, 'csr@example.com');
  await expect(page.locator('[data-order-card]').first()).toBeVisible();

  // "Needs my action": a tile is reached with Tab and opened with Enter; its filter is removed by keyboard.
  const tile = page.getByTestId('needs-action-productionToComplete');
  await expect(tile).toBeVisible();
  await tabTo(page, tile);
  await page.keyboard.press('Enter');
  const step = page.getByTestId('order-filter-needs-action');
  await expect(step).toContainText('Production to complete');
  const statuses = () =>
    page
      .locator('[data-order-card] [data-status]')
      .evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-status')))]);
  await expect.poll(statuses).toEqual(['PRODUCTION_READY']);
  await tabTo(page, step.getByRole('button'));
  await page.keyboard.press('Enter');
  await expect(step).toHaveCount(0);

  // The filters, in the order they read.
  await page.getByTestId('order-filter-order-number').focus();
  const order: string[] = [];
  for (let i = 0; i < 12; i++) {
    const id = await focusedTestId(page);
    if (id?.startsWith('order-filter-') && order.at(-1) !== id) order.push(id);
    await page.keyboard.press('Tab');
  }
  expect(order).toEqual([
    'order-filter-order-number',
    'order-filter-finance-approval',
    'order-filter-status',
    'order-filter-customer',
    'order-filter-production-region',
    'order-filter-start-date',
    'order-filter-end-date',
  ]); // Company is disabled for CSR (ordering §6): Tab passes it by.

  // A status chosen with the arrow keys; Enter in a field searches.
  const status = page.getByTestId('order-filter-status');
  await status.focus();
  await chooseWithKeys(page, status, 'Placed');
  await page.getByTestId('order-filter-order-number').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-order-card]').first()).toBeVisible();
  await expect(page.locator('[data-order-card] [data-status]').first()).toHaveAttribute(
    'data-status',
    'NEEDS_ARTWORK',
  );

  // The first order's link is reached with Tab and opened with Enter.
  const link = page.locator('[data-order-card]').first().getByTestId('order-card-link');
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/order-details\?orderId=\d+/);
  await expect(page.getByTestId('order-title')).toBeVisible();
});

test.describe('vendor by keyboard', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'vendor@example.com');
    await emptyCart(page);
  });
  test.afterEach(async ({ page }) => {
    await emptyCart(page);
  });

  test('product search, product details and the cart without a mouse; Escape closes the dialog', async ({
    page,
  }) => {
    await expect(page).toHaveURL(/\/product-list$/);
    const region = page.getByTestId('product-search-region');
    // The select is disabled (and focus() a no-op) until the regions have loaded: put the cursor
    // there once it can take it, as a user would.
    await expect(async () => {
      await region.focus();
      await expect(region).toBeFocused({ timeout: 500 });
    }).toPass({ timeout: 10_000 });
    await chooseWithKeys(page, region, 'Bangladesh');
    const group = page.getByTestId('product-search-group');
    await tabTo(page, group, 3);
    await chooseWithKeys(page, group, 'Woven Labels');
    await page.keyboard.press('Enter');
    const link = page
      .locator('[data-testid=product-row][data-product-subcode="RT-WL-101"]')
      .getByRole('link');
    await expect(link).toBeVisible();
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/product-details\?productItemId=\d+/);

    // Quantities: Enter rounds the field up to the pack (50) above the minimum (100).
    const quantity = page.getByTestId('quantity-S');
    await tabTo(page, quantity);
    await page.keyboard.type('120');
    await page.keyboard.press('Enter');
    await expect(quantity).toHaveValue('150');
    const add = page.getByTestId('add-to-order');
    await tabTo(page, add);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/cart$/);

    // The cart: Remove asks first; Escape closes the question and keeps the item.
    const remove = page.getByTestId('cart-item-remove').first();
    await tabTo(page, remove);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.locator('[data-subcode="RT-WL-101"]')).toBeVisible();
  });

  test('order again by keyboard; Escape closes its answer', async ({ page }) => {
    const [own] = await orderIds(page, 'orderStatus=READY_TO_SHIP&size=1');
    await page.goto(`/order-details?orderId=${own}`);
    const again = page.getByTestId('order-again');
    await tabTo(page, again);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Order again' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('order-again-line').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(again).toBeFocused();
  });
});

test('order details: Escape closes the cancel question without cancelling', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  const [placed] = await orderIds(page, 'orderStatus=NEEDS_ARTWORK&size=1');
  await page.goto(`/order-details?orderId=${placed}`);
  const cancel = page.getByTestId('order-action-cancel');
  await tabTo(page, cancel);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure you want to cancel this order?');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('order-cancelled')).toHaveCount(0);
  await expect(cancel).toBeVisible();
});
