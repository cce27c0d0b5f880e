import { CARE_LABEL_SUCCESS } from '@selvedge/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type StubRoutes, stubApi } from '../../test/api';
import { expectErrorMessage, expectSuccessMessage, renderScreen } from '../../test/screen';
import { CareListsEditor } from './CareListsEditor';

afterEach(() => vi.unstubAllGlobals());

const LISTS = '/care-label/lists/country-of-origin';

/** The country-of-origin lists (Canada, list 1, holding option 3) and their options (3 and 4). */
function open(routes: StubRoutes = {}) {
  const calls = stubApi({
    [`GET ${LISTS}`]: { body: { listContent: [{ id: 1, name: 'Canada' }] } },
    [`GET ${LISTS}/1/items`]: { body: { refs: [{ id: 3, name: 'Made in Canada' }] } },
    'GET /care-label/options/country-of-origin': {
      body: {
        listContent: [
          { id: 3, version: 1, name: 'Made in Canada' },
          { id: 4, version: 1, name: 'Made in Peru' },
        ],
      },
    },
    ...routes,
  });
  renderScreen(<CareListsEditor />, { route: '/care-label?tab=2', role: 'ADMIN' });
  return calls;
}

async function chooseCanada() {
  await userEvent.click(await screen.findByText('Canada'));
  await waitFor(() =>
    expect((screen.getByRole('checkbox', { name: 'Made in Canada' }) as HTMLInputElement).checked).toBe(true),
  );
}

describe('the Lists tab of the Care Labels page (master-data §2, §4, §8; decision 0041)', () => {
  it("shows the chosen list's options ticked, and a tick adds the option at once", async () => {
    const calls = open({ [`POST ${LISTS}/1/items/4`]: { status: 204 } });
    await chooseCanada();
    const peru = screen.getByRole('checkbox', { name: 'Made in Peru' }) as HTMLInputElement;
    expect(peru.checked).toBe(false);
    await userEvent.click(peru);
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === `${LISTS}/1/items/4`)).toBe(true),
    );
  });

  it('adds a list on Enter and says so', async () => {
    const calls = open({ [`POST ${LISTS}`]: { status: 201, body: { id: 2, name: 'Peru' } } });
    await userEvent.type(await screen.findByTestId('care-list-name'), ' Peru {Enter}');
    await expectSuccessMessage(CARE_LABEL_SUCCESS.listAdded);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Peru' });
  });

  it("asks before removing a list, and shows the server's text for a list a customer uses", async () => {
    const calls = open({
      [`DELETE ${LISTS}/1`]: { status: 409, body: { message: 'Roots uses this list.' } },
    });
    await chooseCanada();
    await userEvent.click(screen.getByTestId('care-list-remove'));
    expect(await screen.findByText('Remove the list “Canada”? Its options stay.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByTestId('care-list-remove-ok'));
    await expectErrorMessage('Roots uses this list.');
  });
});
