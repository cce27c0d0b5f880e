/**
 * The two fields of order details that staff edit in place (ordering §3 estimatedCompletionDate,
 * invoiceNumber; §5 'The estimated completion date cannot be earlier than today'; §6 Capabilities
 * and Visibility; §7 POST /orders/completion-date, PUT /orders/invoice-number; §8 'Invoice number or
 * completion date save failure: the generic error').
 *
 * Each is an input only when the server lists its action ('setEstimatedCompletionDate',
 * 'setInvoiceNumber') in `order.actions`, read-only text otherwise. A field saves when it loses
 * focus and on Enter, only when its value changed; a failed save shows the generic error and keeps
 * what the user typed. While a field holds unsaved typing, live updates do not refresh the order
 * under it (docs/decisions/0068: the notice offers Reload).
 */
import { TextInput } from '@mantine/core';
import {
  MESSAGES,
  ORDER_TEXT_LIMITS,
  type OrderActionResponse,
  type OrderDetails,
  OVERLAYS,
} from '@selvedge/shared';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useOrderEditing } from '../../api/live-state';
import { setEstimatedCompletionDate, setInvoiceNumber, useOrderCommand } from '../../api/orders';
import { DateField } from '../../ui/DateField';
import { Field, FieldLabel } from './Field';
import { displayDate } from './format';

/** Saves one field of the order: 'Saving...' overlay, success message, generic error on failure. */
function useFieldSave(orderId: number) {
  const { run } = useOrderCommand(orderId);
  return (call: () => Promise<OrderActionResponse>) =>
    run({ overlay: OVERLAYS.saving, failureMessage: MESSAGES.unexpectedError, call });
}

const ESTIMATED_COMPLETION_DATE = 'Estimated Completion Date';
const INVOICE_NUMBER = 'Invoice Number';

/** Estimated Completion Date: a date input (not before today) for the roles that manage it, else text. */
export function EstimatedCompletionDateField({ order }: { order: OrderDetails }) {
  const save = useFieldSave(order.orderId);
  const [error, setError] = useState<string | null>(null);
  const saved = order.estimatedCompletionDate;
  // Unsaved typing: live updates leave this order's page alone and offer a reload (docs/decisions/0068).
  const [dirty, setDirty] = useState(false);
  useOrderEditing(order.orderId, dirty);

  if (!order.actions.includes('setEstimatedCompletionDate'))
    return (
      <Field
        label={ESTIMATED_COMPLETION_DATE}
        value={displayDate(saved)}
        testId="order-estimated-completion-date"
      />
    );

  const today = dayjs().format('YYYY-MM-DD');
  const commit = (value: string | null) => {
    // The date cannot be cleared (the call takes a date): an emptied field shows the saved one again.
    if (value === null || value === saved) return setError(null);
    if (value < today) return setError(MESSAGES.completionDateTooEarly);
    setError(null);
    void save(() => setEstimatedCompletionDate({ orderId: order.orderId, estimatedCompletionDate: value }));
  };

  return (
    <DateField
      label={<FieldLabel>{ESTIMATED_COMPLETION_DATE}</FieldLabel>}
      aria-label={ESTIMATED_COMPLETION_DATE}
      size="xs"
      value={saved}
      onCommit={commit}
      minDate={today}
      allowEmpty={false}
      error={error}
      onDraftChange={setDirty}
      data-testid="order-estimated-completion-date-input"
    />
  );
}

/** Invoice Number: a text input for the invoice roles until shipped, else text. */
export function InvoiceNumberField({ order }: { order: OrderDetails }) {
  const save = useFieldSave(order.orderId);
  const saved = order.invoiceNumber ?? '';
  const [draft, setDraft] = useState(saved);
  // A new saved value (loaded or saved) replaces the draft; a failed save leaves the typed text.
  useEffect(() => setDraft(saved), [saved]);
  // Unsaved typing: live updates leave this order's page alone and offer a reload (docs/decisions/0068).
  const dirty = draft.trim() !== saved;
  useOrderEditing(order.orderId, dirty);

  if (!order.actions.includes('setInvoiceNumber'))
    return <Field label={INVOICE_NUMBER} value={order.invoiceNumber} testId="order-invoice-number" />;

  const commit = () => {
    const invoiceNumber = draft.trim();
    if (invoiceNumber === saved) return;
    void save(() => setInvoiceNumber({ orderId: order.orderId, invoiceNumber }));
  };

  return (
    <TextInput
      label={<FieldLabel>{INVOICE_NUMBER}</FieldLabel>}
      aria-label={INVOICE_NUMBER}
      size="xs"
      value={draft}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur();
      }}
      maxLength={ORDER_TEXT_LIMITS.invoiceNumber}
      placeholder="Enter the invoice number"
      data-testid="order-invoice-number-input"
    />
  );
}
