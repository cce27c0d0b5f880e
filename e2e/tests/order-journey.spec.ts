/**
 * The ordering journey (ordering §2 Product list, Cart, Order list, §6 Visibility): vendor@example.com searches, orders two sizes, fills the cart, places the order
 * and sees it; admin@example.com finds it in the order list with its status and opens it;
 * vendor2@example.com cannot open it.
 */
import { expect, test } from '../support/fixtures';
import { openWovenLabel, placeCart } from '../support/ordering';
import { signIn } from '../support/session';

test.setTimeout(180_000);

test('a vendor orders a standard product; staff find the order; another vendor cannot open it', async ({
  browser,
}) => {
  // --- vendor: search
  const vendor = await browser.newPage();
  await signIn(vendor, 'vendor@example.com');
  await expect(vendor).toHaveURL(/\/product-list$/);
  await openWovenLabel(vendor, 'RT-WL-101');

  // --- vendor: two sizes; quantities round to the pack size (50) and MOQ (100) on blur
  await expect(vendor).toHaveTitle('Product Details | Selvedge');
  const addButton = vendor.getByTestId('add-to-order');
  await expect(addButton).toBeDisabled();
  await vendor.getByTestId('quantity-S').fill('120');
  await vendor.getByTestId('quantity-S').press('Enter');
  await expect(vendor.getByTestId('quantity-S')).toHaveValue('150');
  await vendor.getByTestId('quantity-M').fill('75');
  await vendor.getByTestId('quantity-M').blur();
  await expect(vendor.getByTestId('quantity-M')).toHaveValue('100');
  await expect(vendor.getByTestId('summary-quantity')).toContainText('250');
  await expect(vendor.getByTestId('cost-tiers')).toHaveCount(0);
  await expect(addButton).toBeEnabled();
  await addButton.click();
  await expect(
    vendor.getByTestId('message-success').filter({ hasText: 'Product added to your cart' }),
  ).toBeVisible();

  // --- vendor: the cart
  await expect(vendor).toHaveURL(/\/cart$/);
  await expect(vendor.locator('[data-subcode="RT-WL-101"]')).toBeVisible();
  const orderId = await placeCart(vendor, 'PO-E2E-4471');

  // --- vendor: the placed order opens
  await expect(vendor.getByTestId('order-title')).toContainText(`Order #${orderId}`);
  await expect(vendor.getByTestId('order-status')).toHaveAttribute('data-status', 'NEEDS_ARTWORK');
  await expect(vendor.getByTestId('order-total-price')).toBeVisible();
  await expect(vendor.getByTestId('order-logs')).toHaveCount(0);
  await vendor.close();

  // --- admin: finds it in the order list and opens it
  const admin = await browser.newPage();
  await signIn(admin, 'admin@example.com');
  await expect(admin).toHaveURL(/\/order-list$/);
  await admin.getByTestId('order-filter-order-number').fill(orderId);
  await admin.getByTestId('order-search-button').click();
  const card = admin.getByTestId(`order-card-${orderId}`);
  await expect(card).toBeVisible();
  await expect(card.getByTestId('order-status')).toHaveAttribute('data-status', 'NEEDS_ARTWORK');
  await expect(card).toContainText('PO-E2E-4471');
  await card.getByTestId('order-card-link').click();
  await expect(admin).toHaveURL(new RegExp(`/order-details\\?orderId=${orderId}$`));
  await expect(admin.getByTestId('order-logs')).toContainText('Order placed');
  await expect(admin.getByTestId('tracker-step-placed')).toHaveAttribute('data-done', 'true');
  await admin.close();

  // --- vendor2: may not open it
  const other = await browser.newPage();
  await signIn(other, 'vendor2@example.com');
  await other.goto(`/order-details?orderId=${orderId}`);
  await expect(other.getByTestId('message-error').first()).toBeVisible();
  await expect(other).not.toHaveURL(/order-details/);
  await other.close();
});
