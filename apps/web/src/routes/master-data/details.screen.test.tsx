import { MESSAGES } from '@selvedge/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type SeenCall, type StubRoutes, stubApi } from '../../test/api';
import { currentLocation, renderScreen } from '../../test/screen';
import { masterDataScreen } from '.';

afterEach(() => vi.unstubAllGlobals());

const warehouse = {
  id: 3,
  version: 4,
  warehouseName: 'North Dock',
  address: '3 Dock Rd',
  preferredShippingMethod: 'Courier',
  contactName: 'Ann Lee',
  email: 'ann@example.com',
  telephone: '+1 416 555 0100',
};

const history = {
  history: [
    {
      id: 9,
      entity: 'warehouse',
      entityId: 3,
      action: 'UPDATE',
      version: 4,
      userId: 1,
      userName: 'Ada Admin',
      changedAt: '2026-11-20T10:00:00Z',
      changes: [{ field: 'warehouseName', before: 'North', after: 'North Dock' }],
    },
  ],
};

/** The warehouse detail screen at `route` as ADMIN, with the record, its history and `routes`. */
function open(route: string, routes: StubRoutes = {}) {
  const calls = stubApi({
    'GET /has-vendor': { body: { hasVendor: false } },
    'GET /warehouses/3': { body: warehouse },
    'GET /history': { body: history },
    ...routes,
  });
  const Screen = masterDataScreen({ kind: 'warehouses', page: 'details' });
  renderScreen(<Screen />, { route, role: 'ADMIN' });
  return calls;
}

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const writes = (calls: SeenCall[]) => calls.filter((c) => c.method !== 'GET');

/** Types a whole new warehouse (East, bo@example.com) into the create form. */
async function fillNewWarehouse() {
  for (const [label, value] of [
    ['Warehouse Name', 'East'],
    ['Preferred Shipping', 'Courier'],
    ['Address', '1 East St'],
    ['Contact Name', 'Bo Chan'],
    ['Email', 'bo@example.com'],
    ['Telephone', '+1 416 555 0199'],
  ] as const)
    await userEvent.type(field(label), value);
}

