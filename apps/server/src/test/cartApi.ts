/**
 * The cart through the API, as a signed-in user fills it before placing (tests that place orders):
 * the header a placing accepts — the Vendor PO given, the user's first saved shipping address, a
 * requested date three days after the earliest allowed (ordering §4).
 */
import { earliestDateRequested, type Role } from '@selvedge/shared';
import dayjs from 'dayjs';
import { expect } from 'vitest';
import type { TestApp } from './harness';

/** PUTs a complete cart header for `role`'s demo user; fails the test unless it answers 200. */
export async function completeCartHeader(t: TestApp, vendorPO: string, role: Role = 'VENDOR'): Promise<void> {
  const headers = t.auth(await t.tokenFor(role));
  const saved = (
    await t.app.inject({ method: 'GET', url: '/api/v1.0/orders/shipping-addresses', headers })
  ).json().addresses as { address: string }[];
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/v1.0/orders/cart',
    headers,
    payload: {
      vendorPO,
      shippingAddress: saved[0]!.address,
      dateRequested: dayjs(earliestDateRequested()).add(3, 'day').format('YYYY-MM-DD'),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}
