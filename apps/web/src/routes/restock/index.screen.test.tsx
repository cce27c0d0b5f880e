import { MESSAGES, RESTOCK_MESSAGES, type RestockResponse } from '@selvedge/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type StubRoutes, stubApi } from '../../test/api';
import { currentLocation, expectErrorMessage, expectSuccessMessage, renderScreen } from '../../test/screen';
import RestockPage from '.';

afterEach(() => vi.unstubAllGlobals());

const DONE = 'Restocking Items Successfully Added to Order';

function open(routes: StubRoutes = {}, canRestock = true) {
  const calls = stubApi({
    'GET /user-permissions': { body: { canRestock, canUpdateInventory: false } },
    'GET /restocking-customers': { body: { customers: [{ customerId: 5, customerName: 'Roots' }] } },
    ...routes,
  });
  renderScreen(<RestockPage />, { route: '/restock', role: 'ADMIN' });
  return calls;
}

async function chooseRoots() {
  const select = await screen.findByTestId('restock-customer');
  await waitFor(() => expect(select.hasAttribute('disabled')).toBe(false));
  await userEvent.click(select);
  // The dropdown is still in its opening transition (display: none) in happy-dom.
  await userEvent.click(await screen.findByRole('option', { name: 'Roots', hidden: true }));
}

const answer = (fields: Partial<RestockResponse> = {}): RestockResponse => ({
  message: DONE,
  added: [{ orderItemId: 9, productSubcode: 'WL-100', quantity: 500 }],
  skipped: [],
  ...fields,
});

describe('the restock screen (ordering §2 Restock, §5, §8; decisions 0040, 0056)', () => {
  it('tells a user without the restock permission that they are not allowed', async () => {
    const calls = open({}, false);
    expect((await screen.findByTestId('restock-not-allowed')).textContent).toContain(
      RESTOCK_MESSAGES.notAllowed,
    );
    expect(calls.some((c) => c.path === '/restocking-customers')).toBe(false);
  });

  it('asks for a customer first and sends nothing', async () => {
    const calls = open();
    await userEvent.click(await screen.findByTestId('restock-submit'));
    expect(await screen.findByText(MESSAGES.restockCustomerRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says when no customer has inventory products', async () => {
    open({ 'GET /restocking-customers': { body: { customers: [] } } });
    expect(await screen.findByTestId('restock-no-customers')).toBeTruthy();
  });

  it('restocks the customer chosen and opens the cart when every size went in', async () => {
    const calls = open({ 'POST /orders/restock/5': { body: answer() } });
    await chooseRoots();
    await userEvent.click(screen.getByTestId('restock-submit'));
    await expectSuccessMessage(DONE);
    await waitFor(() => expect(currentLocation()).toBe('/cart'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/orders/restock/5']);
  });

  it('lists what went in and every size left out with why, and stays', async () => {
    const skipped = [
      {
        productItemId: 3,
        productSubcode: 'WL-200',
        productSize: 'L',
        cause: 'atMaximum' as const,
        reason: 'At its maximum.',
      },
    ];
    open({ 'POST /orders/restock/5': { body: answer({ skipped }) } });
    await chooseRoots();
    await userEvent.click(screen.getByTestId('restock-submit'));
    const result = await screen.findByTestId('restock-result');
    expect(within(result).getByText('Restocked Roots')).toBeTruthy();
    expect(within(result).getByTestId('restock-added').textContent).toContain('WL-100: 500 pieces');
    expect(within(result).getByText('Left out: 1 size')).toBeTruthy();
    expect(within(result).getByTestId('restock-skipped-row').textContent).toBe('WL-200LAt its maximum.');
    expect(currentLocation()).toBe('/restock');
  });

  it("shows the server's text when nothing could be added", async () => {
    open({ 'POST /orders/restock/5': { status: 409, body: { message: 'Nothing to restock.' } } });
    await chooseRoots();
    await userEvent.click(screen.getByTestId('restock-submit'));
    await expectErrorMessage('Nothing to restock.');
  });
});
