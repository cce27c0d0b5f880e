import { MESSAGES, type ProductDetailsResponse, type Role } from '@selvedge/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type StubRoutes, stubApi } from '../../test/api';
import { productDetails } from '../../test/fixtures';
import { currentLocation, expectErrorMessage, expectSuccessMessage, renderScreen } from '../../test/screen';
import ProductDetailsPage from '.';

afterEach(() => vi.unstubAllGlobals());

const answer = (fields: Partial<ProductDetailsResponse> = {}): ProductDetailsResponse => ({
  products: [productDetails()],
  productType: 'STANDARD',
  canUpdateInventory: false,
  canRestock: false,
  ...fields,
});

function open(route: string, routes: StubRoutes, role: Role = 'VENDOR') {
  const calls = stubApi({ 'GET /has-vendor': { body: { hasVendor: true } }, ...routes });
  renderScreen(<ProductDetailsPage />, { route, role });
  return calls;
}

describe('product details while loading and when it cannot load (ordering §2 Product details, §5, §8)', () => {
  it('shows the loading frame until the answer comes', () => {
    open('/product-details?productItemId=1', { 'GET /products/details': () => new Promise(() => {}) });
    expect(screen.getByRole('status', { name: 'Loading product' })).toBeTruthy();
  });

  it("answers a malformed parameter with 'Invalid URL params' and goes back to the product list", async () => {
    const calls = open('/product-details?productItemId=1&orderItemId=2', {});
    await expectErrorMessage(MESSAGES.invalidUrlParams);
    await waitFor(() => expect(currentLocation()).toBe('/product-list'));
    expect(calls.some((c) => c.path.startsWith('/products'))).toBe(false);
  });

  it("shows a failure's message, with Try again and the way back", async () => {
    let answers = 0;
    open('/product-details?productItemId=1', {
      'GET /products/details': () =>
        ++answers === 1 ? { status: 500, body: { message: 'The database is down.' } } : { body: answer() },
    });
    await expectErrorMessage('The database is down.');
    const panel = screen.getByTestId('product-details-error');
    expect(panel.textContent).toContain('This product could not be loaded');
    expect(within(panel).getByRole('link', { name: 'Back to Products' }).getAttribute('href')).toBe(
      '/product-list',
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('product-subcode')).toBeTruthy();
  });

  it('offers no Try again for a product that is not there (404)', async () => {
    open('/product-details?productItemId=1', {
      'GET /products/details': { status: 404, body: { message: 'Product not found.' } },
    });
    const panel = await screen.findByTestId('product-details-error');
    expect(within(panel).queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says when there is no product to show', async () => {
    open('/product-details?productItemId=1', { 'GET /products/details': { body: answer({ products: [] }) } });
    expect((await screen.findByTestId('product-details-empty')).textContent).toContain('No product to show');
  });

  it('asks for products of one kind at a time', async () => {
    const mixed = [productDetails(), productDetails({ productItemId: 3, productType: 'VARIABLE_DATA' })];
    open('/product-details?productItemId=1,3', {
      'GET /products/details': { body: answer({ products: mixed }) },
    });
    expect((await screen.findByTestId('product-type-unsupported')).textContent).toContain('Not available');
  });
});

describe('ordering a STANDARD product (ordering §2 Product details, §6)', () => {
  it('adds the sizes typed to the order and opens the cart', async () => {
    const calls = open('/product-details?productItemId=1', {
      'GET /products/details': { body: answer() },
      'POST /orders': { body: {} },
    });
    const add = await screen.findByTestId('add-to-order');
    expect(add.hasAttribute('disabled')).toBe(true);
    await userEvent.type(screen.getByLabelText('Quantity M'), '25');
    await userEvent.click(add);
    await expectSuccessMessage(MESSAGES.productAdded);
    await waitFor(() => expect(currentLocation()).toBe('/cart'));
    const posted = calls.filter((c) => c.method === 'POST');
    expect(posted).toHaveLength(1);
    expect(posted[0].body).toMatchObject({ productType: 'STANDARD', quantities: { '2': 25 } });
  });

  it('lets a role without a cart view the product but not order it', async () => {
    open('/product-details?productItemId=1', { 'GET /products/details': { body: answer() } }, 'CSR');
    expect(await screen.findByTestId('ordering-not-available')).toBeTruthy();
    expect(screen.queryByTestId('add-to-order')).toBeNull();
  });

  it('edits a cart line: its own title, Save Changes and the way back to the cart', async () => {
    const line = productDetails({ cartQuantity: 10 });
    open('/product-details?orderItemId=7', {
      'GET /products/edit-details/7': { body: answer({ products: [line] }) },
    });
    expect(await screen.findByRole('heading', { name: 'Edit Cart Item' })).toBeTruthy();
    expect(await screen.findByTestId('save-changes')).toBeTruthy();
    expect(screen.getByTestId('product-details-back').getAttribute('href')).toBe('/cart');
  });
});
