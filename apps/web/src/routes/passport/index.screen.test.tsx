import { PASSPORT_MESSAGES, type PassportResponse } from '@selvedge/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type StubAnswer, stubApi } from '../../test/api';
import { renderScreen } from '../../test/screen';
import PassportPage from '.';

afterEach(() => vi.unstubAllGlobals());

const GTIN = '09501101530003';

const passport = (fields: Partial<PassportResponse> = {}): PassportResponse => ({
  gtin: GTIN,
  serial: 'A1',
  languages: ['en', 'fr'],
  labelType: 'CARELABEL_STANDARD',
  components: [{ component: null, fibres: [{ percentage: 100, name: { en: 'Cotton', fr: 'Coton' } }] }],
  careInstructions: [],
  careCode: null,
  countriesOfOrigin: ['Made in Canada'],
  caution: null,
  specialInstructions: [],
  ...fields,
});

function open(answer: StubAnswer | (() => Promise<StubAnswer>), serial = 'A1') {
  const calls = stubApi({
    'GET /app-config': { body: { brandName: 'Selvedge' } },
    [`GET /passport/01/${GTIN}/21/${serial}`]: answer,
  });
  renderScreen(<PassportPage />, {
    route: `/01/${GTIN}/21/${serial}`,
    path: '/01/:gtin/21/:serial',
    role: null,
  });
  return calls;
}

describe('the product passport page (decision 0044)', () => {
  it('shows it is loading', () => {
    open(() => new Promise(() => {}));
    expect(screen.getByLabelText('Loading')).toBeTruthy();
  });

  it("shows the fibres in every language of the customer's labels, the origin and the ids, signed out", async () => {
    open({ body: passport() });
    const component = await screen.findByTestId('passport-component');
    expect(within(component).getByText('Cotton / Coton')).toBeTruthy();
    expect(within(component).getByText('100%')).toBeTruthy();
    expect(screen.getByText('Made in Canada')).toBeTruthy();
    expect(screen.getByTestId('passport-ids').textContent).toBe(`GTIN ${GTIN} · Serial A1`);
    expect(screen.queryByText(/Caution/)).toBeNull();
  });

  it.each([404, 400])('says a link that names no passport has none (%i)', async (status) => {
    open({ status, body: { message: PASSPORT_MESSAGES.notFound } });
    expect((await screen.findByTestId('passport-not-found')).textContent).toContain(
      PASSPORT_MESSAGES.notFound,
    );
  });

  it('says the passport could not be loaded when the server fails', async () => {
    open({ status: 500, body: { message: 'boom' } });
    expect((await screen.findByTestId('passport-not-found')).textContent).toContain(
      PASSPORT_MESSAGES.loadFailed,
    );
  });
});
