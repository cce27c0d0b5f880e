/**
 * The download buttons (decision 0038; ordering §2 Order list, Order details, §7 Downloads): each file is
 * downloaded as a role that may, through the browser's own download (the file named by the server's
 * Content-Disposition, its first line the CSV header), the list's files with the list's filters; and
 * the buttons a role may not use are not shown.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { orderIds } from '../support/api';
import { downloadText } from '../support/files';
import { expect as baseExpect, test } from '../support/fixtures';
import { signIn } from '../support/session';

test.setTimeout(120_000);
const expect = baseExpect.configure({ timeout: 30_000 });

const today = () => new Date().toISOString().slice(0, 10);

/** Clicks the button, waits for the download, and answers its file name and first line (BOM dropped). */
async function download(page: Page, testId: string) {
  const [request, { name, text }] = await Promise.all([
    page.waitForRequest((r) => r.url().includes('/download-')),
    downloadText(page.getByTestId(testId)),
  ]);
  return { name, header: text.split('\n')[0], url: new URL(request.url()) };
}

test('ACCOUNT downloads every file of the order list and of an order', async ({ page }) => {
  await signIn(page, 'account@example.com', '/order-list');
  await expect(page.locator('[data-order-card]').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/downloads-order-list-1280.png' });

  const all = await download(page, 'download-all-csv');
  expect(all.name).toBe(`orders-${today()}.csv`);
  expect(all.header).toMatch(/^Order Number,Order Date \(UTC\),Status,/);
  // The list's filters of the search that ran (the defaults: Open Orders from 30 days ago), no paging.
  expect(all.url.searchParams.get('orderStatus')).toBe('READY_TO_SHIP');
  expect(all.url.searchParams.get('startDate')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(all.url.searchParams.has('page')).toBe(false);

  const full = await download(page, 'download-all-full-csv');
  expect(full.name).toBe(`orders-full-${today()}.csv`);
  expect(full.header).toMatch(
    /^Order Number,.*,Order Item,Product Subcode,Description,PO Number,Style Number,Size,Colour,Barcode,Quantity/,
  );
  expect(full.url.searchParams.get('orderStatus')).toBe('READY_TO_SHIP');

  const inventory = await download(page, 'download-inventory-csv');
  expect(inventory.name).toBe(`inventory-${today()}.csv`);
  expect(inventory.header).toMatch(/^Customer,Product Subcode,Description,Size,Active,Current Inventory/);

  const roots = await download(page, 'download-roots-inventory-csv');
  expect(roots.name).toBe(`roots-inventory-${today()}.csv`);
  expect(roots.header).toMatch(/^Customer,Product Subcode,/);

  const rootsFull = await download(page, 'download-roots-full-inventory-csv');
  expect(rootsFull.name).toBe(`roots-full-inventory-${today()}.csv`);
  expect(rootsFull.header).toMatch(/^Customer,Product Subcode,/);

  const [orderId] = await orderIds(page, 'size=1');
  await page.goto(`/order-details?orderId=${orderId}`);
  await expect(page.getByTestId('order-title')).toBeVisible();
  const one = await download(page, 'download-order-csv');
  expect(one.name).toBe(`order-${orderId}.csv`);
  expect(one.header).toMatch(/^Order Number,.*,Order Item,Product Subcode/);
});

test('each button offers the same file as an Excel workbook', async ({ page }) => {
  await signIn(page, 'account@example.com', '/order-list');
  await expect(page.locator('[data-order-card]').first()).toBeVisible();
  await page.getByTestId('download-all-csv-format').click();
  const [file, request] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForRequest((r) => r.url().includes('/download-all-csv')),
    page.getByTestId('download-all-csv-xlsx').click(),
  ]);
  expect(file.suggestedFilename()).toBe(`orders-${today()}.xlsx`);
  const url = new URL(request.url());
  expect(url.searchParams.get('format')).toBe('xlsx');
  expect(url.searchParams.get('orderStatus')).toBe('READY_TO_SHIP');
  // A zip (an .xlsx workbook), not a CSV.
  expect((await readFile(await file.path())).subarray(0, 2).toString('latin1')).toBe('PK');
});

test("the 'Downloading...' overlay shows while a file is on its way", async ({ page }) => {
  await signIn(page, 'account@example.com', '/order-list');
  await expect(page.locator('[data-order-card]').first()).toBeVisible();
  // Hold the answer back past the overlay delay.
  await page.route('**/orders/download-all-full-csv*', async (route) => {
    await new Promise((r) => setTimeout(r, 1_500));
    await route.continue();
  });
  const done = page.waitForEvent('download');
  await page.getByTestId('download-all-full-csv').click();
  await expect(page.getByText('Downloading...')).toBeVisible();
  await done;
  await expect(page.getByText('Downloading...')).toHaveCount(0);
});

test('a role that may not download inventory sees only the order files', async ({ page }) => {
  for (const email of ['vendor@example.com', 'csr@example.com']) {
    await signIn(page, email, '/order-list');
    await expect(page.locator('[data-order-card]').first()).toBeVisible();
    await expect(page.getByTestId('download-all-csv')).toBeVisible();
    await expect(page.getByTestId('download-all-full-csv')).toBeVisible();
    await expect(page.getByTestId('download-inventory-csv')).toHaveCount(0);
    await expect(page.getByTestId('download-roots-inventory-csv')).toHaveCount(0);
    await expect(page.getByTestId('download-roots-full-inventory-csv')).toHaveCount(0);
    await page.getByTestId('nav-logout').click();
    await expect(page).toHaveURL(/\/login/);
  }
});
