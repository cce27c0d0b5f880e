import { MESSAGES, type ProductDetailsResponse, type Role } from '@selvedge/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type StubRoutes, stubApi } from '../../test/api';
import { productDetails, sizeItem, ticketData } from '../../test/fixtures';
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

/** A VARIABLE_DATA product: PO-1 / ST-1 hang tickets, packs of 10, rows M Black (25 asked) and L Black (40). */
const ticketProduct = () =>
  productDetails({
    productItemId: 30,
    productSubcode: 'RT-PT-401',
    productType: 'VARIABLE_DATA',
    packSize: 10,
    poNumber: 'PO-1',
    styleNumber: 'ST-1',
    items: [
      sizeItem({
        productItemId: 30,
        productSize: 'M',
        variableDataRowId: 301,
        variableData: ticketData({ size: 'M' }),
        defaultCustomerQuantity: 25,
      }),
      sizeItem({
        productItemId: 30,
        productSize: 'L',
        variableDataRowId: 302,
        variableData: ticketData({ size: 'L' }),
        defaultCustomerQuantity: 40,
      }),
    ],
  });

const orderQuantity = (size: string) =>
  within(screen.getByTestId(`ticket-row-${size}-Black`)).getByTestId('order-quantity') as HTMLInputElement;

describe('ordering a VARIABLE_DATA product (ordering §2 Product details, §3, §9; decisions 0051, 0057)', () => {
  const vdAnswer = () => answer({ productType: 'VARIABLE_DATA', products: [ticketProduct()] });

  it("shows the PO's uploaded rows, each order quantity starting at its customer quantity in whole packs, and adds them by row", async () => {
    const calls = open('/product-details?productItemId=30', {
      'GET /products/details': { body: vdAnswer() },
      'POST /orders': { body: {} },
    });
    expect((await screen.findByTestId('ticket-po')).textContent).toBe('PO Number PO-1');
    expect(orderQuantity('M').value).toBe('30');
    expect(orderQuantity('L').value).toBe('40');
    await userEvent.clear(orderQuantity('L'));
    await userEvent.type(orderQuantity('L'), '0');
    await userEvent.click(screen.getByTestId('add-to-order'));
    await expectSuccessMessage(MESSAGES.productAdded);
    const posted = calls.filter((c) => c.method === 'POST');
    expect(posted[0]?.body).toEqual({
      productType: 'VARIABLE_DATA',
      quantities: { '30': 30 },
      rowQuantities: { '301': 30 },
      attributes: {},
    });
  });

  it('lets a vendor adjust every row by a percent of its customer quantity (Refresh)', async () => {
    open('/product-details?productItemId=30', { 'GET /products/details': { body: vdAnswer() } });
    await userEvent.click(await screen.findByTestId('adjust-quantity'));
    await userEvent.clear(screen.getByTestId('adjust-amount'));
    await userEvent.type(screen.getByTestId('adjust-amount'), '50');
    await userEvent.click(screen.getByTestId('refresh-quantities'));
    // 25 + 50 % = 37.5 → 38 → packs of 10: 40; 40 + 50 % = 60.
    expect(orderQuantity('M').value).toBe('40');
    expect(orderQuantity('L').value).toBe('60');
  });

  it('offers the adjustment to a vendor only', async () => {
    open('/product-details?productItemId=30', { 'GET /products/details': { body: vdAnswer() } }, 'ACCOUNT');
    await screen.findByTestId('ticket-po');
    expect(screen.queryByTestId('adjust-quantity')).toBeNull();
  });
});

describe('ordering a DYNAMIC product (ordering §2 Product details, §5 Dynamic search)', () => {
  const dynamic = productDetails({
    productItemId: 40,
    productSubcode: 'DN-HT-1',
    productType: 'DYNAMIC',
    items: [sizeItem({ productItemId: 40, productSize: 'DYNAMIC' })],
  });
  const dynamicAnswer = answer({ productType: 'DYNAMIC', products: [dynamic] });
  const SEARCH = 'GET /products/variable-data/dynamic/40';
  const variants = [
    { id: 501, dynamicData: ticketData({ size: 'M' }), customerQuantity: 12, cartQuantity: 0 },
    { id: 502, dynamicData: ticketData({ size: 'L' }), customerQuantity: 8, cartQuantity: 0 },
  ];

  it('asks for both numbers before it searches', async () => {
    const calls = open('/product-details?productItemId=40', {
      'GET /products/details': { body: dynamicAnswer },
    });
    await userEvent.type(await screen.findByTestId('dynamic-style-number'), 'ST-1{Enter}');
    expect((await screen.findByTestId('dynamic-search-note')).textContent).toBe(
      MESSAGES.dynamicSearchRequired,
    );
    expect(calls.filter((c) => c.path.startsWith('/products/variable-data/dynamic'))).toEqual([]);
  });

  it('says when the search finds nothing', async () => {
    open('/product-details?productItemId=40', {
      'GET /products/details': { body: dynamicAnswer },
      [SEARCH]: { body: { variants: [] } },
    });
    await userEvent.type(await screen.findByTestId('dynamic-style-number'), 'ST-9');
    await userEvent.type(screen.getByTestId('dynamic-po-number'), 'PO-9{Enter}');
    expect((await screen.findByTestId('dynamic-search-note')).textContent).toBe(MESSAGES.noDynamicData);
  });

  it('loads the variants found, clears every quantity on request, and adds the ones typed with the search', async () => {
    const calls = open('/product-details?productItemId=40', {
      'GET /products/details': { body: dynamicAnswer },
      [SEARCH]: { body: { variants } },
      'POST /orders': { body: {} },
    });
    await userEvent.type(await screen.findByTestId('dynamic-style-number'), 'ST-1');
    await userEvent.type(screen.getByTestId('dynamic-po-number'), 'PO-1{Enter}');
    expect(await screen.findByTestId('ticket-row-M-Black')).toBeTruthy();
    expect(calls.find((c) => c.path.startsWith('/products/variable-data/dynamic'))?.path).toBe(
      '/products/variable-data/dynamic/40?styleNumber=ST-1&poNumber=PO-1',
    );
    expect(orderQuantity('M').value).toBe('12');
    await userEvent.click(screen.getByTestId('clear-quantities'));
    expect(orderQuantity('M').value).toBe('0');
    expect(screen.getByTestId('add-to-order').hasAttribute('disabled')).toBe(true);
    await userEvent.clear(orderQuantity('L'));
    await userEvent.type(orderQuantity('L'), '5');
    await userEvent.click(screen.getByTestId('add-to-order'));
    await expectSuccessMessage(MESSAGES.productAdded);
    expect(calls.filter((c) => c.method === 'POST')[0]?.body).toEqual({
      productType: 'DYNAMIC',
      quantities: { '40': 5 },
      attributes: {},
      dynamicVariants: {
        styleNumber: 'ST-1',
        poNumber: 'PO-1',
        variants: [{ id: 502, orderQuantity: 5, dynamicData: ticketData({ size: 'L' }) }],
      },
    });
  });
});
