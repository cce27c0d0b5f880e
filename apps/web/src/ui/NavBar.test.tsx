import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../features/session/session-store';
import { stubApi } from '../test/api';
import { fakeToken } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import {
  mayHoldUserPermission,
  NavBar,
  showsCart,
  visibleConfigurationItems,
  visibleNavItems,
} from './NavBar';

afterEach(() => vi.unstubAllGlobals());

const labels = (items: { label: string }[]) => items.map((i) => i.label);

describe('what the bar offers (ordering §2 Navigation bar, §6)', () => {
  it("shows the links the role may open, Restock only with the user's permission (decision 0040)", () => {
    expect(labels(visibleNavItems('FINANCE'))).toEqual(['Orders']);
    expect(labels(visibleNavItems('ADMIN'))).toEqual(['Orders', 'Products']);
    expect(labels(visibleNavItems('ADMIN', { canRestock: true }))).toEqual(['Orders', 'Products', 'Restock']);
    expect(labels(visibleNavItems('CSR', { canRestock: true }))).toEqual(['Orders', 'Products']);
    expect(visibleNavItems(null)).toEqual([]);
  });

  it('asks for per-user permissions only for roles that may hold one', () => {
    expect(mayHoldUserPermission('ACCOUNT')).toBe(true);
    expect(mayHoldUserPermission('VENDOR')).toBe(false);
  });

  it('lists the Configuration screens the role may open', () => {
    expect(labels(visibleConfigurationItems('ADMIN'))).toContain('Warehouses');
    expect(labels(visibleConfigurationItems('CSR'))).toEqual([]);
  });

  it('shows the cart to cart roles, to an ADMIN only with a vendor', () => {
    expect(showsCart('VENDOR', null)).toBe(true);
    expect(showsCart('ADMIN', null)).toBe(false);
    expect(showsCart('ADMIN', true)).toBe(true);
    expect(showsCart('CSR', true)).toBe(false);
  });
});

describe('the counts of the bar', () => {
  const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

  it('shows the orders waiting for the user and the pieces of the cart', async () => {
    signIn(
      fakeToken({ sub: 8, email: 'ann@example.com', name: 'Ann Lee', role: 'ACCOUNT', exp: inAnHour() }),
    );
    stubApi({
      'GET /app-config': { body: { brandName: 'Selvedge' } },
      'GET /user-permissions': { body: { canRestock: true, canUpdateInventory: false } },
      'GET /orders/needs-action': { body: { steps: [], total: 12 } },
      'GET /orders/cart-status': { body: { itemCount: 3, orderId: 1 } },
    });
    renderWithProviders(<NavBar />, { route: '/order-details?orderId=1' });
    expect(await screen.findByText(', 12 waiting for you')).toBeTruthy();
    const orders = screen.getByTestId('nav-orders');
    expect(orders.getAttribute('aria-current')).toBe('page');
    expect(await screen.findByTestId('nav-restock')).toBeTruthy();
    const cart = screen.getByTestId('nav-cart');
    expect(within(cart.parentElement as HTMLElement).getByText('3')).toBeTruthy();
  });

  it('shows no count when nothing waits', async () => {
    signIn(fakeToken({ sub: 9, email: 'v@example.com', role: 'VENDOR', exp: inAnHour() }));
    const calls = stubApi({
      'GET /app-config': { body: { brandName: 'Selvedge' } },
      'GET /orders/needs-action': { body: { steps: [], total: 0 } },
      'GET /orders/cart-status': { status: 404, body: { message: 'No cart' } },
    });
    renderWithProviders(<NavBar />, { route: '/product-list' });
    await vi.waitFor(() => expect(calls.map((c) => c.path)).toContain('/orders/cart-status'));
    expect(screen.queryByTestId('nav-needs-action')).toBeNull();
    expect(screen.getByTestId('nav-products').getAttribute('aria-current')).toBe('page');
  });
});