describe('a master-data detail screen: a warehouse (master-data §4, §3 Warehouse)', () => {
  it('shows the record in view mode: its name under the heading, read-only fields, Edit, the way back and its history', async () => {
    open('/warehouse-details?id=3');
    expect(screen.getByRole('status', { name: 'Loading Warehouse' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Warehouse Details' })).toBeTruthy();
    expect(screen.getByTestId('detail-record-title').textContent).toBe('North Dock');
    expect(field('Warehouse Name').value).toBe('North Dock');
    expect(field('Warehouse Name').readOnly).toBe(true);
    expect(screen.getByTestId('detail-edit')).toBeTruthy();
    expect(screen.queryByTestId('detail-save')).toBeNull();
    expect(screen.getByTestId('detail-back').getAttribute('href')).toBe('/warehouse-list');
    expect(await screen.findByText('Ada Admin')).toBeTruthy();
  });

  it('edits: the cursor goes to the first field, Enter saves with the version read, and the screen is back in view mode', async () => {
    const calls = open('/warehouse-details?id=3', {
      'PUT /warehouses/3': ({ body }) => ({ body: { ...warehouse, ...(body as object), version: 5 } }),
    });
    await userEvent.click(await screen.findByTestId('detail-edit'));
    await waitFor(() => expect(document.activeElement).toBe(field('Warehouse Name')));
    await userEvent.clear(field('Warehouse Name'));
    await userEvent.type(field('Warehouse Name'), 'South Dock{Enter}');
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({
      method: 'PUT',
      path: '/warehouses/3',
      body: { warehouseName: 'South Dock', address: '3 Dock Rd', version: 4 },
    });
    expect(await screen.findByText(MESSAGES.warehouseUpdated)).toBeTruthy();
    expect(await screen.findByTestId('detail-edit')).toBeTruthy();
    expect(field('Warehouse Name').value).toBe('South Dock');
  });

  it('refuses an empty required field on the screen, naming it, and sends nothing', async () => {
    const calls = open('/warehouse-details?id=3');
    await userEvent.click(await screen.findByTestId('detail-edit'));
    await userEvent.clear(field('Warehouse Name'));
    await userEvent.click(screen.getByTestId('detail-save'));
    expect(
      await screen.findByText(/Warehouse Name/, { selector: '.mantine-InputWrapper-error, [id$="-error"]' }),
    ).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    expect(screen.getByTestId('detail-save')).toBeTruthy();
  });

  it('cancels an edit back to the saved copy without a call', async () => {
    const calls = open('/warehouse-details?id=3');
    await userEvent.click(await screen.findByTestId('detail-edit'));
    await userEvent.type(field('Warehouse Name'), ' West');
    await userEvent.click(screen.getByTestId('detail-cancel'));
    expect(field('Warehouse Name').value).toBe('North Dock');
    expect(writes(calls)).toEqual([]);
  });

  it("shows the server's message when another admin saved first (409), and reloads the record", async () => {
    let reads = 0;
    open('/warehouse-details?id=3', {
      'GET /warehouses/3': () => {
        reads += 1;
        return {
          body: reads === 1 ? warehouse : { ...warehouse, warehouseName: 'Changed Elsewhere', version: 5 },
        };
      },
      'PUT /warehouses/3': {
        status: 409,
        body: { message: 'This record was changed by someone else. Reload it and try again.' },
      },
    });
    await userEvent.click(await screen.findByTestId('detail-edit'));
    await userEvent.type(field('Warehouse Name'), ' West{Enter}');
    expect(
      await screen.findByText('This record was changed by someone else. Reload it and try again.'),
    ).toBeTruthy();
    await waitFor(() => expect(field('Warehouse Name').value).toBe('Changed Elsewhere'));
    expect(screen.getByTestId('detail-edit')).toBeTruthy();
  });

  it('creates: heading New Warehouse, already editing; a refusal naming a field shows under it and keeps the input', async () => {
    const calls = open('/warehouse-details?createMode=true', {
      'POST /warehouses': {
        status: 400,
        body: { message: 'Email is not valid.', field: 'email' },
      },
    });
    expect(await screen.findByRole('heading', { name: 'New Warehouse' })).toBeTruthy();
    expect(screen.getByTestId('detail-save')).toBeTruthy();
    await fillNewWarehouse();
    await userEvent.click(screen.getByTestId('detail-save'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({
      method: 'POST',
      path: '/warehouses',
      body: { warehouseName: 'East' },
    });
    const email = field('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Email is not valid.')).toBeTruthy();
    expect(email.value).toBe('bo@example.com');
    expect(field('Warehouse Name').value).toBe('East');
    expect(screen.queryByText(/history/i)).toBeNull();
  });

  it('after creating, says so and goes back to the list', async () => {
    open('/warehouse-details?createMode=true', {
      'POST /warehouses': ({ body }) => ({ status: 201, body: { ...(body as object), id: 7, version: 1 } }),
    });
    await screen.findByRole('heading', { name: 'New Warehouse' });
    await fillNewWarehouse();
    await userEvent.click(screen.getByTestId('detail-save'));
    expect(await screen.findByText(MESSAGES.warehouseCreated)).toBeTruthy();
    await waitFor(() => expect(currentLocation()).toBe('/warehouse-list'));
  });

  it('shows nothing of a record for an id that is not one', async () => {
    const calls = open('/warehouse-details?id=abc');
    await waitFor(() => expect(screen.queryByTestId('warehouse-details')).toBeNull());
    expect(calls.filter((c) => c.path.startsWith('/warehouses'))).toEqual([]);
    expect(within(document.body).queryByTestId('detail-edit')).toBeNull();
  });
});
