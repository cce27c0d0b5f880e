import { type Browser, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'selvedge-demo-2026';

/**
 * Signs in through the login screen (Enter submits) and waits to leave it. For the journeys that
 * test signing in, the login screen or what a sign-in on this tab does (session.spec); any other
 * journey signs in with `signIn`.
 */
export async function signInThroughForm(page: Page, email: string, password = DEMO_PASSWORD) {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Signs `page` in as `email` without the login screen, then opens `path` ('/' = the role's landing
 * screen, as after a sign-in through the form) and waits until the app has left '/' and /login.
 *
 * A session of its own, as the form gives: POST /auth/login (the same call the form makes, so the
 * server opens a session and its throttles count as usual), then the token and role go into this
 * tab's session storage under the app's keys (the app reads them when it starts). The storage is
 * written on a tiny same-origin page (/api/v1.0/health/live) before the app's first load, never by
 * an init script, so a journey's own Log Out stays logged out on every later navigation. Saves the
 * login screen's load and the form on every journey (decision 0036: ~1–2 s each).
 */
export async function signIn(page: Page, email: string, path = '/') {
  const res = await page.request.post('/api/v1.0/auth/login', {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(res.status(), `sign-in of ${email}: ${await res.text()}`).toBe(200);
  const { access_token: token } = (await res.json()) as { access_token: string };
  // The role claim, as the app's storeToken writes it (the app reads the role from the token too).
  const role = (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { role: string })
    .role;
  await page.goto('/api/v1.0/health/live');
  await page.evaluate(
    ([t, r]) => {
      // A fresh tab's storage: nothing a previous user of this tab kept.
      sessionStorage.clear();
      sessionStorage.setItem('access_token', t);
      sessionStorage.setItem('role', r);
    },
    [token, role] as const,
  );
  await page.goto(path);
  await expect(page).toHaveURL(
    (url) => !url.pathname.startsWith('/login') && (path !== '/' || url.pathname !== '/'),
  );
}

/** The access token the app keeps in session storage. */
export const accessToken = (page: Page) => page.evaluate(() => sessionStorage.getItem('access_token'));

/** A page of `email` signed in, in a browser context of its own (a second user beside the first), at `path`. */
export async function userPage(browser: Browser, email: string, path = '/'): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email, path);
  return page;
}
