import { MESSAGES, type OrderDetails } from '@selvedge/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderDetails } from '../../test/answers';
import { type StubRoutes, stubApi } from '../../test/api';
import { currentLocation, expectErrorMessage, expectSuccessMessage, renderScreen } from '../../test/screen';
import OrderDetailsPage from '.';

afterEach(() => vi.unstubAllGlobals());

const price = (amount: string) => ({ currency: 'USD', price: amount });

/** The calls every signed-in screen makes besides the order (quiet lookups of the session and downloads). */
const lookups: StubRoutes = {
  'GET /has-vendor': { body: { hasVendor: true } },
  'GET /has-dunnes-customer': { body: { hasDunnesCustomer: false } },
  'GET /has-roots-customer': { body: { hasRootsCustomer: false } },
};

function open(
  order: OrderDetails,
  role: Parameters<typeof renderScreen>[1]['role'],
  routes: StubRoutes = {},
) {
  const calls = stubApi({ ...lookups, [`GET /orders/${order.orderId}`]: { body: order }, ...routes });
  renderScreen(<OrderDetailsPage />, { route: `/order-details?orderId=${order.orderId}`, role });
  return calls;
}

describe('order details while loading and when it cannot load (ordering §2 Order details, §5, §8)', () => {
  it('says which order it is loading', async () => {
    stubApi({ ...lookups, 'GET /orders/7': () => new Promise(() => {}) });
    renderScreen(<OrderDetailsPage />, { route: '/order-details?orderId=7', role: 'VENDOR' });
    expect(screen.getByRole('status', { name: 'Loading order' }).textContent).toContain('Loading order #7…');
  });

  it("answers a malformed orderId with 'Invalid URL params' and goes back to the order list", async () => {
    const calls = stubApi(lookups);
    renderScreen(<OrderDetailsPage />, { route: '/order-details?orderId=abc', role: 'VENDOR' });
    await expectErrorMessage(MESSAGES.invalidUrlParams);
    expect(currentLocation()).toBe('/order-list');
    expect(calls.some((c) => c.path.startsWith('/orders/'))).toBe(false);
  });

  it("shows the server's message for an order the user may not see, then goes home", async () => {
    stubApi({ ...lookups, 'GET /orders/7': { status: 404, body: { message: 'Order not found.' } } });
    renderScreen(<OrderDetailsPage />, { route: '/order-details?orderId=7', role: 'VENDOR' });
    await expectErrorMessage('Order not found.');
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });
});

describe('what a role sees of an order (ordering §6 Visibility, decision 0016)', () => {
  it('shows a vendor the header, no amounts it was not sent, no actions, and Order Again', async () => {
    open(orderDetails(), 'VENDOR');
    expect((await screen.findByTestId('order-title')).textContent).toBe('Order #7');
    expect(screen.getByTestId('order-company').textContent).toContain('Acme Apparel');
    expect(screen.queryByTestId('order-total-price')).toBeNull();
    expect(screen.queryByTestId('order-payment')).toBeNull();
    expect(screen.queryByTestId('order-actions-bar')).toBeNull();
    expect(screen.queryByTestId('order-logs')).toBeNull();
    expect(screen.getByRole('button', { name: /Order Again/ })).toBeTruthy();
    // Read-only fields for a role the server gives no field action.
    expect(screen.queryByLabelText('Invoice Number')).toBeNull();
  });

  it('shows a price role the payment section and the total price, a cost role the total cost', async () => {
    open(orderDetails({ totalPrice: price('150.00'), totalCost: price('60.00') }), 'ADMIN');
    expect((await screen.findByTestId('order-total-price')).textContent).toBe('USD 150.00');
    expect(screen.getByTestId('order-total-cost').textContent).toBe('USD 60.00');
    expect(screen.getByTestId('order-billing-account').textContent).toContain('BA-1');
  });

  it('offers no Order Again to a role without a cart', async () => {
    open(orderDetails(), 'FINANCE');
    await screen.findByTestId('order-title');
    expect(screen.queryByRole('button', { name: /Order Again/ })).toBeNull();
  });

  it('marks a cancelled order', async () => {
    open(orderDetails({ cancelled: true, cancelAllowed: false }), 'CSR');
    expect((await screen.findByTestId('order-cancelled')).textContent).toBe('Cancelled');
  });
});

describe('the order actions (ordering §4 Order actions, §8)', () => {
  it('shows exactly the buttons the server lists', async () => {
    open(orderDetails({ actions: ['approveFinance', 'setInvoiceNumber'] }), 'FINANCE');
    const bar = await screen.findByRole('toolbar', { name: 'Order actions' });
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Approve']);
  });

  it('asks before cancelling, and sends nothing when the user says No', async () => {
    const calls = open(orderDetails({ actions: ['cancel'] }), 'CSR');
    await userEvent.click(await screen.findByTestId('order-action-cancel'));
    expect(await screen.findByText(MESSAGES.confirmCancelOrder)).toBeTruthy();
    await userEvent.click(screen.getByTestId('cancel-order-dismiss'));
    await waitFor(() => expect(screen.queryByText(MESSAGES.confirmCancelOrder)).toBeNull());
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("cancels once confirmed, shows the answer's message and the order as answered", async () => {
    const cancelled = orderDetails({ cancelled: true, cancelAllowed: false });
    const calls = open(orderDetails({ actions: ['cancel'] }), 'CSR', {
      'PUT /orders/cancel-order/7': { body: { message: 'Order cancelled.', order: cancelled } },
    });
    await userEvent.click(await screen.findByTestId('order-action-cancel'));
    await userEvent.click(await screen.findByTestId('cancel-order-confirm'));
    await expectSuccessMessage('Order cancelled.');
    expect(await screen.findByTestId('order-cancelled')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual(['/orders/cancel-order/7']);
  });

  it("shows a refused action's message", async () => {
    open(orderDetails({ actions: ['approveFinance'] }), 'FINANCE', {
      'POST /orders/7/approve-finance': { status: 409, body: { message: 'The order has changed.' } },
    });
    await userEvent.click(await screen.findByTestId('order-action-approveFinance'));
    await expectErrorMessage('The order has changed.');
  });
});

describe('the invoice number (ordering §3 invoiceNumber, §8)', () => {
  it('saves on Enter, only when changed, and shows the saved value', async () => {
    const saved = orderDetails({ actions: ['setInvoiceNumber'], invoiceNumber: 'INV-9' });
    const calls = open(orderDetails({ actions: ['setInvoiceNumber'] }), 'FINANCE', {
      'PUT /orders/invoice-number': { body: { message: 'Saved.', order: saved } },
    });
    const input = await screen.findByLabelText('Invoice Number');
    await userEvent.type(input, '  INV-9 {Enter}');
    await expectSuccessMessage('Saved.');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { orderId: 7, invoiceNumber: 'INV-9' },
    ]);
    expect((input as HTMLInputElement).value).toBe('INV-9');
    await userEvent.click(input);
    await userEvent.keyboard('{Enter}');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('shows the generic error when the save fails and keeps what was typed', async () => {
    open(orderDetails({ actions: ['setInvoiceNumber'] }), 'FINANCE', {
      'PUT /orders/invoice-number': { status: 500, body: { message: 'db down' } },
    });
    const input = await screen.findByLabelText('Invoice Number');
    await userEvent.type(input, 'INV-1{Enter}');
    await expectErrorMessage(MESSAGES.unexpectedError);
    expect((input as HTMLInputElement).value).toBe('INV-1');
  });
});
