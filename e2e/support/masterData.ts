/**
 * Steps the master-data specs share: Add on a list, and the green success message.
 */
import { expect, type Page } from '@playwright/test';

/**
 * Add on a list: waits for the new record's form, not only its URL — the list stays on screen until
 * the details screen has rendered, and a filter of the list may share a field's name.
 */
export async function addNew(page: Page) {
  await page.getByTestId('list-add').click();
  await expect(page).toHaveURL(/createMode=true$/);
  await expect(page.getByTestId('detail-save')).toBeVisible();
}

/** The latest green success message has this text. */
export async function expectSuccess(page: Page, text: string) {
  await expect(page.getByTestId('message-success').filter({ hasText: text }).last()).toBeVisible();
}
