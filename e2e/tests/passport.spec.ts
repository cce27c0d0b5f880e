/**
 * The product passport (decision 0044): a placed demo order's care label shows its QR code
 * beside the preview on order details; its GS1 Digital Link (/01/<GTIN-14>/21/<serial>) opens, in a
 * browser that never signed in, a public page outside the signed-in frame (no navigation bar) with
 * the garment's fibre content in English and French, its care symbols and country of origin; an
 * unknown serial shows the not-found text. Screenshots at 1280 and 390 px go to test-results/screens.
 */
import type { Page } from '@playwright/test';
import { apiCall, orderIds } from '../support/api';
import { expectNoBlockingViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/session';

test.setTimeout(120_000);

const NOT_FOUND = 'No product passport at this address.';

/** The first of the vendor's placed orders with a Roots down-jacket label (RT-CL-301) that has a passport link. */
async function orderWithPassport(page: Page): Promise<{ orderId: number; link: string }> {
  for (const orderId of await orderIds(page, 'page=0&size=100&startDate=2000-01-01')) {
    const res = await apiCall<{ orderItems: { productSubcode: string; digitalLink?: string | null }[] }>(
      page,
      'GET',
      `/orders/${orderId}`,
    );
    const link = res.body.orderItems.find((i) => i.productSubcode === 'RT-CL-301')?.digitalLink;
    if (link) return { orderId, link };
  }
  throw new Error('the demo data has no placed order of vendor@example.com with a product passport');
}

test('a care label QR opens its product passport without signing in', async ({ page, browser }) => {
  await signIn(page, 'vendor@example.com');
  const { orderId, link } = await orderWithPassport(page);
  expect(link).toMatch(/^https?:\/\/[^/]+\/01\/\d{14}\/21\/[A-Za-z0-9_-]{20}$/);

  // Order details: the label's preview with its QR code beside it.
  await page.goto(`/order-details?orderId=${orderId}`);
  const qr = page.getByTestId('passport-qr');
  await expect(qr.getByRole('img', { name: /QR code of the product passport/ })).toBeVisible();
  await expect(qr.getByRole('link', { name: link })).toBeVisible();
  await qr.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/passport-order-details-1280.png', fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(qr.getByRole('img', { name: /QR code of the product passport/ })).toBeVisible();
  await qr.scrollIntoViewIfNeeded();
  // two frames after the scroll, so the screenshot shows the page painted, not half of it
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.screenshot({ path: 'test-results/screens/passport-order-details-390.png', fullPage: false });

  // The link in a browser that never signed in (the path on this server: PUBLIC_URL may name another host).
  const path = new URL(link).pathname;
  const anonymous = await browser.newContext();
  const visitor = await anonymous.newPage();
  await visitor.goto(path);
  await expect(
    visitor.getByRole('heading', { level: 1, name: 'Product passport · Passeport produit' }),
  ).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Fibre content · Composition' })).toBeVisible();
  await expect(visitor.getByTestId('passport-component').filter({ hasText: 'Shell' })).toContainText(
    'Recycled polyester / Polyester recyclé',
  );
  await expect(visitor.getByText('Vietnam')).toBeVisible();
  expect(await visitor.locator('svg[data-care-symbol]').count()).toBeGreaterThan(2);
  // Outside the signed-in frame: no navigation bar, no header, no Log In button.
  await expect(visitor.locator('header')).toHaveCount(0);
  await expect(visitor.getByRole('navigation')).toHaveCount(0);
  await expect(visitor.getByRole('button', { name: 'Log In' })).toHaveCount(0);
  await expectNoBlockingViolations(visitor, 'the product passport');
  await visitor.setViewportSize({ width: 1280, height: 900 });
  await visitor.screenshot({ path: 'test-results/screens/passport-page-1280.png', fullPage: true });
  await visitor.setViewportSize({ width: 390, height: 844 });
  // Readable on a phone: nothing wider than the screen.
  // Polled: right after the resize the layout may not have followed yet; a page that stays wider fails.
  await expect
    .poll(() => visitor.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(390);
  await visitor.screenshot({ path: 'test-results/screens/passport-page-390.png', fullPage: true });

  // Another serial: the same not-found text as for a cancelled order's label.
  await visitor.goto(path.replace(/[^/]+$/, 'AAAAAAAAAAAAAAAAAAAA'));
  await expect(visitor.getByTestId('passport-not-found')).toContainText(NOT_FOUND);
  await anonymous.close();
});

test("the admin keeps a care-label subcode's Garment GTIN on the subcode screen", async ({ page }) => {
  await signIn(page, 'admin@example.com');
  const found = await apiCall<{ subcodes: { id: number; productSubcode: string; gtin: string | null }[] }>(
    page,
    'GET',
    '/product-subcodes?productSubcode=RT-CL-301',
  );
  const subcode = found.body.subcodes.find((s) => s.productSubcode === 'RT-CL-301');
  expect(subcode?.gtin).toMatch(/^\d{14}$/);
  await page.goto(`/product-subcode-details?id=${subcode?.id}`);
  const gtin = page.getByLabel('Garment GTIN');
  await expect(gtin).toHaveValue(subcode?.gtin ?? '');
  await gtin.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/passport-subcode-gtin-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(gtin).toHaveValue(subcode?.gtin ?? '');
  await gtin.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/passport-subcode-gtin-390.png' });
});

/** The subcode screen's warning under the Garment GTIN (apps/web product-subcodes GTIN_MISSING_WARNING). */
const GTIN_MISSING = 'Without a Garment GTIN, its care labels carry no product passport QR.';

test('a care-label subcode without a Garment GTIN is saved with a warning, not refused', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  const found = await apiCall<{ subcodes: { id: number; productSubcode: string; gtin: string | null }[] }>(
    page,
    'GET',
    '/product-subcodes?productSubcode=RT-CL-301',
  );
  const subcode = found.body.subcodes.find((s) => s.productSubcode === 'RT-CL-301');
  const saved = subcode?.gtin ?? '';
  expect(saved).toMatch(/^\d{14}$/);
  await page.goto(`/product-subcode-details?id=${subcode?.id}`);
  const gtin = page.getByLabel('Garment GTIN');
  const warning = page.getByTestId('subcode-field-gtin-warning');
  await expect(gtin).toHaveValue(saved);
  await expect(warning).toHaveCount(0);
  await page.getByTestId('detail-edit').click();
  await gtin.fill('');
  await expect(warning).toHaveText(GTIN_MISSING);
  await gtin.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/subcode-gtin-warning-1280.png' });
  try {
    // Not refused: the save goes through and the saved subcode still says so.
    await page.getByTestId('detail-save').click();
    await expect(
      page.getByTestId('message-success').filter({ hasText: 'Successfully Updated' }),
    ).toBeVisible();
    await expect(page.getByTestId('detail-edit')).toBeVisible();
    await expect(gtin).toHaveValue('');
    await expect(warning).toHaveText(GTIN_MISSING);
    await page.setViewportSize({ width: 390, height: 844 });
    await gtin.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screens/subcode-gtin-warning-390.png' });
  } finally {
    // Put the demo GTIN back (the passports of later orders need it); the warning goes.
    await page.setViewportSize({ width: 1280, height: 900 });
    if (await page.getByTestId('detail-edit').isVisible()) await page.getByTestId('detail-edit').click();
    await gtin.fill(saved);
    await expect(warning).toHaveCount(0);
    await page.getByTestId('detail-save').click();
    await expect(page.getByTestId('detail-edit')).toBeVisible();
    await expect(gtin).toHaveValue(saved);
  }
});
