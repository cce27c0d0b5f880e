/**
 * Restock journey (ordering §2 Restock, §5 'Please select a customer to restock for', §8 overlay and
 * success texts; decisions 0040 per-user permissions, 0056 restock maximum and what is left out):
 * account@example.com opens /restock from the navigation bar, is asked for a customer, restocks Roots
 * under the 'Adding Products to Order...' overlay, sees what went in and the size left out with why,
 * restocks again and is told nothing is left, goes to the cart and places the order; the same user
 * without the restock permission sees no Restock link and a /restock that says it is not allowed.
 */
import type { Page } from '@playwright/test';
import { apiCall, emptyCart, productItemIdOf, setUserFlags } from '../support/api';
import { expect, test } from '../support/fixtures';
import { typedDate } from '../support/ordering';
import { signIn } from '../support/session';

test.setTimeout(180_000);

const ACCOUNT = 'account@example.com';

/** Sets account@example.com's canRestock flag through the user admin calls, as `admin`. */
const setAccountCanRestock = (admin: Page, canRestock: boolean) =>
  setUserFlags(admin, ACCOUNT, { canRestock });

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

/** The product item of a Roots stocked subcode (One Size) with its inventory, found as the page's user. */
async function rootsStock(page: Page, subcode: string) {
  const productItemId = await productItemIdOf(page, subcode);
  const details = await apiCall<{
    products: { items: { productItemId: number; inventoryQuantity: number; inventoryMax: number }[] }[];
  }>(page, 'GET', `/products/details?ids=${productItemId}`);
  return details.body.products[0]!.items[0]!;
}

test('account@example.com restocks Roots, sees what was left out and why, repeats, and places the order', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await signIn(page, ACCOUNT);
  await emptyCart(page);
  // Roots' two inventory products: RT-ST-501 with room for exactly its default order quantity
  // (10,000), RT-ST-502 at its maximum inventory (decision 0056: left out, and said so).
  const room = await rootsStock(page, 'RT-ST-501');
  const full = await rootsStock(page, 'RT-ST-502');
  const setStock = (inventories: Record<number, number>) =>
    apiCall(page, 'PUT', '/products/inventory', { inventories }).then((r) => expect(r.status).toBe(200));
  await setStock({
    [room.productItemId]: room.inventoryMax - 10_000,
    [full.productItemId]: full.inventoryMax,
  });
  try {
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
    await page.unroute('**/api/v1.0/orders/restock/*');

    // --- what went in, and every size left out with why
    await expect(page.getByTestId('restock-added')).toContainText('RT-ST-501: 10,000 pieces');
    const left = page.getByTestId('restock-skipped-row');
    await expect(left).toHaveCount(1);
    await expect(left).toHaveAttribute('data-cause', 'atMaximum');
    await expect(left).toContainText('RT-ST-502');
    await expect(left).toContainText(
      `At its maximum inventory: ${full.inventoryMax.toLocaleString('en-US')} in stock, maximum ${full.inventoryMax.toLocaleString('en-US')}.`,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    await page.screenshot({ path: test.info().outputPath('restock-result.png'), fullPage: true });

    // --- a repeat: the cart holds the restock maximum already, nothing is left to restock
    await page.getByTestId('restock-submit').click();
    await expect(
      page.getByTestId('message-error').filter({
        hasText:
          'Nothing left to restock for Roots: your cart already holds every inventory product below its maximum up to its restock maximum.',
      }),
    ).toBeVisible();
    await expect(page.getByTestId('restock-result')).toHaveCount(0);
    const cart = await apiCall<{
      customer: string | null;
      orderItems: { productSubcode: string; quantity: number }[];
    }>(page, 'GET', '/orders/cart');
    expect(cart.body.customer).toBe('Roots');
    expect(cart.body.orderItems.map((i) => [i.productSubcode, i.quantity])).toEqual([['RT-ST-501', 10_000]]);

    // --- to the cart and place it (an account user has no vendor: the addresses are typed)
    await page.getByTestId('nav-cart').click();
    await expect(page).toHaveURL(/\/cart$/);
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
  } finally {
    await setStock({
      [room.productItemId]: room.inventoryQuantity,
      [full.productItemId]: full.inventoryQuantity,
    });
  }
});
