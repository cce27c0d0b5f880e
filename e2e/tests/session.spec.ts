/**
 * Session journeys (ordering §2 Login, Reset password, §4 Session, §6): login and landing per role, remembered path, logout, expired token, a role sent
 * to login from a route it may not open, reset-password validation, sign-in on another tab.
 */
import { expect, test } from '../support/fixtures';
import { waitForQuietNetwork } from '../support/quiet';
import { accessToken, signInThroughForm as signIn } from '../support/session';

const ACCOUNTS: [email: string, landing: string, title: string][] = [
  ['admin@example.com', '/order-list', 'Order List'],
  ['account@example.com', '/order-list', 'Order List'],
  ['csr@example.com', '/order-list', 'Order List'],
  ['supervisor@example.com', '/order-list', 'Order List'],
  ['finance@example.com', '/order-list', 'Order List'],
  ['vendor@example.com', '/product-list', 'Product List'],
  ['vendor2@example.com', '/product-list', 'Product List'],
  ['customer@example.com', '/order-list', 'Order List'],
];

for (const [email, landing, title] of ACCOUNTS) {
  test(`${email} signs in and lands on ${landing}`, async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page).toHaveTitle('Login | Selvedge');
    await expect(page.getByTestId('password-expiry-notice')).toContainText('six months');
    await signIn(page, email);
    await expect(page).toHaveURL(new RegExp(`${landing}$`));
    await expect(page).toHaveTitle(`${title} | Selvedge`);
    await expect(page.getByTestId('nav-logout')).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('role'))).toBeTruthy();
  });
}

test('a refused login shows the server message and stays on login', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill('csr@example.com');
  await page.getByLabel('Password', { exact: true }).fill('not-the-right-password');
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page.getByTestId('login-error')).toHaveText('The email or password is incorrect.');
  await expect(page).toHaveURL(/\/login$/);
});

test('the navigation bar follows the role', async ({ page }) => {
  await signIn(page, 'finance@example.com');
  // By test id: the needs-action links on the order list also have "orders" in their names.
  await expect(page.getByTestId('nav-orders')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Products' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Restock' })).toHaveCount(0);
  await expect(page.getByTestId('nav-cart')).toHaveCount(0);
  await page.getByTestId('nav-logout').click();
  await signIn(page, 'vendor@example.com');
  await expect(page.getByRole('link', { name: 'Products' })).toBeVisible();
  await expect(page.getByTestId('nav-cart')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Restock' })).toHaveCount(0);
});

test('an unauthenticated visit is remembered and opened after login', async ({ page }) => {
  await page.goto('/order-list?from=bookmark');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/order-list\?from=bookmark$/);
});

test('logout ends the session on the server and in the tab', async ({ page }) => {
  await signIn(page, 'account@example.com');
  const token = await accessToken(page);
  expect(token).toBeTruthy();
  await page.getByTestId('nav-logout').click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await accessToken(page)).toBeNull();
  const res = await page.request.get('/api/v1.0/has-vendor', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(401);
  await page.goto('/order-list');
  await expect(page).toHaveURL(/\/login$/);
});

test('an expired token shows the alert and logs out', async ({ page }) => {
  await signIn(page, 'csr@example.com');
  // The landing screen has its data: a call still on its way would meet the revoked token and end
  // the session before the visit below (the screens load their code, then their data, lazily).
  await expect(page.locator('[data-order-card]').first()).toBeVisible();
  await waitForQuietNetwork(page);
  const token = await accessToken(page);
  // The server revokes the token (as when it expires); the next call answers 401.
  expect(
    (
      await page.request.get('/api/v1.0/auth/logout', { headers: { authorization: `Bearer ${token}` } })
    ).status(),
  ).toBe(200);
  await page.goto('/order-list');
  const dialog = page.getByTestId('alert-dialog');
  await expect(dialog).toContainText('Authentication expired. Please log in.');
  await dialog.getByRole('button').first().click();
  await expect(page).toHaveURL(/\/login/);
  expect(await accessToken(page)).toBeNull();
});

test('a role is sent to login from a route it may not open', async ({ page }) => {
  await signIn(page, 'csr@example.com');
  await page.goto('/cart');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByTestId('login-denied')).toBeVisible();
  await page.goto('/order-list');
  await expect(page).toHaveURL(/\/order-list/);
  await page.getByTestId('nav-logout').click();
  await signIn(page, 'finance@example.com');
  await page.goto('/product-list');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByTestId('login-denied')).toBeVisible();
});

test('signing in on another tab logs the earlier tab out', async ({ context }) => {
  const first = await context.newPage();
  await signIn(first, 'csr@example.com');
  const second = await context.newPage();
  await signIn(second, 'finance@example.com');
  await expect(first.getByTestId('alert-dialog')).toContainText(
    'Another user signed in from another tab, you will be logged out automatically.',
  );
  await first.getByTestId('alert-dialog').getByRole('button').first().click();
  await expect(first).toHaveURL(/\/login/);
  await expect(second).toHaveURL(/\/order-list/);
});

test('reset password: no token goes home; the form validates with the spec texts', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page).not.toHaveURL(/reset-password/);
  await page.goto('/reset-password?token=not-a-real-token');
  await expect(page).toHaveTitle('Reset Password | Selvedge');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByText('Please enter and confirm your password').first()).toBeVisible();
  await page.getByTestId('reset-password').fill('long-enough-password-1');
  await page.getByTestId('reset-confirm-password').fill('long-enough-password-2');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByText('Passwords must match').first()).toBeVisible();
  await page.getByTestId('reset-password').fill('short');
  await page.getByTestId('reset-confirm-password').fill('short');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByText('Password must be at least 14 characters long').first()).toBeVisible();
  await page.getByTestId('reset-password').fill('long-enough-password-1');
  await page.getByTestId('reset-confirm-password').fill('long-enough-password-1');
  await page.getByTestId('reset-confirm-password').press('Enter');
  await expect(page.getByTestId('reset-error')).toContainText('invalid or has expired');
});

test('terms page and footer are public', async ({ page }) => {
  await page.goto('/terms-and-conditions');
  await expect(page).toHaveTitle('Terms and Conditions | Selvedge');
  await expect(page.getByTestId('terms-last-updated')).toContainText('January 9th, 2020');
  await expect(page.getByTestId('footer-copyright')).toContainText(String(new Date().getFullYear()));
  await expect(page.getByText('Ontario').first()).toBeVisible();
});

test('the API documentation is served', async ({ request }) => {
  const doc = await request.get('/api/v1.0/openapi.json');
  expect(doc.ok()).toBeTruthy();
  expect((await doc.json()).paths['/api/v1.0/auth/login']).toBeTruthy();
  const ui = await request.get('/api/docs');
  expect(ui.status()).toBeLessThan(400);
});

test('the served scripts carry no source maps', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const scripts = [...html.matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const src of scripts) {
    const js = await (await request.get(src)).text();
    expect(js).not.toContain('sourceMappingURL');
  }
});
