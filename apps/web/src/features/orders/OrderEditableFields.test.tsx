import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isOrderEditing } from '../../api/live-state';
import { orderDetails } from '../../test/answers';
import { stubApi } from '../../test/api';
import { renderScreen } from '../../test/screen';
import { EstimatedCompletionDateField, InvoiceNumberField } from './OrderEditableFields';

afterEach(() => vi.unstubAllGlobals());

const order = orderDetails({
  orderId: 9,
  orderStatus: 'PRODUCTION_READY',
  estimatedCompletionDate: '2099-01-15',
  invoiceNumber: 'INV-1',
  actions: ['setEstimatedCompletionDate', 'setInvoiceNumber'],
});

function show() {
  stubApi({});
  renderScreen(
    <>
      <EstimatedCompletionDateField order={order} />
      <InvoiceNumberField order={order} />
    </>,
    { route: '/order-details?orderId=9', role: 'FINANCE' },
  );
}

describe('the fields edited in place hold live updates back while in use (docs/decisions/0068)', () => {
  it('holds the order while the user is in the estimated completion date, and lets go when they leave it', async () => {
    show();
    expect(isOrderEditing(9)).toBe(false);
    await userEvent.click(screen.getByTestId('order-estimated-completion-date-input'));
    expect(isOrderEditing(9)).toBe(true);
    await userEvent.keyboard('{Escape}');
    await userEvent.tab();
    await userEvent.tab();
    expect(isOrderEditing(9)).toBe(false);
  });

  it('holds the order while the invoice number has unsaved typing, and lets go when it is back as saved', async () => {
    show();
    const invoice = screen.getByTestId('order-invoice-number-input');
    await userEvent.type(invoice, '-2');
    expect(isOrderEditing(9)).toBe(true);
    await userEvent.type(invoice, '{Backspace}{Backspace}');
    expect(isOrderEditing(9)).toBe(false);
  });
});
