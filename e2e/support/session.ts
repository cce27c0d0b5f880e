import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'selvedge-demo-2026';

/** Signs in through the login screen (Enter submits) and waits to leave it. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).not.toHaveURL(/\/login/);
}

/** The access token the app keeps in session storage. */
export const accessToken = (page: Page) => page.evaluate(() => sessionStorage.getItem('access_token'));
