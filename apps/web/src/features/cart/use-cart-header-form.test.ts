import type { Cart, CartHeaderUpdate } from '@selvedge/shared';
import { act, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { updateCartHeader } from '../../api/cart';
import { ApiError } from '../../api/client';
import { renderHookWithProviders } from '../../test/render';
import { showApiError } from '../../ui/messages';
import { useCartHeaderForm } from './use-cart-header-form';

vi.mock('../../api/cart', () => ({ updateCartHeader: vi.fn() }));
vi.mock('../../ui/messages', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../ui/messages')>()),
  showApiError: vi.fn(),
}));

const put = vi.mocked(updateCartHeader);
const inAMonth = dayjs().add(30, 'day').format('YYYY-MM-DD');

/** A cart as GET /orders/cart answers it: only the header fields matter here. */
const cartOf = (header: Partial<Record<keyof CartHeaderUpdate, string | null>> = {}) =>
  ({
    contact: 'Ann',
    email: 'ann@example.com',
    phone: '555',
    vendorPO: null,
    dateRequested: inAMonth,
    deliveryMethod: null,
    shippingAddress: '1 Mill Road',
    deliveryAccount: null,
    billingAccount: null,
    billingAddress: '1 Mill Road',
    comments: null,
    ...header,
  }) as unknown as Cart;

function setup(role: 'CSR' | 'VENDOR' = 'CSR', cart = cartOf()) {
  const onSaved = vi.fn();
  const view = renderHookWithProviders(() => useCartHeaderForm(role, onSaved));
  act(() => view.result.current.initialize(cart));
  return { ...view, onSaved };
}

beforeEach(() => {
  put.mockReset();
  put.mockImplementation(async (patch) => cartOf(patch as Record<string, string | null>));
});

describe('the cart header form (ordering §2 Cart, §5 Cart)', () => {
  it('fills from the first cart only, so typing is never overwritten', () => {
    const { result } = setup();
    expect(result.current.values.contact).toBe('Ann');
    expect(result.current.values.vendorPO).toBe('');
    act(() => result.current.setValue('contact', 'Bea'));
    act(() => result.current.initialize(cartOf({ contact: 'Cy' })));
    expect(result.current.values.contact).toBe('Bea');
  });

  it('saves a field on commit, trimmed, only when it differs from what the server has', async () => {
    const { result, onSaved } = setup();
    act(() => result.current.commit('contact', ' Ann '));
    expect(put).not.toHaveBeenCalled();
    act(() => result.current.commit('contact', ' Bea '));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(put).toHaveBeenCalledWith({ contact: 'Bea' });
    act(() => result.current.commit('comments', ''));
    act(() => result.current.commit('phone', ''));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(2));
    expect(put).toHaveBeenLastCalledWith({ phone: null });
  });

  it('shows what the server would refuse and does not send it', () => {
    const { result } = setup();
    act(() => result.current.commit('email', 'not-an-address'));
    expect(result.current.errors.email).toBeTruthy();
    act(() => result.current.commit('dateRequested', dayjs().add(3, 'day').format('YYYY-MM-DD')));
    expect(result.current.errors.dateRequested).toMatch(/^Date Requested cannot be earlier than/);
    expect(put).not.toHaveBeenCalled();
    act(() => result.current.setValue('email', 'ann@'));
    expect(result.current.errors.email).toBeUndefined();
  });

  it('flags at once a saved Date Requested that has become too early', () => {
    const { result } = setup('CSR', cartOf({ dateRequested: dayjs().format('YYYY-MM-DD') }));
    expect(result.current.errors.dateRequested).toMatch(/^Date Requested cannot be earlier than/);
  });

  it('sends saves one after another, so the server ends with the last value typed', async () => {
    let finishFirst: (cart: Cart) => void = () => {};
    put.mockImplementationOnce(() => new Promise((resolve) => (finishFirst = resolve)));
    const { result } = setup();
    act(() => result.current.commit('contact', 'One'));
    act(() => result.current.commit('contact', 'Two'));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(result.current.saving).toBe(2);
    await act(async () => finishFirst(cartOf({ contact: 'One' })));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(2));
    expect(put.mock.calls.map(([patch]) => patch)).toEqual([{ contact: 'One' }, { contact: 'Two' }]);
    await waitFor(() => expect(result.current.saving).toBe(0));
  });

  it('shows a refusal under the field it names, keeps the input, and sends it again on flush', async () => {
    put.mockRejectedValueOnce(
      new ApiError(400, 'Phone is too long', { message: 'Phone is too long', field: 'phone' }),
    );
    const { result } = setup();
    act(() => result.current.commit('phone', '12345'));
    await waitFor(() => expect(result.current.errors.phone).toBe('Phone is too long'));
    expect(result.current.values.phone).toBe('12345');
    expect(showApiError).not.toHaveBeenCalled();
    let flushed = false;
    await act(async () => {
      flushed = await result.current.flush();
    });
    expect(flushed).toBe(true);
    expect(put).toHaveBeenLastCalledWith({ phone: '12345' });
  });

  it('shows a refusal naming no field in red, and flush answers false when a save fails', async () => {
    put.mockRejectedValue(new ApiError(500, 'Unexpected error'));
    const { result } = setup();
    act(() => result.current.setValue('comments', 'Rush'));
    let flushed = true;
    await act(async () => {
      flushed = await result.current.flush();
    });
    expect(flushed).toBe(false);
    expect(put).toHaveBeenCalledWith({ comments: 'Rush' });
    expect(showApiError).toHaveBeenCalledTimes(1);
  });

  it('validates every field on Place: the Vendor PO for vendors, and the Terms and Conditions', () => {
    const { result } = setup('VENDOR');
    let errors = {};
    act(() => {
      errors = result.current.validateAll();
    });
    expect(Object.keys(errors).sort()).toEqual(['termsAndConditions', 'vendorPO']);
    act(() => result.current.setTerms(true));
    expect(result.current.errors.termsAndConditions).toBeUndefined();
    expect(result.current.errors.vendorPO).toBe('Vendor PO is required');
  });
});
