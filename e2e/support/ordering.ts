/**
 * Steps of the ordering journeys that several specs take: find a product of the demo data, fill
 * the cart's header and place the order.
 */
import { expect, type Page } from '@playwright/test';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A date `days` from today as the date inputs take it typed: DD-MMM-YYYY (05-Dec-2026). */
export function typedDate(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${String(d.getDate()).padStart(2, '0')}-${MONTHS[d.getMonth()]}-${d.getFullYear()}`;
}

/** Searches Bangladesh / Woven Labels on the product list and opens `subcode`'s details. */
export async function openWovenLabel(page: Page, subcode: string) {
  await page.getByTestId('product-search-region').click();
  await page.getByRole('option', { name: 'Bangladesh', exact: true }).click();
  await page.getByTestId('product-search-group').click();
  await page.getByRole('option', { name: 'Woven Labels', exact: true }).click();
  await page.getByTestId('product-search-submit').click();
  const row = page.locator(`[data-testid=product-row][data-product-subcode="${subcode}"]`);
  await expect(row).toBeVisible();
  await row.click();
  await expect(page).toHaveURL(/\/product-details\?productItemId=\d+/);
}

/**
 * Fills the cart header (Vendor PO, phone, the first saved shipping address, Date Requested typed
 * 30 days ahead), accepts the terms, places the order and answers its orderId.
 */
export async function placeCart(page: Page, vendorPO: string): Promise<string> {
  await fillCartAndPlace(page, vendorPO);

  // The message first: it closes after 4 s, and on a loaded machine the order page took longer
  // than that to open, so looking for it after the page was there once missed it.
  await expect(
    page.getByTestId('message-success').filter({ hasText: 'Order has been successfully placed' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/order-details\?orderId=\d+/);
  return new URL(page.url()).searchParams.get('orderId')!;
}

/** Fills the cart's order fields (vendor PO, phone, the first address, a date in 30 days, terms) and presses Place Order. */
export async function fillCartAndPlace(page: Page, vendorPO: string) {
  await page.getByTestId('cart-field-vendorPO').fill(vendorPO);
  await page.getByTestId('cart-field-vendorPO').blur();
  await page.getByTestId('cart-field-phone').fill('+880 2 5555 0101');
  await page.getByTestId('cart-field-phone').blur();
  await page.getByTestId('cart-field-shippingAddress').click();
  await page.getByRole('option').first().click();
  await expect(page.getByTestId('cart-shipping-address-text')).not.toBeEmpty();
  const date = page.getByTestId('cart-field-dateRequested');
  await date.fill(typedDate(30));
  await date.press('Enter');
  await expect(date).toHaveValue(typedDate(30));
  await page.getByTestId('cart-field-termsAndConditions').check();
  await page.getByTestId('cart-place-order').click();
}

/**
 * Adds `quantity` of size S of a Bangladesh woven label to the cart from product details and waits
 * for the cart screen.
 */
export async function addWovenLabelToCart(page: Page, subcode: string, quantity: number) {
  await page.goto('/product-list');
  await openWovenLabel(page, subcode);
  await page.getByTestId('quantity-S').fill(String(quantity));
  await page.getByTestId('quantity-S').blur();
  await page.getByTestId('add-to-order').click();
  await expect(page).toHaveURL(/\/cart$/);
}
