import { MASTER_DATA } from '@selvedge/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type SeenCall, type StubRoutes, stubApi } from '../../test/api';
import { currentLocation, renderScreen } from '../../test/screen';
import { masterDataScreen } from '.';

afterEach(() => vi.unstubAllGlobals());

const SEARCH = MASTER_DATA.warehouses.search;
const { listKey } = MASTER_DATA.warehouses;

const warehouse = (id: number, warehouseName: string) => ({
  id,
  version: 1,
  warehouseName,
  address: `${id} Dock Rd`,
  preferredShippingMethod: id === 1 ? '' : 'Courier',
  contactName: 'Ann Lee',
  email: 'ann@example.com',
  telephone: '+1 416 555 0100',
});

function open(answer: StubRoutes['x'], route = '/warehouse-list') {
  const calls = stubApi({ 'GET /has-vendor': { body: { hasVendor: false } }, [`GET ${SEARCH}`]: answer });
  const Screen = masterDataScreen({ kind: 'warehouses', page: 'list' });
  renderScreen(<Screen />, { route, role: 'ADMIN' });
  return calls;
}

const searches = (calls: SeenCall[]) =>
  calls.filter((c) => c.path.startsWith(SEARCH)).map((c) => c.path.slice(SEARCH.length));

describe('a master-data list screen: warehouses (master-data §2 Common rules for lists)', () => {
  it('shows that it is loading', () => {
    open(() => new Promise(() => {}));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
  });

  it('lists every match with its count line, --- for an empty value, rows linked to their details', async () => {
    open({ body: { [listKey]: [warehouse(1, 'North'), warehouse(2, 'South')] } });
    expect((await screen.findByTestId('list-count')).textContent).toBe('Showing 2 Warehouse(s)');
    const [north] = screen.getAllByTestId('list-row');
    expect(within(north).getByText('---')).toBeTruthy();
    expect(within(north).getByTestId('list-row-link').getAttribute('href')).toBe('/warehouse-details?id=1');
  });

  it('says nothing matches', async () => {
    open({ body: { [listKey]: [] } });
    expect((await screen.findByTestId('list-empty')).textContent).toContain(
      'No warehouses match these filters.',
    );
  });

  it("shows the server's message when the list cannot load", async () => {
    open({ status: 500, body: { message: 'The database is down.' } });
    expect(await screen.findByText('Warehouses could not be loaded')).toBeTruthy();
    expect(screen.getByText('The database is down.')).toBeTruthy();
  });

  it('searches on Enter in a filter and keeps the search in the address', async () => {
    const calls = open({ body: { [listKey]: [warehouse(1, 'North')] } });
    await screen.findByTestId('list-count');
    await userEvent.type(screen.getByTestId('filter-warehouseName'), 'North{Enter}');
    await waitFor(() => expect(currentLocation()).toBe('/warehouse-list?warehouseName=North'));
    await waitFor(() => expect(searches(calls).at(-1)).toBe('?warehouseName=North'));
  });

  it('opens the search in the address', async () => {
    const calls = open({ body: { [listKey]: [] } }, '/warehouse-list?warehouseName=South');
    await screen.findByTestId('list-empty');
    expect(searches(calls)).toEqual(['?warehouseName=South']);
    expect((screen.getByTestId('filter-warehouseName') as HTMLInputElement).value).toBe('South');
  });

  it('offers Add, which opens the details in create mode', async () => {
    open({ body: { [listKey]: [] } });
    expect(screen.getByTestId('list-add').getAttribute('href')).toBe('/warehouse-details?createMode=true');
  });
});
