import type { OrderLinePayload } from '@selvedge/shared';
import { act } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api';
import { renderHookWithProviders } from '../../test/render';
import { showSuccess } from '../../ui/messages';
import { type OrderLineToSend, useOrderLineSubmit } from './ProductActions';

vi.mock('../../ui/messages', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../ui/messages')>()),
  showSuccess: vi.fn(),
  showApiError: vi.fn(),
}));

afterEach(() => vi.unstubAllGlobals());

const line = (key: string, quantity: number): OrderLineToSend<string> => ({
  key,
  payload: { productType: 'STANDARD', quantities: { '1': quantity }, attributes: {} } as OrderLinePayload,
});

function submitter(orderItemId?: number) {
  return renderHookWithProviders(
    () => ({ ...useOrderLineSubmit(orderItemId), path: useLocation().pathname }),
    {
      route: '/product-details?productItemId=1',
    },
  );
}

describe("'Add to Order' and 'Save Changes' (ordering §2 Product details, §8)", () => {
  it('adds the lines one by one, then says so and opens the cart', async () => {
    const calls = stubApi({ 'POST /orders': { body: {} } });
    const { result } = submitter();
    await act(() => result.current.submit([line('a', 10), line('b', 20)]));
    expect(calls.map((c) => [c.method, (c.body as OrderLinePayload).quantities])).toEqual([
      ['POST', { '1': 10 }],
      ['POST', { '1': 20 }],
    ]);
    expect(showSuccess).toHaveBeenCalledWith('Product added to your cart');
    expect(result.current.path).toBe('/cart');
  });

  it('stops at a refusal, stays on the screen and names the lines already added', async () => {
    let n = 0;
    stubApi({
      'POST /orders': () => (++n === 2 ? { status: 409, body: { message: 'Other region' } } : { body: {} }),
    });
    const onPartlyAdded = vi.fn();
    const { result } = submitter();
    await act(() => result.current.submit([line('a', 10), line('b', 20), line('c', 30)], onPartlyAdded));
    expect(n).toBe(2);
    expect(onPartlyAdded).toHaveBeenCalledWith(['a']);
    expect(showSuccess).not.toHaveBeenCalled();
    expect(result.current.path).toBe('/product-details');
    expect(result.current.busy).toBe(false);
  });

  it('in edit mode saves the line over the cart line', async () => {
    const calls = stubApi({ 'PUT /orders': { body: {} } });
    const { result } = submitter(44);
    await act(() => result.current.submit([line('a', 10)]));
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: '/orders',
        body: expect.objectContaining({ orderItemId: 44, quantities: { '1': 10 } }),
      },
    ]);
    expect(showSuccess).toHaveBeenCalledWith('Product successfully updated');
    expect(result.current.path).toBe('/cart');
  });
});
