/**
 * Calls of the API made as the user signed in on `page` (its token from session storage), for
 * setting up or cleaning up what a browser test needs without going through screens it does not test.
 */
import { expect, type Page } from '@playwright/test';
import { accessToken } from './session';

/** One call of /api/v1.0 as the page's user; answers the status and the parsed JSON body. */
export async function apiCall<T = unknown>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const token = await accessToken(page);
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await page.request.fetch(`/api/v1.0${path}`, {
    method,
    headers,
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status(), body: (text ? JSON.parse(text) : undefined) as T };
}

/** Removes every line of the page user's cart (so a test leaves the cart as it found it: empty). */
export async function emptyCart(page: Page) {
  const cart = await apiCall<{ orderItems: { orderItemId: number }[] }>(page, 'GET', '/orders/cart');
  for (const line of cart.body.orderItems ?? []) {
    const res = await apiCall(page, 'DELETE', `/orders/cart/${line.orderItemId}`);
    expect(res.status).toBe(200);
  }
}

/**
 * Sets per-user permission flags (decision 0040: canRestock, canUpdateInventory) of the user `email`
 * through the user admin calls, as the admin signed in on `admin`.
 */
export async function setUserFlags(
  admin: Page,
  email: string,
  flags: Partial<Record<'canRestock' | 'canUpdateInventory', boolean>>,
) {
  const found = await apiCall<{ users: { id: number; email: string }[] }>(
    admin,
    'GET',
    `/users?email=${encodeURIComponent(email)}`,
  );
  expect(found.status).toBe(200);
  const id = found.body.users.find((u) => u.email === email)!.id;
  const record = await apiCall<Record<string, unknown>>(admin, 'GET', `/users/${id}`);
  expect(record.status).toBe(200);
  const saved = await apiCall(admin, 'PUT', `/users/${id}`, { ...record.body, ...flags });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

/** Ids of the placed orders the page's user finds with this query (GET /orders). */
export async function orderIds(page: Page, query: string): Promise<number[]> {
  const res = await apiCall<{ orders: { orderId: number }[] }>(page, 'GET', `/orders?${query}`);
  expect(res.status).toBe(200);
  return res.body.orders.map((o) => o.orderId);
}

/** A date `days` from today as 'YYYY-MM-DD' (local time, like the date fields). */
export function isoDate(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * The product item id of `subcode`, found as the page's user searches for it: in each production
 * region the user may search, until one holds it. Throws when none does.
 */
export async function productItemIdOf(page: Page, subcode: string): Promise<number> {
  const regions = await apiCall<{ productionRegions: { id: number }[] }>(
    page,
    'GET',
    '/entity/product-search-production-regions',
  );
  for (const region of regions.body.productionRegions) {
    const found = await apiCall<{ products?: { productItemId: number; productSubcode: string }[] }>(
      page,
      'GET',
      `/products?productionRegion=${region.id}&search=${subcode}`,
    );
    expect(found.status).toBe(200);
    const product = found.body.products?.find((p) => p.productSubcode === subcode);
    if (product) return product.productItemId;
  }
  throw new Error(`${subcode} not found`);
}
