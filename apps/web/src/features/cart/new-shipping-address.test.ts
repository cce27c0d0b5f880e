import { describe, expect, it, vi } from 'vitest';
import { renderHookWithProviders } from '../../test/render';
import { rememberOfferedAddresses, takeNewAddress, useChooseNewAddress } from './new-shipping-address';

const list = (...addresses: string[]) => addresses.map((address) => ({ address }));

describe('choosing the address added from the cart (master-data §2 Vendors)', () => {
  it('takes the last address not offered before, once', () => {
    rememberOfferedAddresses(list('A', 'B'));
    const later = Date.now() + 1;
    expect(takeNewAddress(list('A', 'C', 'B', 'D'), later)).toBe('D');
    expect(takeNewAddress(list('A', 'C', 'B', 'D'), later)).toBeNull();
  });

  it('waits for a list fetched after the link was followed', () => {
    rememberOfferedAddresses(list('A'));
    expect(takeNewAddress(list('A', 'B'), 0)).toBeNull();
    expect(takeNewAddress(list('A', 'B'), Date.now() + 1)).toBe('B');
  });

  it('chooses nothing when the user came back without adding one', () => {
    rememberOfferedAddresses(list('A'));
    expect(takeNewAddress(list('A'), Date.now() + 1)).toBeNull();
  });

  it('chooses in the cart once it is ready and the fresh list is there', () => {
    rememberOfferedAddresses(list('A'));
    const choose = vi.fn();
    const fetchedAt = Date.now() + 1;
    const { rerender } = renderHookWithProviders(
      ({ ready, fetching }: { ready: boolean; fetching: boolean }) =>
        useChooseNewAddress(ready, list('A', 'B'), fetchedAt, fetching, choose),
      { initialProps: { ready: false, fetching: false } },
    );
    rerender({ ready: true, fetching: true });
    expect(choose).not.toHaveBeenCalled();
    rerender({ ready: true, fetching: false });
    expect(choose).toHaveBeenCalledWith('B');
  });
});
