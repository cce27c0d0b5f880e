import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../test/api';
import { fetchCartStatus } from './cart';

afterEach(() => vi.unstubAllGlobals());

describe('the cart status of the navigation bar', () => {
  it('is the answered count', async () => {
    stubApi({ 'GET /orders/cart-status': { body: { itemCount: 4, orderId: 9 } } });
    expect(await fetchCartStatus()).toEqual({ itemCount: 4, orderId: 9 });
  });

  it('is an empty cart when there is none (404) or the count is unreadable', async () => {
    stubApi({ 'GET /orders/cart-status': { status: 404, body: { message: 'No cart' } } });
    expect(await fetchCartStatus()).toEqual({ itemCount: 0, orderId: null });
    stubApi({ 'GET /orders/cart-status': { body: { itemCount: 'many' } } });
    expect(await fetchCartStatus()).toEqual({ itemCount: 0, orderId: null });
  });

  it('fails on any other refusal', async () => {
    stubApi({ 'GET /orders/cart-status': { status: 500, body: { message: 'Down' } } });
    await expect(fetchCartStatus()).rejects.toMatchObject({ status: 500 });
  });
});
