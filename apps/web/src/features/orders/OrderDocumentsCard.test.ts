import type { OrderDetails } from '@selvedge/shared';
import { describe, expect, it } from 'vitest';
import { generatedDocuments } from './OrderDocumentsCard';

/** An order as GET /orders/{id} answers it: only what the generated documents read. */
const orderOf = (fields: Partial<OrderDetails>) =>
  ({
    orderId: 9,
    orderStatus: 'PENDING',
    vendorPO: null,
    productionsPurchaseOrders: [],
    vendorPackingSlip: null,
    productionPackingSlips: [],
    ...fields,
  }) as OrderDetails;

describe('the generated documents of an order (ordering §3 Order, §7 Documents)', () => {
  it('has none for the cart', () => {
    expect(generatedDocuments(orderOf({}))).toEqual([]);
  });

  it('offers the Vendor PO of a placed order, a Production PO per factory and the packing slips once shipped', () => {
    const docs = generatedDocuments(
      orderOf({
        orderStatus: 'COMPLETE_AND_SHIPPED',
        vendorPO: 'V-77',
        productionsPurchaseOrders: [{ purchaseOrderId: 3, productionPO: 'P-3' }],
        vendorPackingSlip: 'VPS-1',
        productionPackingSlips: [{ packingSlipId: 5, productionPackingSlipNumber: 'PPS-5' }],
      } as Partial<OrderDetails>),
    );
    expect(docs.map(({ name, note, path }) => ({ name, note, path }))).toEqual([
      { name: 'Vendor PO', note: 'V-77', path: '/orders/9/vendor-po/' },
      { name: 'Production PO P-3', note: undefined, path: '/orders/9/production-po/3' },
      { name: 'Vendor Packing Slip VPS-1', note: undefined, path: '/orders/9/vendor-packing-slip/' },
      { name: 'Production Packing Slip PPS-5', note: undefined, path: '/orders/9/production-packing-slip/5' },
    ]);
  });
});
