/**
 * Accessible to everyone (WCAG 2.1 AA): axe-core on every screen of the app, as the roles that see it,
 * with its data shown (search results, a cart line, orders at each step with their artwork panel).
 * A serious or critical violation fails the test and is listed in its message. The only cart used
 * (vendor2@example.com's) is emptied before and after, as the other journeys expect.
 */
import type { Page } from '@playwright/test';
import { apiCall, emptyCart } from '../support/api';
import { expectNoBlockingViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { addWovenLabelToCart, openWovenLabel } from '../support/ordering';
import { waitForQuietNetwork } from '../support/quiet';
import { signIn } from '../support/session';

test.setTimeout(90_000);

/**
 * Waits until the screen has its data, no call is running (the live-update stream aside:
 * support/quiet.ts) and nothing is still loading (artwork previews), so axe sees what the user sees.
 */
async function settled(page: Page, testId: string) {
  await expect(page.getByTestId(testId).first()).toBeVisible();
  await waitForQuietNetwork(page);
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
}

test.describe('public screens', () => {
  test('login', async ({ page }) => {
    await page.goto('/login');
    await settled(page, 'login-submit');
    await expectNoBlockingViolations(page, '/login');
    // The messages of a refused submit are part of the screen too.
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expectNoBlockingViolations(page, '/login with its field errors');
  });

  test('reset password (with a token)', async ({ page }) => {
    await page.goto('/reset-password?token=a11y-check-token');
    await settled(page, 'reset-submit');
    await expectNoBlockingViolations(page, '/reset-password');
  });

  test('terms and conditions', async ({ page }) => {
    await page.goto('/terms-and-conditions');
    await settled(page, 'footer-copyright');
    await expectNoBlockingViolations(page, '/terms-and-conditions');
  });
});

test.describe('ordering screens', () => {
  test('product list with results, then product details (vendor)', async ({ page }) => {
    await signIn(page, 'vendor@example.com');
    await settled(page, 'product-search-submit');
    await expectNoBlockingViolations(page, '/product-list before a search');
    await openWovenLabel(page, 'RT-WL-101');
    await settled(page, 'add-to-order');
    await page.getByTestId('quantity-S').fill('500');
    await page.getByTestId('quantity-S').blur();
    await expectNoBlockingViolations(page, '/product-details with a quantity');
    await page.goBack();
    await settled(page, 'product-row');
    await expectNoBlockingViolations(page, '/product-list with results');
  });

  test('cart with a line (vendor2)', async ({ page }) => {
    await signIn(page, 'vendor2@example.com');
    await emptyCart(page);
    try {
      await addWovenLabelToCart(page, 'RT-WL-101', 500);
      await settled(page, 'cart-place-order');
      await expectNoBlockingViolations(page, '/cart with a line');
    } finally {
      await emptyCart(page);
    }
  });

  for (const email of ['admin@example.com', 'customer@example.com']) {
    test(`order list (${email})`, async ({ page }) => {
      await signIn(page, email, '/order-list');
      await settled(page, 'order-card-link');
      await expectNoBlockingViolations(page, `/order-list as ${email}`);
    });
  }
});

/** Order details at each step, opened by the role that acts there (its actions and artwork panel). */
const ORDER_SCREENS = [
  { status: 'NEEDS_ARTWORK', email: 'csr@example.com', cancelled: false },
  { status: 'NEEDS_ART_APPROVAL', email: 'vendor@example.com', cancelled: false },
  { status: 'PRODUCTION_READY', email: 'csr@example.com', cancelled: false },
  { status: 'PRODUCTION_CONFIRMED', email: 'finance@example.com', cancelled: false },
  { status: 'READY_TO_SHIP', email: 'csr@example.com', cancelled: false },
  { status: 'COMPLETE_AND_SHIPPED', email: 'vendor@example.com', cancelled: false },
  { status: 'NEEDS_ARTWORK', email: 'admin@example.com', cancelled: true },
] as const;

test.describe('order details', () => {
  for (const { status, email, cancelled } of ORDER_SCREENS) {
    test(`${cancelled ? 'a cancelled order' : status} (${email})`, async ({ page }) => {
      await signIn(page, email);
      const list = await apiCall<{
        orders: { orderId: number; orderStatus: string; hasArtwork: boolean; cancelled: boolean }[];
      }>(page, 'GET', '/orders?size=200');
      expect(list.status).toBe(200);
      const orders = list.body.orders.filter((o) => o.cancelled === cancelled);
      // An order with artwork when there is one, so the artwork panel is checked too.
      const order =
        orders.find((o) => (cancelled || o.orderStatus === status) && o.hasArtwork) ??
        orders.find((o) => cancelled || o.orderStatus === status);
      expect(
        order,
        `the demo data has an order ${cancelled ? 'cancelled' : `in ${status}`} for ${email}`,
      ).toBeTruthy();
      await page.goto(`/order-details?orderId=${order?.orderId}`);
      await settled(page, 'order-title');
      if (order?.hasArtwork) await expect(page.getByTestId('artwork-panel').first()).toBeVisible();
      await expectNoBlockingViolations(
        page,
        `/order-details of order ${order?.orderId} (${status}) as ${email}`,
      );
    });
  }

  test('the cancel question (admin)', async ({ page }) => {
    await signIn(page, 'admin@example.com');
    const list = await apiCall<{ orders: { orderId: number }[] }>(
      page,
      'GET',
      '/orders?orderStatus=NEEDS_ARTWORK&size=1',
    );
    await page.goto(`/order-details?orderId=${list.body.orders[0].orderId}`);
    await settled(page, 'order-action-cancel');
    await page.getByTestId('order-action-cancel').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoBlockingViolations(page, 'the cancel question on /order-details');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

/** The master-data screens (decision 0020): each list, and a record's details in view, edit and create mode. */
const MASTER_DATA_SCREENS = [
  { list: '/production-regions-list', details: '/production-regions-details' },
  { list: '/warehouse-list', details: '/warehouse-details' },
  { list: '/product-code-list', details: '/product-code-details' },
  { list: '/product-subcode-list', details: '/product-subcode-details' },
  { list: '/customer-list', details: '/customer-details' },
  { list: '/factory-list', details: '/factory-details' },
  { list: '/user-list', details: '/user-details' },
  { list: '/vendor-list', details: '/vendor-details' },
  { list: '/attribute-schemas-list', details: '/attribute-schema-details' },
] as const;

test.describe('master-data screens (admin)', () => {
  for (const { list, details } of MASTER_DATA_SCREENS) {
    test(`${list} and ${details}`, async ({ page }) => {
      await signIn(page, 'admin@example.com', list);
      await settled(page, 'list-row-link');
      await expectNoBlockingViolations(page, list);
      await page.getByTestId('list-row-link').first().click();
      await settled(page, 'history');
      await expectNoBlockingViolations(page, `${details} in view mode`);
      await page.getByTestId('detail-edit').click();
      await expect(page.getByTestId('detail-save')).toBeVisible();
      await expectNoBlockingViolations(page, `${details} in edit mode`);
      await page.goto(`${details}?createMode=true`);
      await settled(page, 'detail-save');
      // Save with the required fields empty: the field messages are part of the screen too.
      await page.getByTestId('detail-save').click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await expectNoBlockingViolations(page, `${details} in create mode with its field errors`);
    });
  }

  test('/product-item-details from its subcode: view, edit, and create mode with its field errors', async ({
    page,
  }) => {
    await signIn(page, 'admin@example.com', '/product-subcode-list');
    await settled(page, 'list-row-link');
    await page.getByTestId('list-row-link').first().click();
    await settled(page, 'subcode-item-row');
    const subcode = new URL(page.url()).searchParams.get('id');
    await page.getByTestId('subcode-item-row').first().getByRole('link').first().click();
    await settled(page, 'history');
    await expectNoBlockingViolations(page, '/product-item-details in view mode');
    await page.getByTestId('detail-edit').click();
    await expect(page.getByTestId('detail-save')).toBeVisible();
    await expectNoBlockingViolations(page, '/product-item-details in edit mode');
    await page.goto(`/product-item-details?createMode=true&subcode=${subcode}`);
    await settled(page, 'detail-save');
    await page.getByTestId('detail-save').click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectNoBlockingViolations(page, '/product-item-details in create mode with its field errors');
  });

  test('/vendor-details as the vendor (reduced screen, from the cart)', async ({ page }) => {
    await signIn(page, 'vendor@example.com');
    const vendorId = await page.evaluate(async () => {
      const res = await fetch('/api/v1.0/orders/cart', {
        headers: { authorization: `Bearer ${sessionStorage.getItem('access_token')}` },
      });
      return ((await res.json()) as { vendorId?: number }).vendorId ?? null;
    });
    test.skip(vendorId === null, 'the vendor has no cart to find its vendor from');
    await page.goto(`/vendor-details?id=${vendorId}&fromCart=true`);
    await settled(page, 'detail-edit');
    await expectNoBlockingViolations(page, '/vendor-details as VENDOR');
  });
});
