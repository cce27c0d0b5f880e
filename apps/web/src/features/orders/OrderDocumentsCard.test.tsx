import type { OrderDetails, Role } from '@selvedge/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderDetails } from '../../test/answers';
import { stubApi } from '../../test/api';
import { renderScreen } from '../../test/screen';
import { generatedDocuments, OrderDocumentsCard } from './OrderDocumentsCard';

afterEach(() => vi.unstubAllGlobals());

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

/** The card of `order` (a placed order with the answer's other fields) as `role` sees it. */
function showCard(order: Partial<OrderDetails>, role: Role) {
  stubApi({});
  renderScreen(<OrderDocumentsCard order={orderDetails({ orderId: 9, ...order })} />, {
    route: '/order-details?orderId=9',
    role,
  });
}

const section = (testId: string) => screen.getByTestId(testId);

describe('the Documents card (ordering §2 Order details, §6 Visibility, §7 Documents)', () => {
  it('lists the related and shipping documents with a download each, and the upload when the server allows it', () => {
    showCard(
      {
        relatedDocs: [{ documentId: 4, name: 'spec.pdf' }],
        shippingDocs: [{ documentId: 5, name: 'waybill.pdf' }],
        actions: ['uploadShippingDocument'],
      } as Partial<OrderDetails>,
      'ADMIN',
    );
    expect(within(section('order-related-docs')).getByText('spec.pdf')).toBeTruthy();
    expect(within(section('order-shipping-docs')).getByText('waybill.pdf')).toBeTruthy();
    expect(
      within(section('order-shipping-docs')).getByRole('button', { name: 'Upload Shipping Document' }),
    ).toBeTruthy();
    expect(screen.queryByTestId('order-shipping-upload')).toBeNull();
  });

  it('gives a role that may upload but not see shipping documents (CSR) the upload alone', () => {
    showCard({ relatedDocs: [], shippingDocs: undefined, actions: ['uploadShippingDocument'] }, 'CSR');
    expect(screen.queryByTestId('order-shipping-docs')).toBeNull();
    expect(
      within(section('order-shipping-upload')).getByRole('button', { name: 'Upload Shipping Document' }),
    ).toBeTruthy();
  });

  it('shows shipping documents without an upload when the server lists no such action, and None for an empty list', () => {
    showCard(
      {
        relatedDocs: [],
        shippingDocs: [{ documentId: 5, name: 'waybill.pdf' }],
        actions: [],
      } as Partial<OrderDetails>,
      'VENDOR',
    );
    expect(within(section('order-related-docs')).getByText('None')).toBeTruthy();
    expect(
      within(section('order-shipping-docs')).queryByRole('button', { name: 'Upload Shipping Document' }),
    ).toBeNull();
    expect(screen.queryByTestId('order-shipping-upload')).toBeNull();
  });

  it('offers the generated Vendor PO of a placed order', () => {
    showCard({ orderStatus: 'NEEDS_ART_APPROVAL', vendorPO: 'V-77', relatedDocs: [], actions: [] }, 'VENDOR');
    expect(within(section('order-generated-docs')).getByText('Vendor PO')).toBeTruthy();
  });
});
