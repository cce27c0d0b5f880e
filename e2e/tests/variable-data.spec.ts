/**
 * Retailer data files in the browser (decision 0045; master-data §2 Variable data upload, §8): an account
 * user opens Variable Data Upload from the Configuration menu, finds the Upload button disabled until
 * a customer and a file are chosen, uploads the Roots and the Dunnes sample files of docs/formats, reads
 * the §8 message, and watches each upload reach Finished with its report (rows read, refusals with
 * their lines); then finds the Dunnes PO on the product list from another production region, which
 * names the region holding it (decision 0057). A file over the server's limit (200 MB) is refused at
 * once with the limit in a red message on screen, and nothing is uploaded (decision 0054).
 * Screenshots at 1024 px and 390 px are saved for looking at (not compared).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/session';

test.setTimeout(120_000);

const FORMATS = fileURLToPath(new URL('../../docs/formats/', import.meta.url));
const UPLOADED =
  'Variable data file successfully uploaded. You will receive an email once it has finished processing. This may take several minutes.';

async function upload(page: Page, customer: string, file: string) {
  const submit = page.getByTestId('upload-submit');
  await page.getByTestId('upload-customer').click();
  await page.getByRole('option', { name: customer, exact: true }).click();
  await expect(submit).toBeDisabled();
  await page.locator('form[data-testid="upload-form"] input[type="file"]').setInputFiles(`${FORMATS}${file}`);
  await expect(submit).toBeEnabled();
  // The message of an earlier upload closes by itself first, so the one seen next is this upload's.
  await expect(page.getByText(UPLOADED)).toHaveCount(0, { timeout: 30_000 });
  // The demo data holds an earlier upload of the same file (account@example.com's): this one is the
  // row that appears on top of it.
  // An upload is a group of rows (its facts, then its report), marked upload-<id>.
  const rows = page.getByTestId(/^upload-\d+$/).filter({ hasText: file });
  await expect(rows.first()).toBeVisible();
  const before = await rows.count();
  await submit.click();
  await expect(page.getByText(UPLOADED)).toBeVisible();
  await expect(rows).toHaveCount(before + 1);
  await expect(rows.first()).toContainText('Finished', { timeout: 60_000 });
  return rows.first();
}

test('an account user uploads the Roots and the Dunnes sample files and reads their reports', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await signIn(page, 'account@example.com');
  await page.getByTestId('nav-configuration').click();
  await page.getByRole('menuitem', { name: 'Variable Data Upload' }).click();
  await expect(page).toHaveURL(/\/variable-data-upload$/);
  await expect(page.getByRole('heading', { name: 'Variable Data Upload' })).toBeVisible();
  await expect(page.getByTestId('upload-submit')).toBeDisabled();

  const roots = await upload(page, 'Roots', 'roots-sample.csv');
  await expect(roots).toContainText('390 rows read');
  // The file's 7 bad lines are refused; a journey that ran before this one (variable-data-ordering)
  // may have ordered one of its POs, whose rows are then refused as already ordered besides.
  await roots.getByText(/^Refusals/).click();
  for (const refusal of [
    'Line 5, UPC-A barcode: has a wrong GS1 check digit',
    'Line 12, quantity: must be a whole number over 0',
    'Line 20, size: is required',
    'Line 33, price CAD: must be an amount like 49.99 (at most 2 decimals, not negative)',
    'Line 41, ticket type: RT-XX-999 is not a product subcode of Roots',
    'Line 57, vendor number: 9999999 is not a known vendor',
    'Line 64, PO_NUMBER: is missing: the record has too few fields',
  ])
    await expect(roots).toContainText(refusal);
  const refused = Number(/(\d+) refused/.exec((await roots.textContent()) ?? '')?.[1]);
  const alreadyOrdered = await roots.getByText(/is already ordered: its rows are kept$/).count();
  expect(refused).toBe(7 + alreadyOrdered);

  const dunnes = await upload(page, 'Dunnes Stores', 'dunnes-sample.txt');
  await expect(dunnes).toContainText('180 rows read');
  await expect(dunnes).toContainText('4 refused');
  await page.screenshot({ path: 'test-results/screens/variable-data-upload-1024.png', fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('upload-submit')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/variable-data-upload-390.png', fullPage: true });
  await page.setViewportSize({ width: 1024, height: 800 });

  // The uploaded PO is found where its tickets are made: searched in another production region, the
  // empty list names the region that holds it, and a click searches there (decision 0057).
  await page.goto('/product-list');
  await page.getByTestId('product-search-region').click();
  await page.getByRole('option', { name: 'Bangladesh', exact: true }).click();
  await page.getByTestId('product-search-group').click();
  await page.getByRole('option', { name: 'Variable Data', exact: true }).click();
  await page.getByTestId('product-search-po').fill('DS-PO-8120');
  await page.getByTestId('product-search-style').fill('62040000');
  await page.getByTestId('product-search-style').press('Enter');
  const elsewhere = page.getByTestId('found-elsewhere-option');
  await expect(elsewhere).toHaveText([/^China · PO (Uploaded|Placed) \(1\)$/]);
  await elsewhere.click();
  const row = page.locator('[data-testid=variable-data-row][data-po-number="DS-PO-8120"]');
  await expect(row).toContainText('DS-PT-410');
  await expect(page.getByTestId('product-search-region')).toHaveValue('China');
});

test('a file over the limit is refused at once, with the limit in the message, and nothing is uploaded', async ({
  page,
}) => {
  // 201 MB of valid Roots rows, generated into a temporary folder (the server takes at most 200 MB).
  const dir = mkdtempSync(join(tmpdir(), 'selvedge-e2e-big-'));
  try {
    const file = join(dir, 'ROOTS_BIG.csv');
    const [header, ...rows] = readFileSync(`${FORMATS}roots-sample.csv`, 'utf8').split('\n');
    const block = Buffer.from(`${rows.filter(Boolean).join('\n')}\n`);
    const copies = Math.ceil((201 * 1024 * 1024) / block.length);
    writeFileSync(file, Buffer.concat([Buffer.from(`${header}\n`), ...Array(copies).fill(block)]));

    await page.setViewportSize({ width: 1024, height: 800 });
    await signIn(page, 'account@example.com', '/variable-data-upload');
    const rows0 = page.getByTestId(/^upload-\d+$/);
    await expect(page.getByTestId('uploads-table').or(page.getByTestId('uploads-empty'))).toBeVisible();
    const before = await rows0.count();
    await page.getByTestId('upload-customer').click();
    await page.getByRole('option', { name: 'Roots', exact: true }).click();
    await page.locator('form[data-testid="upload-form"] input[type="file"]').setInputFiles(file);
    // Enter in the form submits it, as the Upload button does.
    const answer = page.waitForResponse((r) => r.url().endsWith('/configuration/upload-variable-data'));
    await page.getByTestId('upload-submit').focus();
    await page.keyboard.press('Enter');
    expect((await answer).status()).toBe(413);
    const message = page.getByTestId('message-error').filter({ hasText: 'File size can not exceed 200 MB.' });
    // On screen, where the user looks, not only somewhere in the page.
    await expect(message).toBeInViewport();
    await page.screenshot({ path: 'test-results/screens/variable-data-too-large-1024.png' });
    await expect(rows0).toHaveCount(before);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
