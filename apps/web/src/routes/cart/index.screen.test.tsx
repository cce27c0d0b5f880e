import { CART_API_MESSAGES, CART_MESSAGES, type Cart, MESSAGES, type Role } from '@selvedge/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cart, daysFromToday } from '../../test/answers';
import { type StubRoutes, stubApi } from '../../test/api';
import { currentLocation, expectErrorMessage, expectSuccessMessage, renderScreen } from '../../test/screen';
import CartPage from '.';

afterEach(() => vi.unstubAllGlobals());

function open(answer: Cart, role: Role = 'VENDOR', routes: StubRoutes = {}) {
  const calls = stubApi({
    'GET /has-vendor': { body: { hasVendor: true } },
    'GET /orders/cart': { body: answer },
    'GET /orders/shipping-addresses': { body: { addresses: [] } },
    ...routes,
  });
  renderScreen(<CartPage />, { route: '/cart', role });
  return calls;
}

const placeCalls = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.method === 'PUT' && c.path.startsWith('/orders/place'));

async function acceptTermsAndPlace() {
  await userEvent.click(await screen.findByRole('checkbox', { name: /I accept the/ }));
  await userEvent.click(screen.getByTestId('cart-place-order'));
}

describe('the cart while loading, failing, empty (ordering §2 Cart, §8)', () => {
  it('says it is loading', () => {
    stubApi({
      'GET /has-vendor': { body: { hasVendor: true } },
      'GET /orders/cart': () => new Promise(() => {}),
      'GET /orders/shipping-addresses': { body: { addresses: [] } },
    });
    renderScreen(<CartPage />, { route: '/cart', role: 'VENDOR' });
    expect(screen.getByRole('status', { name: 'Loading cart' }).textContent).toContain('Loading your cart…');
  });

  it("shows the server's message when the cart cannot load, and loads it again on Try again", async () => {
    let answers = 0;
    open(cart(), 'VENDOR', {
      'GET /orders/cart': () =>
        ++answers === 1 ? { status: 500, body: { message: 'The database is down.' } } : { body: cart() },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The cart could not be loaded');
    expect(alert.textContent).toContain('The database is down.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('cart-place-order')).toBeTruthy();
  });

  it('says an empty cart is empty and goes to the order list', async () => {
    open(cart({ orderItems: [] }));
    expect(await screen.findByText(CART_API_MESSAGES.cartEmpty)).toBeTruthy();
    await waitFor(() => expect(currentLocation()).toBe('/order-list'));
  });
});

describe('what a role gets on the cart (ordering §5 Cart, §6)', () => {
  it('asks a vendor for the Vendor PO and offers it a new shipping address', async () => {
    const calls = open(cart({ vendorPO: null }), 'VENDOR');
    expect(await screen.findByTestId('cart-add-shipping-address')).toBeTruthy();
    await acceptTermsAndPlace();
    expect(await screen.findByText(CART_MESSAGES.required('Vendor PO'))).toBeTruthy();
    expect(placeCalls(calls)).toEqual([]);
  });

  it('places an ACCOUNT cart without a Vendor PO, and offers no new shipping address', async () => {
    const calls = open(cart({ vendorPO: null }), 'ACCOUNT', {
      'PUT /orders/place': { body: { orderId: 41 } },
    });
    await screen.findByTestId('cart-place-order');
    expect(screen.queryByTestId('cart-add-shipping-address')).toBeNull();
    await acceptTermsAndPlace();
    await waitFor(() => expect(placeCalls(calls)).toHaveLength(1));
  });

  it('shows the totals only to the roles the answer carries them for', async () => {
    open(cart({ totalPrice: { currency: 'USD', price: '150' } }), 'ADMIN');
    expect((await screen.findByTestId('cart-total-price')).textContent).toContain('USD 150.00');
    expect(screen.queryByTestId('cart-total-cost')).toBeNull();
  });
});

describe('Place Order (ordering §4 Placing an order, §8 Place-order refusals)', () => {
  it('asks for the Terms and Conditions first and sends nothing', async () => {
    const calls = open(cart());
    await userEvent.click(await screen.findByTestId('cart-place-order'));
    expect(await screen.findByText(CART_MESSAGES.termsRequired)).toBeTruthy();
    expect(placeCalls(calls)).toEqual([]);
  });

  it('names a missing required field and sends nothing', async () => {
    const calls = open(cart({ contact: null }));
    await acceptTermsAndPlace();
    expect(await screen.findByText(CART_MESSAGES.required('Contact'))).toBeTruthy();
    expect(placeCalls(calls)).toEqual([]);
  });

  it('refuses a Date Requested sooner than 14 days and an email that is not one', async () => {
    const calls = open(cart({ dateRequested: daysFromToday(3), email: 'ann.example.com' }));
    await acceptTermsAndPlace();
    expect(
      await screen.findByText(/^Date Requested cannot be earlier than .* \(14 days from today\)$/),
    ).toBeTruthy();
    expect(screen.getByText(MESSAGES.invalidEmail)).toBeTruthy();
    expect(placeCalls(calls)).toEqual([]);
  });

  it('places the cart with the terms accepted and opens the new order', async () => {
    const calls = open(cart(), 'VENDOR', { 'PUT /orders/place': { body: { orderId: 41 } } });
    await acceptTermsAndPlace();
    await expectSuccessMessage(MESSAGES.orderPlaced);
    await waitFor(() => expect(currentLocation()).toBe('/order-details?orderId=41'));
    expect(placeCalls(calls).map((c) => c.path)).toEqual(['/orders/place?termsAndConditions=true']);
  });

  it("shows a vendor the changed prices' refusal and reloads the cart", async () => {
    const calls = open(cart(), 'VENDOR', { 'PUT /orders/place': { body: { orderId: -1 } } });
    await acceptTermsAndPlace();
    await expectErrorMessage(MESSAGES.pricesChangedVendor);
    await waitFor(() => expect(calls.filter((c) => c.path === '/orders/cart')).toHaveLength(2));
    expect(currentLocation()).toBe('/cart');
  });

  it("shows staff the changed costs' refusal", async () => {
    open(cart(), 'ADMIN', { 'PUT /orders/place': { body: { orderId: -1 } } });
    await acceptTermsAndPlace();
    await expectErrorMessage(MESSAGES.pricesChangedStaff);
  });

  it("shows a failed call's message", async () => {
    open(cart(), 'VENDOR', {
      'PUT /orders/place': { status: 409, body: { message: CART_API_MESSAGES.alreadyPlaced } },
    });
    await acceptTermsAndPlace();
    await expectErrorMessage(CART_API_MESSAGES.alreadyPlaced);
  });
});

describe('removing a line (ordering §2 Cart)', () => {
  it('asks first, and removes nothing when cancelled', async () => {
    const calls = open(cart());
    await userEvent.click(await screen.findByRole('button', { name: /Remove/ }));
    expect(await screen.findByText('Remove this item from your cart?')).toBeTruthy();
    await userEvent.click(screen.getByTestId('cart-remove-cancel'));
    await waitFor(() => expect(screen.queryByText('Remove this item from your cart?')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it("removes the line once confirmed and says so; the last line's removal leaves for the order list", async () => {
    let removed = false;
    const calls = open(cart(), 'VENDOR', {
      'GET /orders/cart': () => ({ body: removed ? cart({ orderItems: [] }) : cart() }),
      'DELETE /orders/cart/7': () => {
        removed = true;
        return { body: { message: 'Removed.' } };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: /Remove/ }));
    await userEvent.click(await screen.findByTestId('cart-remove-confirm'));
    await expectSuccessMessage(MESSAGES.itemRemoved);
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/orders/cart/7']);
    await waitFor(() => expect(currentLocation()).toBe('/order-list'));
    // Not 'Your cart is empty.': the user emptied it.
    expect(screen.queryByText(CART_API_MESSAGES.cartEmpty)).toBeNull();
  });
});
