import { type ProductSearchResponse, SEARCH_FORM_MESSAGES } from '@selvedge/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type SeenCall, type StubRoutes, stubApi } from '../../test/api';
import { renderScreen } from '../../test/screen';
import ProductListPage from '.';

afterEach(() => vi.unstubAllGlobals());

const found = (ids: number[], fields: Partial<ProductSearchResponse> = {}): ProductSearchResponse => ({
  products: ids.map((id) => ({
    productItemId: id,
    productSubcode: `WL-${id}`,
    description: `Woven label ${id}`,
    rfid: false,
  })),
  currentPage: 0,
  pageSize: 50,
  lastPage: true,
  totalItems: ids.length,
  ...fields,
});

/** The form's lookups: one region (preselected, as the server names it the default), one group. */
function open(products: StubRoutes['x'], defaultRegion: number | null = 1) {
  const calls = stubApi({
    'GET /has-vendor': { body: { hasVendor: true } },
    'GET /customer-default-is-equal-to': { body: { value: false } },
    'GET /entity/product-search-production-regions': {
      body: {
        productionRegions: [
          { id: 1, productionRegionName: 'Asia' },
          { id: 2, productionRegionName: 'Europe' },
        ],
        productionRegion: defaultRegion,
      },
    },
    'GET /refs/product-group': { body: { productGroups: [{ id: 4, value: 'WOVEN', displayName: 'Woven' }] } },
    'GET /products': products,
  });
  renderScreen(<ProductListPage />, { route: '/product-list', role: 'VENDOR' });
  return calls;
}

const searches = (calls: SeenCall[]) =>
  calls
    .filter((c) => c.path.startsWith('/products?'))
    .map((c) => Object.fromEntries(new URLSearchParams(c.path.split('?')[1])));

async function searchFor(text: string) {
  const input = await screen.findByRole('textbox', { name: /Code or Description/ });
  await waitFor(() =>
    expect(screen.getByTestId('product-search-region').hasAttribute('disabled')).toBe(false),
  );
  await userEvent.type(input, `${text}{Enter}`);
}

describe('the product list (ordering §2 Product list, §5 Product search, §8)', () => {
  it('waits for a search before asking for products', async () => {
    const calls = open({ body: found([]) });
    expect((await screen.findByTestId('product-list-idle')).textContent).toContain('Find products to order');
    expect(searches(calls)).toEqual([]);
  });

  it('asks for a product group or a text, and for a region when none is preselected', async () => {
    const calls = open({ body: found([]) }, null);
    await searchFor('');
    await userEvent.click(screen.getByRole('button', { name: /Search/ }));
    expect(await screen.findByText(SEARCH_FORM_MESSAGES.groupOrTextRequired)).toBeTruthy();
    expect(screen.getByText(SEARCH_FORM_MESSAGES.regionRequired)).toBeTruthy();
    expect(searches(calls)).toEqual([]);
  });

  it('searches the preselected region on Enter and lists the products, each linked to its details', async () => {
    const calls = open({ body: found([11, 12]) });
    await searchFor(' woven ');
    const table = await screen.findByRole('table');
    const link = within(table).getByRole('link', { name: /WL-11/ });
    expect(link.getAttribute('href')).toBe('/product-details?productItemId=11');
    expect(screen.queryByTestId('rfid-badge')).toBeNull();
    expect(screen.getByTestId('product-list-summary').textContent).toBe('Showing 1–2 of 2 products');
    expect(searches(calls)).toEqual([{ productionRegion: '1', page: '0', size: '50', search: 'woven' }]);
  });

  it('marks an RFID subcode with the RFID badge (docs/rfid.md)', async () => {
    const answer = found([11, 12]);
    answer.products[1]!.rfid = true;
    open({ body: answer });
    await searchFor('woven');
    const rows = await screen.findAllByTestId('product-row');
    expect(within(rows[0]!).queryByTestId('rfid-badge')).toBeNull();
    expect(within(rows[1]!).getByTestId('rfid-badge')).toBeTruthy();
  });

  it('says when nothing matches', async () => {
    open({ body: found([]) });
    await searchFor('nothing');
    expect((await screen.findByTestId('product-list-empty')).textContent).toContain(
      'No products match your search.',
    );
  });

  it("shows a failed search's message in place of the results", async () => {
    open({ status: 500, body: { message: 'The database is down.' } });
    await searchFor('woven');
    const error = await screen.findByTestId('product-list-error');
    expect(error.textContent).toContain('Products could not be loaded');
    expect(error.textContent).toContain('The database is down.');
  });

  it('runs the last search again on the next visit', async () => {
    open({ body: found([11]) });
    await searchFor('woven');
    await screen.findByRole('table');
    document.body.innerHTML = '';
    const again = open({ body: found([11]) });
    await screen.findByRole('table');
    expect(searches(again)[0]).toMatchObject({ productionRegion: '1', search: 'woven' });
  });
});
