/**
 * Issue 27 journey (ordering §2 Restock, §5 'Please select a customer to restock for', §8 overlay and
 * success texts; decision 0040 per-user permissions): account@example.com opens /restock from the
 * navigation bar, is asked for a customer, restocks Roots under the 'Adding Products to Order...'
 * overlay, goes to the cart and places the order; the same user without the restock permission sees
 * no Restock link and a /restock that says it is not allowed.
 */
import type { Page } from '@playwright/test';
import { apiCall, emptyCart } from '../support/api';
import { expect, test } from '../support/fixtures';
import { typedDate } from '../support/ordering';
import { signIn } from '../support/session';

test.setTimeout(180_000);

const ACCOUNT = 'account@example.com';

/** Sets account@example.com's canRestock flag through the user admin calls, as `admin`. */
async function setAccountCanRestock(admin: Page, canRestock: boolean) {
  const found = await apiCall<{ users: { id: number; email: string }[] }>(
    admin,
    'GET',
    `/users?email=${encodeURIComponent(ACCOUNT)}`,
  );
  expect(found.status).toBe(200);
  const id = found.body.users.find((u) => u.email === ACCOUNT)!.id;
  const record = await apiCall<Record<string, unknown>>(admin, 'GET', `/users/${id}`);
  expect(record.status).toBe(200);
  const saved = await apiCall(admin, 'PUT', `/users/${id}`, { ...record.body, canRestock });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

test('without the restock permission an account user sees no Restock link, and /restock says it is not allowed', async ({
  browser,
}) => {
  const admin = await browser.newPage();
  await signIn(admin, 'admin@example.com');
  await setAccountCanRestock(admin, false);
  try {
    const page = await browser.newPage();
    await signIn(page, ACCOUNT);
    await expect(page.getByTestId('nav-orders')).toBeVisible();
    await expect(page.getByTestId('nav-products')).toBeVisible();
    await expect(page.getByTestId('nav-restock')).toHaveCount(0);
    await page.goto('/restock');
    await expect(page.getByTestId('restock-not-allowed')).toContainText('You are not allowed to restock');
    await expect(page.getByTestId('restock-submit')).toHaveCount(0);
    await page.close();
  } finally {
    await setAccountCanRestock(admin, true);
    await admin.close();
  }
});

test('account@example.com restocks Roots and places the order', async ({ page }) => {
  await signIn(page, ACCOUNT);
  await emptyCart(page);

  // --- the Restock link opens the screen
  await page.getByTestId('nav-restock').click();
  await expect(page).toHaveURL(/\/restock$/);
  await expect(page).toHaveTitle('Restock | Selvedge');

  // --- Restock without a customer
  await page.getByTestId('restock-submit').click();
  await expect(page.getByText('Please select a customer to restock for')).toBeVisible();

  // --- a customer, then Restock under the overlay (the answer held back so the overlay shows)
  await page.getByTestId('restock-customer').click();
  await page.getByRole('option', { name: 'Roots', exact: true }).click();
  await expect(page.getByText('Please select a customer to restock for')).toHaveCount(0);
  await page.route('**/api/v1.0/orders/restock/*', async (route) => {
    await new Promise((r) => setTimeout(r, 1_200));
    await route.continue();
  });
  await page.getByTestId('restock-submit').click();
  await expect(page.getByText('Adding Products to Order...')).toBeVisible();
  await expect(
    page.getByTestId('message-success').filter({ hasText: 'Restocking Items Successfully Added to Order' }),
  ).toBeVisible();

  // --- to the cart (directly, or from the list of products the cart refused)
  await expect(page.getByTestId('restock-go-to-cart').or(page.getByTestId('cart-place-order'))).toBeVisible();
  if (await page.getByTestId('restock-go-to-cart').isVisible())
    await page.getByTestId('restock-go-to-cart').click();
  await expect(page).toHaveURL(/\/cart$/);
  const cart = await apiCall<{ customer: string | null; orderItems: unknown[] }>(page, 'GET', '/orders/cart');
  expect(cart.body.customer).toBe('Roots');
  expect(cart.body.orderItems.length).toBeGreaterThan(0);

  // --- place it (an account user has no vendor: the addresses are typed)
  await page.getByTestId('cart-field-vendorPO').fill('RESTOCK-E2E-1');
  await page.getByTestId('cart-field-vendorPO').blur();
  await page.getByTestId('cart-field-phone').fill('+1 416 555 0101');
  await page.getByTestId('cart-field-phone').blur();
  await page.getByTestId('cart-field-shippingAddress').fill('Roots warehouse, 1 Stock Street, Toronto');
  await page.getByTestId('cart-field-shippingAddress').blur();
  await page.getByTestId('cart-field-billingAddress').fill('Selvedge accounts, 1 Stock Street, Toronto');
  await page.getByTestId('cart-field-billingAddress').blur();
  const date = page.getByTestId('cart-field-dateRequested');
  await date.fill(typedDate(30));
  await date.press('Enter');
  await expect(date).toHaveValue(typedDate(30));
  await page.getByTestId('cart-field-termsAndConditions').check();
  await page.getByTestId('cart-place-order').click();
  await expect(page).toHaveURL(/\/order-details\?orderId=\d+/);
  await expect(
    page.getByTestId('message-success').filter({ hasText: 'Order has been successfully placed' }),
  ).toBeVisible();
  await expect(page.getByTestId('order-title')).toContainText('Order #');
});
