/**
 * Care labels, administration (decision 0041): the Care Labels page (/care-label; master-data §2 Care labels page,
 * §8). The admin adds a Country Of Origin option (Add disabled until a name is typed), renames it
 * (Update disabled until the name changes), deletes it after confirming, and is refused with the
 * server's 409 text when deleting an option a list uses (Bangladesh, in the demo 'Roots origins'); the
 * selected option's history reads by field label (Name, Type, Icon), values as text.
 * The customer's Care Labels button opens the page for that customer, whose 'Back to Customer'
 * returns; there the Lists tab starts on the list Roots uses of the kind shown, marked 'Used by Roots'
 * (none for a kind it has no list of, and none without a customer). Screenshots at 1280 and 390 px go to test-results/screens for review.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectNoSideScroll } from '../support/layout';
import { signIn } from '../support/session';

test.setTimeout(120_000);

const IN_USE = 'This country of origin is in use and cannot be deleted; it can still be renamed.';

const section = (page: Page) => page.getByTestId('care-option-country-of-origin');
const row = (page: Page, name: string) =>
  section(page).getByTestId('care-option-country-of-origin-row').filter({ hasText: name });

test('admin adds, renames and deletes a care option; an option in use is refused', async ({ page }) => {
  await signIn(page, 'admin@example.com', '/care-label?tab=1');
  const origin = section(page);
  await expect(origin.getByTestId('care-option-country-of-origin-row').first()).toBeVisible();
  const name = page.getByTestId('care-option-country-of-origin-name');
  const add = page.getByTestId('care-option-country-of-origin-add');
  const update = page.getByTestId('care-option-country-of-origin-update');
  const del = page.getByTestId('care-option-country-of-origin-delete');

  // Add is disabled while the name is empty (master-data §2).
  await expect(add).toBeDisabled();
  const created = `E2E Origin ${Date.now().toString(36)}`;
  await name.fill(created);
  await add.click();
  await expect(
    page.getByTestId('message-success').filter({ hasText: 'Option Successfully Added' }),
  ).toBeVisible();
  await expect(row(page, created)).toHaveCount(1);

  // Select it: Update stays disabled until the name changes.
  await row(page, created).getByRole('button', { name: created }).click();
  await expect(name).toHaveValue(created);
  await expect(update).toBeDisabled();
  const renamed = `${created} renamed`;
  await name.fill(renamed);
  await update.click();
  await expect(
    page.getByTestId('message-success').filter({ hasText: 'Option Successfully Updated' }),
  ).toBeVisible();
  await expect(row(page, renamed)).toHaveCount(1);

  // The selected option's history: the add and the rename, field by label, values as text.
  await row(page, renamed).getByRole('button', { name: renamed }).click();
  const history = origin.getByTestId('history');
  await expect(history.getByRole('heading', { name: `History of ${renamed}` })).toBeVisible();
  const entries = history.getByTestId('history-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('Updated');
  const nameChange = entries.nth(0).locator('[data-testid=history-change][data-field=name]');
  await expect(nameChange.getByRole('cell')).toHaveText(['Name', created, renamed]);
  await expect(entries.nth(1)).toContainText('Created');
  await expect(history).not.toContainText('{');

  // Delete asks first; Cancel keeps it, Delete removes it.
  await del.click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(row(page, renamed)).toHaveCount(1);
  await del.click();
  await page.getByTestId('care-option-country-of-origin-delete-ok').click();
  await expect(
    page.getByTestId('message-success').filter({ hasText: 'Option Successfully Removed' }),
  ).toBeVisible();
  await expect(row(page, renamed)).toHaveCount(0);

  // An option in a list cannot be deleted: the server's 409 text, and the option stays.
  await row(page, 'Bangladesh').getByRole('button', { name: 'Bangladesh', exact: true }).click();
  await del.click();
  await page.getByTestId('care-option-country-of-origin-delete-ok').click();
  await expect(page.getByTestId('message-error').filter({ hasText: IN_USE })).toBeVisible();
  await expect(row(page, 'Bangladesh')).toHaveCount(1);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: 'test-results/screens/care-admin-options-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screens/care-admin-options-390.png', fullPage: true });
  await expectNoSideScroll(page);
});

test('a care instruction is added with an icon chosen from the care symbols', async ({ page }) => {
  await signIn(page, 'admin@example.com', '/care-label?tab=1');
  const s = page.getByTestId('care-option-care-instruction');
  await expect(s.getByTestId('care-option-care-instruction-row').first()).toBeVisible();
  await s
    .getByTestId('care-option-care-instruction-type')
    .locator('label', { hasText: /^Iron$/ })
    .click();
  await expect(s.getByRole('radio', { name: 'Iron' })).toBeChecked();
  const add = s.getByTestId('care-option-care-instruction-add');
  const displayName = `E2E iron ${Date.now().toString(36)}`;
  await s.getByTestId('care-option-care-instruction-displayName').fill(displayName);
  await s.getByTestId('care-option-care-instruction-sortKey').fill('7');
  // Add needs the icon too (master-data §2: displayName, icon and sortKey).
  await expect(add).toBeDisabled();
  await s.getByTestId('care-option-care-instruction-icon').click();
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  await expect(options.first().locator('svg[data-care-symbol]')).toBeVisible();
  await options.first().click();
  await add.click();
  await expect(
    page.getByTestId('message-success').filter({ hasText: 'Option Successfully Added' }),
  ).toBeVisible();
  const added = s.getByTestId('care-option-care-instruction-row').filter({ hasText: displayName });
  await expect(added).toHaveCount(1);
  await expect(added.locator('svg[data-care-symbol]')).toBeVisible();
  // Its history names the type and the symbol, not their codes.
  await added.getByRole('button', { name: displayName }).click();
  const created = s.getByTestId('history').getByTestId('history-entry');
  await expect(created).toHaveCount(1);
  await expect(created).toContainText('Created');
  await expect(created.locator('[data-field=type]').getByRole('cell')).toHaveText(['Type', '---', 'Iron']);
  await expect(created.locator('[data-field=displayName]').getByRole('cell').first()).toHaveText(
    'Display Name',
  );
  const icon = created.locator('[data-field=icon]').getByRole('cell');
  await expect(icon.first()).toHaveText('Icon');
  await expect(icon.nth(2)).toHaveText(/^(Iron, |Do not iron)/);
});

test("the customer's Care Labels button opens the page for that customer and comes back", async ({
  page,
}) => {
  await signIn(page, 'admin@example.com', '/customer-list');
  await page.getByRole('link', { name: /Roots/ }).first().click();
  await expect(page).toHaveURL(/\/customer-details\?id=\d+/);
  const id = new URL(page.url()).searchParams.get('id');
  await page.getByTestId('customer-care-labels').click();
  await expect(page).toHaveURL(new RegExp(`/care-label\\?tab=\\d&customerId=${id}$`));
  await expect(page.getByTestId('care-lists-tab')).toBeVisible();
  // The list Roots uses of the kind shown is selected and marked; so is the next kind's.
  const used = page.getByTestId('care-list-row').filter({ has: page.getByTestId('care-list-used') });
  await expect(used).toHaveCount(1);
  await expect(used).toContainText('Roots origins');
  await expect(used.getByTestId('care-list-used')).toHaveText('Used by Roots');
  await expect(used.getByRole('button', { name: 'Roots origins' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('care-list-name')).toHaveValue('Roots origins');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: 'test-results/screens/care-admin-lists-roots-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screens/care-admin-lists-roots-390.png', fullPage: true });
  await expect(
    page
      .getByTestId('care-checklist-country-of-origin')
      .getByRole('checkbox', { name: 'Bangladesh', exact: true }),
  ).toBeChecked();
  await page.getByTestId('care-list-kind').click();
  await page.getByRole('option', { name: 'Fabric Composition', exact: true }).click();
  await expect(used).toHaveCount(1);
  await expect(used).toContainText('Roots fabrics');
  await expect(page.getByTestId('care-list-name')).toHaveValue('Roots fabrics');
  // Roots has no care code list: nothing is marked or selected.
  await page.getByTestId('care-list-kind').click();
  await page.getByRole('option', { name: 'Care Codes', exact: true }).click();
  await expect(page.getByTestId('care-list-row').first()).toBeVisible();
  await expect(page.getByTestId('care-list-used')).toHaveCount(0);
  await expect(page.getByTestId('care-list-options')).toHaveText('Select a list to choose its options.');
  await page.getByTestId('care-list-kind').click();
  await page.getByRole('option', { name: 'Country Of Origin', exact: true }).click();
  await expect(used).toContainText('Roots origins');
  await page.getByTestId('care-back-to-customer').click();
  await expect(page).toHaveURL(new RegExp(`/customer-details\\?id=${id}$`));
  // Without a customer there is no way back.
  await page.goto('/care-label?tab=1&customerId=0');
  await expect(page.getByTestId('care-option-country-of-origin')).toBeVisible();
  await expect(page.getByTestId('care-back-to-customer')).toHaveCount(0);
  // Without a customer the Lists tab preselects and marks nothing.
  await page.goto('/care-label?tab=2');
  await expect(page.getByTestId('care-list-row').first()).toBeVisible();
  await expect(page.getByTestId('care-list-used')).toHaveCount(0);
  await expect(page.getByTestId('care-list-name')).toHaveValue('');
  await expect(page.getByTestId('care-list-options')).toHaveText('Select a list to choose its options.');
});

test('admin creates a list and ticks an option: it is added at once and stays', async ({ page }) => {
  await signIn(page, 'admin@example.com', '/care-label?tab=2');
  const add = page.getByTestId('care-list-add');
  await expect(add).toBeDisabled();
  const listName = `E2E origins ${Date.now().toString(36)}`;
  await page.getByTestId('care-list-name').fill(listName);
  await add.click();
  await expect(
    page.getByTestId('message-success').filter({ hasText: 'List Successfully Added' }),
  ).toBeVisible();
  const checklist = page.getByTestId('care-checklist-country-of-origin');
  const cambodia = checklist.getByRole('checkbox', { name: 'Cambodia', exact: true });
  await expect(cambodia).not.toBeChecked();
  await cambodia.check();
  await expect(cambodia).toBeChecked();

  // Read again from the server: the tick was saved.
  await page.reload();
  await page
    .getByTestId('care-list-row')
    .filter({ hasText: listName })
    .getByRole('button', { name: listName })
    .click();
  await expect(checklist.getByRole('checkbox', { name: 'Cambodia', exact: true })).toBeChecked();
  await expect(checklist.getByRole('checkbox', { name: 'India', exact: true })).not.toBeChecked();

  // A fabric composition list has a component checklist and a material checklist.
  await page.getByTestId('care-list-kind').click();
  await page.getByRole('option', { name: 'Fabric Composition', exact: true }).click();
  await page
    .getByTestId('care-list-row')
    .filter({ hasText: 'Roots fabrics' })
    .getByRole('button', { name: 'Roots fabrics' })
    .click();
  await expect(
    page.getByTestId('care-checklist-component-type').getByRole('checkbox', { name: 'Shell', exact: true }),
  ).toBeChecked();
  await expect(
    page.getByTestId('care-checklist-material').getByRole('checkbox', { name: 'Cotton', exact: true }),
  ).toBeChecked();

  // Care codes read 'code - text'.
  await page.getByTestId('care-list-kind').click();
  await page.getByRole('option', { name: 'Care Codes', exact: true }).click();
  await page.getByTestId('care-list-row').first().getByRole('button').click();
  await expect(
    page.getByTestId('care-checklist-care-code').getByRole('checkbox', { name: /^DS01 - Machine wash/ }),
  ).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: 'test-results/screens/care-admin-lists-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screens/care-admin-lists-390.png', fullPage: true });
  await expectNoSideScroll(page);
});
