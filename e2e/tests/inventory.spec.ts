/**
 * Inventory on product details (ordering §2 Product details "users with the update-inventory
 * permission may change inventory quantities", §5 Inventory fields, §6 Capabilities: update inventory
 * for ADMIN, ACCOUNT, FACTORY_ACCOUNT, CSR; decisions 0040, 0056): a CSR given the permission sees the
 * Inventory panel of a stocked Roots product and changes a quantity there (Enter leaves the field,
 * 'Update Inventory' saves → 'Inventory successfully updated.'); without it the CSR sees no
 * inventory at all.
 */
import type { Page } from '@playwright/test';
import { apiCall, productItemIdOf, setUserFlags } from '../support/api';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/session';

test.setTimeout(120_000);

const CSR = 'csr@example.com';
const SUBCODE = 'RT-ST-501';

/** The current inventory of the product's one stocked size, as product details answer it to the page's user. */
async function currentInventory(page: Page, productItemId: number) {
  const details = await apiCall<{ products: { items: { inventoryQuantity?: number }[] }[] }>(
    page,
    'GET',
    `/products/details?ids=${productItemId}`,
  );
  return details.body.products[0]!.items[0]!.inventoryQuantity;
}

test('a CSR with the update-inventory permission sees the inventory and updates it; without it sees none', async ({
  browser,
}) => {
  const admin = await browser.newPage();
  await signIn(admin, 'admin@example.com');
  const page = await browser.newPage();
  try {
    await setUserFlags(admin, CSR, { canUpdateInventory: true });
    await signIn(page, CSR);
    const id = await productItemIdOf(page, SUBCODE);
    const before = (await currentInventory(page, id))!;
    expect(typeof before).toBe('number');

    await page.goto(`/product-details?productItemId=${id}`);
    const panel = page.getByTestId('product-inventory');
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('columnheader', { name: 'Maximum' })).toBeVisible();
    const field = panel.getByRole('textbox', { name: /^Current inventory/ });
    await expect(field).toHaveValue(String(before));
    const next = before + 1000;
    await field.fill(`${next}.7`);
    await field.press('Enter');
    await expect(field).toHaveValue(String(next));
    await page.screenshot({ path: test.info().outputPath('csr-inventory.png'), fullPage: true });
    await panel.getByTestId('update-inventory').click();
    await expect(
      page.getByTestId('message-success').filter({ hasText: 'Inventory successfully updated.' }),
    ).toBeVisible();
    expect(await currentInventory(page, id)).toBe(next);
    // Put it back, through the same call the screen made.
    expect(
      (await apiCall(page, 'PUT', '/products/inventory', { inventories: { [id]: before } })).status,
    ).toBe(200);

    // Without the permission a CSR sees no inventory (ordering §1: inventory is for account,
    // factory-account and admin roles) and the server sends none.
    await setUserFlags(admin, CSR, { canUpdateInventory: false });
    await signIn(page, CSR);
    expect(await currentInventory(page, id)).toBeUndefined();
    await page.goto(`/product-details?productItemId=${id}`);
    await expect(page.getByTestId('product-sizes')).toBeVisible();
    await expect(page.getByTestId('product-inventory')).toHaveCount(0);
  } finally {
    await setUserFlags(admin, CSR, { canUpdateInventory: false });
    await page.close();
    await admin.close();
  }
});
