/**
 * The Reload hold of order details (docs/decisions/0068): while the estimated completion date or the
 * invoice number holds unsaved typing, a live update of the order leaves its details alone (the
 * notice offers Reload); once the typing is gone, the details refresh again.
 */
import type { LiveEvent, OrderDetails } from '@selvedge/shared';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent } from '../../api/events';
import { isOrderEditing } from '../../api/live-state';
import { daysFromToday, orderDetails } from '../../test/answers';
import { renderWithProviders, testQueryClient } from '../../test/render';
import { EstimatedCompletionDateField, InvoiceNumberField } from './OrderEditableFields';

const changed: LiveEvent = {
  id: 'e',
  kind: 'order',
  orderId: 7,
  change: 'approveFinance',
  status: 'READY_TO_SHIP',
  actor: { email: 'finance@example.com', role: 'FINANCE' },
};

const editable = (overrides: Partial<OrderDetails>) =>
  orderDetails({ actions: ['setEstimatedCompletionDate', 'setInvoiceNumber'], ...overrides });

describe('the Reload hold of order details', () => {
  it('holds the order back while the estimated completion date has unsaved typing, half-typed too', async () => {
    const client = testQueryClient();
    renderWithProviders(
      <EstimatedCompletionDateField order={editable({ estimatedCompletionDate: daysFromToday(10) })} />,
      {
        client,
      },
    );
    const input = screen.getByTestId('order-estimated-completion-date-input');
    expect(isOrderEditing(7)).toBe(false);
    await userEvent.clear(input);
    await userEvent.type(input, '05-De');
    expect(isOrderEditing(7)).toBe(true);
    expect(applyLiveEvent(client, changed).heldBack).toBe(true);
    // Leaving the field without a whole date brings the saved date back: nothing is held any more.
    fireEvent.blur(input);
    expect(isOrderEditing(7)).toBe(false);
    expect(applyLiveEvent(client, changed).heldBack).toBe(false);
  });

  it('holds the order back while the invoice number has unsaved typing', async () => {
    const client = testQueryClient();
    renderWithProviders(<InvoiceNumberField order={editable({ invoiceNumber: 'INV-1' })} />, { client });
    const input = screen.getByTestId('order-invoice-number-input');
    await userEvent.type(input, '2');
    expect(applyLiveEvent(client, changed).heldBack).toBe(true);
    await userEvent.type(input, '{Backspace}');
    expect(applyLiveEvent(client, changed).heldBack).toBe(false);
  });
});
