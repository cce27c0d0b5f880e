import type { OrderListEntry, OrderListResponse, Role } from '@selvedge/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type SeenCall, type StubRoutes, stubApi } from '../../test/api';
import { stubMatchMedia } from '../../test/media';
import { currentLocation, renderScreen } from '../../test/screen';
import { PHONE_QUERY } from '../../ui/phone';
import OrderListPage from '.';

afterEach(() => vi.unstubAllGlobals());

function entry(orderId: number): OrderListEntry {
  return {
    orderId,
    orderNumber: String(orderId),
    orderDate: '2026-03-02T10:00:00.000Z',
    company: 'Acme Apparel',
    customerId: 5,
    customer: 'Roots',
    productionRegion: 'Asia',
    vendorPO: `VPO-${orderId}`,
    productionPONumbers: [],
    orderStatus: 'NEEDS_ARTWORK',
    financeApproval: false,
    hasArtwork: false,
    hasVariableData: false,
    cancelled: false,
  };
}

const page = (ids: number[], fields: Partial<OrderListResponse> = {}): OrderListResponse => ({
  orders: ids.map(entry),
  currentPage: 0,
  pageSize: 50,
  lastPage: true,
  totalItems: ids.length,
  ...fields,
});

/** The filters' lookups and the counts, empty: the tests are about the list. */
const lookups: StubRoutes = {
  'GET /customers': { body: { customers: [] } },
  'GET /vendors': { body: { vendors: [] } },
  'GET /entity/production-regions': { body: { productionRegions: [] } },
  'GET /orders/needs-action': { body: { steps: [], total: 0 } },
  'GET /has-roots-customer': { body: { hasRootsCustomer: false } },
  'GET /has-dunnes-customer': { body: { hasDunnesCustomer: false } },
};

function open(
  orders: StubRoutes['x'],
  { role = 'VENDOR', route = '/order-list' }: { role?: Role; route?: string } = {},
) {
  const calls = stubApi({ ...lookups, 'GET /orders': orders });
  renderScreen(<OrderListPage />, { route, role });
  return calls;
}

/** The GET /orders calls' query parameters. */
const listQueries = (calls: SeenCall[]) =>
  calls
    .filter((c) => c.method === 'GET' && c.path.startsWith('/orders?'))
    .map((c) => new URLSearchParams(c.path.slice('/orders?'.length)));

describe('the order list while loading, empty, failing (ordering §2 Order list, §8)', () => {
  it('shows the loading cards until the answer comes', () => {
    open(() => new Promise(() => {}));
    expect(screen.getByRole('status', { name: 'Loading orders' })).toBeTruthy();
  });

  it('says no order matches', async () => {
    open({ body: page([]) });
    expect((await screen.findByTestId('order-list-empty')).textContent).toContain(
      'No orders match these filters.',
    );
  });

  it("shows the server's message in place of the results, and searches again on retry", async () => {
    let answers = 0;
    open(() =>
      ++answers === 1 ? { status: 500, body: { message: 'The database is down.' } } : { body: page([3]) },
    );
    const error = await screen.findByTestId('order-list-error');
    expect(error.textContent).toContain('Orders could not be loaded');
    expect(error.textContent).toContain('The database is down.');
    await userEvent.click(within(error).getByRole('button'));
    expect(await screen.findByTestId('order-card-3')).toBeTruthy();
    expect(screen.queryByTestId('order-list-error')).toBeNull();
  });
});

