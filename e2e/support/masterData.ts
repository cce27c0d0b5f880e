/**
 * Steps the master-data specs share: a list from the Configuration menu, Add on a list, and the green
 * success message.
 */
import { expect, type Page } from '@playwright/test';

/**
 * Opens `item` of the Configuration menu and waits for that list on screen, not only in the address
 * bar: React renders a navigation in a transition, and the screen before it stays up (and clickable)
 * until the new one is ready (a run under load once clicked the previous list's Add). With
 * `countLine`, the list's count line must match it too.
 */
export async function openFromMenu(page: Page, item: string, countLine?: RegExp) {
  await page.getByTestId('nav-configuration').click();
  const entry = page.getByRole('menuitem', { name: item });
  const path = await entry.getAttribute('href');
  await entry.click();
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(page.getByRole('heading', { level: 2, name: item, exact: true })).toBeVisible();
  if (countLine) await expect(page.getByTestId('list-count')).toHaveText(countLine);
  else await expect(page.getByTestId('list-count')).toBeVisible();
}

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
