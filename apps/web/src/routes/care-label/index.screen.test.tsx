import { CARE_LABEL_SUCCESS, CARE_OPTION_REGISTRY, type CareOptionKind, MASTER_DATA } from '@selvedge/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CareOptionSection } from '../../features/care-label/CareOptionsEditor';
import { type StubRoutes, stubApi } from '../../test/api';
import { currentLocation, expectErrorMessage, expectSuccessMessage, renderScreen } from '../../test/screen';
import CareLabelPage from '.';

afterEach(() => vi.unstubAllGlobals());

const care = (kind: CareOptionKind) => MASTER_DATA[CARE_OPTION_REGISTRY[kind]];

/** Every option kind's search, answering `rows` for the care codes and nothing for the others. */
function optionSearches(rows: Record<string, unknown>[] = []): StubRoutes {
  const routes: StubRoutes = {};
  for (const kind of Object.keys(CARE_OPTION_REGISTRY) as CareOptionKind[])
    routes[`GET ${care(kind).search}`] = { body: { listContent: kind === 'care-code' ? rows : [] } };
  return routes;
}

const code = (id: number, fields: Record<string, unknown> = {}) => ({
  id,
  version: 1,
  code: `C${id}`,
  text: `Wash at ${id}0°`,
  ...fields,
});

describe('the Care Labels page (master-data §2 Care labels page, decision 0041)', () => {
  it('opens on Options, with the way back only when it was opened for a customer', async () => {
    stubApi(optionSearches());
    renderScreen(<CareLabelPage />, { route: '/care-label?customerId=5', role: 'ADMIN' });
    expect(screen.getByRole('tab', { name: 'Options', selected: true })).toBeTruthy();
    expect(await screen.findByTestId('care-option-care-code')).toBeTruthy();
    expect(screen.getByTestId('care-back-to-customer').getAttribute('href')).toBe('/customer-details?id=5');
  });

  it('shows no way back for a customerId that is not one', () => {
    stubApi(optionSearches());
    renderScreen(<CareLabelPage />, { route: '/care-label?customerId=abc', role: 'ADMIN' });
    expect(screen.queryByTestId('care-back-to-customer')).toBeNull();
  });

  it('keeps the tab chosen in the address', async () => {
    stubApi({ ...optionSearches(), 'GET /care-label/lists': { body: { lists: [] } } });
    renderScreen(<CareLabelPage />, { route: '/care-label', role: 'ADMIN' });
    await userEvent.click(screen.getByRole('tab', { name: 'Lists' }));
    await waitFor(() => expect(currentLocation()).toBe('/care-label?tab=2'));
    expect(screen.getByRole('tab', { name: 'Lists', selected: true })).toBeTruthy();
  });
});

function section(rows: Record<string, unknown>[], routes: StubRoutes = {}) {
  const calls = stubApi({ ...optionSearches(rows), ...routes });
  renderScreen(<CareOptionSection kind="care-code" />, { route: '/care-label', role: 'ADMIN' });
  return calls;
}

const input = (name: 'Code' | 'Description') => screen.getByRole('textbox', { name });
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('an option section: the care codes (master-data §2, §5, §8)', () => {
  it('lists the codes by number when they are numbers, and enables Add only when every field is filled', async () => {
    section([code(2, { code: '2' }), code(10, { code: '10' }), code(1, { code: '1' })]);
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.querySelector('td')?.textContent),
    ).toEqual(['1', '2', '10']);
    expect(button('Add').disabled).toBe(true);
    await userEvent.type(input('Code'), 'C3');
    expect(button('Add').disabled).toBe(true);
    await userEvent.type(input('Description'), 'Do not wash');
    expect(button('Add').disabled).toBe(false);
  });

  it('adds on Enter, says so and clears the fields', async () => {
    const calls = section([], { [`POST ${care('care-code').create}`]: { status: 201, body: code(3) } });
    await userEvent.type(input('Code'), 'C3');
    await userEvent.type(input('Description'), 'Do not wash{Enter}');
    await expectSuccessMessage(CARE_LABEL_SUCCESS.optionAdded);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { code: 'C3', text: 'Do not wash' },
    ]);
    expect((input('Code') as HTMLInputElement).value).toBe('');
  });

  it('shows a refusal naming a field under that field', async () => {
    section([], {
      [`POST ${care('care-code').create}`]: {
        status: 409,
        body: {
          message: 'This code exists.',
          field: 'code',
          fields: [{ field: 'code', message: 'This code exists.' }],
        },
      },
    });
    await userEvent.type(input('Code'), 'C1');
    await userEvent.type(input('Description'), 'Again{Enter}');
    expect(await screen.findByText('This code exists.')).toBeTruthy();
    expect(screen.queryByTestId('message-error')).toBeNull();
  });

  it('updates a chosen option only once something changed, with the version it was read at', async () => {
    const calls = section([code(1, { version: 4 })], {
      'PUT /care-label/options/care-code/1': { body: code(1, { version: 5, text: 'Hand wash' }) },
      'GET /history': { body: { history: [] } },
    });
    await userEvent.click(await screen.findByText('C1'));
    expect(button('Update').disabled).toBe(true);
    await userEvent.clear(input('Description'));
    await userEvent.type(input('Description'), 'Hand wash');
    await userEvent.click(button('Update'));
    await expectSuccessMessage(CARE_LABEL_SUCCESS.optionUpdated);
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      code: 'C1',
      text: 'Hand wash',
      version: 4,
    });
  });

  it("asks before deleting, and shows the server's text for an option in use", async () => {
    const calls = section([code(1)], {
      'DELETE /care-label/options/care-code/1': { status: 409, body: { message: 'This option is in use.' } },
      'GET /history': { body: { history: [] } },
    });
    await userEvent.click(await screen.findByText('C1'));
    await userEvent.click(button('Delete'));
    expect(await screen.findByText('Delete the option “C1”? This cannot be undone.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByTestId('care-option-care-code-delete-ok'));
    await expectErrorMessage('This option is in use.');
  });
});