describe('the results (ordering §2 Order list, decision 0019)', () => {
  it('shows one card per order, linked to its details, and what part of the list it is', async () => {
    open({ body: page([3, 4]) });
    const card = await screen.findByTestId('order-card-3');
    expect(within(card).getByTestId('order-card-link').getAttribute('href')).toBe('/order-details?orderId=3');
    expect(screen.getByTestId('order-card-4')).toBeTruthy();
    expect(screen.getByTestId('order-list-summary').textContent).toBe('Showing 1–2 of 2 orders');
  });

  it('asks for the next page with the same filters', async () => {
    const calls = open((call) => {
      const p = Number(new URLSearchParams(call.path.split('?')[1]).get('page'));
      return { body: page([p === 0 ? 3 : 60], { currentPage: p, totalItems: 120, lastPage: p === 2 }) };
    });
    await screen.findByTestId('order-card-3');
    expect(screen.getByTestId('order-list-summary').textContent).toBe('Showing 1–1 of 120 orders');
    // The pager above the results (another is below them).
    await userEvent.click(screen.getAllByRole('button', { name: '2' })[0]);
    expect(await screen.findByTestId('order-card-60')).toBeTruthy();
    const [first, second] = listQueries(calls);
    expect(second.get('page')).toBe('1');
    second.delete('page');
    first.delete('page');
    expect(second.toString()).toBe(first.toString());
  });
});

describe('the filters (ordering §2 Order list, §3 Session state, §5)', () => {
  it('searches an order number on Enter', async () => {
    const calls = open({ body: page([3]) });
    await screen.findByTestId('order-card-3');
    await userEvent.type(screen.getByLabelText('Order Number'), '42{Enter}');
    await waitFor(() => expect(listQueries(calls).at(-1)?.get('orderNumber')).toBe('42'));
  });

  it('takes only digits, refuses order number 0, and does not search it', async () => {
    const calls = open({ body: page([3]) });
    await screen.findByTestId('order-card-3');
    const input = screen.getByLabelText('Order Number') as HTMLInputElement;
    await userEvent.type(input, 'x0{Enter}');
    expect(input.value).toBe('0');
    expect(await screen.findByText('Enter a valid order number (digits only)')).toBeTruthy();
    expect(listQueries(calls)).toHaveLength(1);
  });

  it('keeps the last search for the next visit', async () => {
    const first = open({ body: page([3]) });
    await screen.findByTestId('order-card-3');
    await userEvent.type(screen.getByLabelText('Order Number'), '42{Enter}');
    await waitFor(() => expect(listQueries(first)).toHaveLength(2));
    document.body.innerHTML = '';
    const again = open({ body: page([42]) });
    await screen.findByTestId('order-card-42');
    expect(listQueries(again)[0].get('orderNumber')).toBe('42');
  });

  it('does not let a CSR filter by company', async () => {
    open({ body: page([3]) }, { role: 'CSR' });
    await screen.findByTestId('order-card-3');
    await waitFor(() =>
      expect(screen.getByTestId('order-filter-company').hasAttribute('disabled')).toBe(true),
    );
  });

  it('opens a "Needs my action" link as that step\'s search, at the list\'s own address', async () => {
    const calls = open(
      { body: page([3]) },
      { role: 'ADMIN', route: '/order-list?needsAction=financeToApprove' },
    );
    await screen.findByTestId('order-card-3');
    expect(listQueries(calls).at(-1)?.get('needsAction')).toBe('financeToApprove');
    await waitFor(() => expect(currentLocation()).toBe('/order-list'));
  });
});

describe('the downloads (ordering §7 Downloads, decision 0078)', () => {
  it('shows a button per file in a wide window, and no Downloads menu', async () => {
    open({ body: page([3]) }, { role: 'ADMIN' });
    expect(await screen.findByTestId('download-all-csv')).toBeTruthy();
    expect(screen.getByTestId('download-inventory-csv')).toBeTruthy();
    expect(screen.queryByTestId('order-downloads-menu')).toBeNull();
  });

  it('gathers the files in one Downloads menu on a phone, without a button per file', async () => {
    stubMatchMedia(PHONE_QUERY);
    open({ body: page([3]) }, { role: 'ADMIN' });
    const menu = await screen.findByTestId('order-downloads-menu');
    expect(screen.queryByTestId('download-all-csv')).toBeNull();
    await userEvent.click(menu);
    expect(await screen.findByTestId('download-all-csv-menu')).toBeTruthy();
    expect(screen.getByTestId('download-inventory-csv-xlsx-menu')).toBeTruthy();
  });
});
