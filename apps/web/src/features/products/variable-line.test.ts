import { describe, expect, it } from 'vitest';
import { productDetails, sizeItem, ticketData } from '../../test/fixtures';
import {
  dynamicPayload,
  dynamicRows,
  formatTicketPrices,
  refreshedQuantities,
  rowsTotal,
  startQuantities,
  type TicketRow,
  variableDataPayload,
  variableDataRows,
} from './variable-line';

const limits = { minOrderQuantity: 100, packSize: 50 };
const row = (id: number, customerQuantity: number): TicketRow => ({
  id,
  data: ticketData({ size: `S${id}` }),
  customerQuantity,
  cartQuantity: 0,
});

describe('variable-data and dynamic rows (ordering §2 Product details)', () => {
  it('takes the uploaded rows of a VARIABLE_DATA product, leaving out items without a row', () => {
    const p = productDetails({
      productType: 'VARIABLE_DATA',
      items: [
        sizeItem({ productItemId: 9, variableDataRowId: 41, variableData: ticketData(), cartQuantity: 7 }),
        sizeItem({
          productItemId: 9,
          variableDataRowId: 42,
          variableData: ticketData(),
          defaultCustomerQuantity: 120,
        }),
        sizeItem({ productItemId: 9 }),
      ],
    });
    expect(
      variableDataRows(p).map(({ id, customerQuantity, cartQuantity }) => [
        id,
        customerQuantity,
        cartQuantity,
      ]),
    ).toEqual([
      [41, 0, 7],
      [42, 120, 0],
    ]);
  });

  it('takes the variants of a dynamic search as rows', () => {
    const data = ticketData();
    expect(dynamicRows([{ id: 3, dynamicData: data, customerQuantity: 12, cartQuantity: 4 }])).toEqual([
      { id: 3, data, customerQuantity: 12, cartQuantity: 4 },
    ]);
  });
});

describe('quantities (ordering §9 Refresh)', () => {
  it('starts each row at its customer quantity made orderable, or at the edited line quantity', () => {
    const rows = [row(1, 0), row(2, 101), row(3, 300)];
    expect(startQuantities(limits, rows)).toEqual({ 1: '100', 2: '150', 3: '300' });
    expect(startQuantities(limits, rows, new Map([[2, 250]]))).toEqual({ 1: '0', 2: '250', 3: '0' });
  });

  it('refreshes every row by units or by percent, then the minimum and whole packs', () => {
    const rows = [row(1, 200), row(2, 1000)];
    expect(refreshedQuantities(limits, rows, { by: 'UNIT', amount: 10 })).toEqual({ 1: '250', 2: '1050' });
    expect(refreshedQuantities(limits, rows, { by: 'PERCENT', amount: -50 })).toEqual({ 1: '100', 2: '500' });
  });

  it('counts the pieces of all rows', () => {
    expect(rowsTotal([row(1, 0), row(2, 0), row(3, 0)], { 1: '100', 2: '', 3: '50' })).toBe(150);
  });
});

describe('order-line payloads (ordering §3; decisions 0051, 0057)', () => {
  const rows = [row(1, 0), row(2, 0), row(3, 0)];
  const quantities = { 1: '100', 2: '0', 3: '50' };

  it('VARIABLE_DATA: the line total on the item, the pieces by row, rows at 0 left out', () => {
    expect(variableDataPayload(9, rows, quantities, { Fold: 'Centre' })).toEqual({
      productType: 'VARIABLE_DATA',
      quantities: { '9': 150 },
      rowQuantities: { '1': 100, '3': 50 },
      attributes: { Fold: 'Centre' },
    });
  });

  it('DYNAMIC: the search and the variants with a quantity', () => {
    const payload = dynamicPayload(9, { styleNumber: 'ST-1', poNumber: 'PO-1' }, rows, quantities);
    expect(payload).toEqual({
      productType: 'DYNAMIC',
      quantities: { '9': 150 },
      attributes: {},
      dynamicVariants: {
        styleNumber: 'ST-1',
        poNumber: 'PO-1',
        variants: [
          { id: 1, orderQuantity: 100, dynamicData: rows[0].data },
          { id: 3, orderQuantity: 50, dynamicData: rows[2].data },
        ],
      },
    });
  });
});

it('shows retail prices as a ticket prints them', () => {
  expect(
    formatTicketPrices([
      { currency: 'CAD', amount: '117.99' },
      { currency: 'USD', amount: '94.00' },
    ]),
  ).toBe('CAD 117.99 · USD 94.00');
});
