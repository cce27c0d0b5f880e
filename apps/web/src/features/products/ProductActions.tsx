/**
 * The actions under a product's summary on product details (ordering §2 Product details), the same
 * for every layout: 'Add to Order', or 'Save Changes' with Cancel back to the cart in edit mode; and
 * the note shown instead to a role that may view the product but not order it; the summary and
 * actions under several products; and what 'Add to Order' and 'Save Changes' send.
 */
import { Button, Group, Paper, Text } from '@mantine/core';
import { LABELS, MESSAGES, type OrderLinePayload } from '@selvedge/shared';
import { IconDeviceFloppy, IconInfoCircle, IconShoppingCartPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAddOrderLineMutation, useUpdateOrderLineMutation } from '../../api/products';
import { showSuccess } from '../../ui/messages';
import { formatCount } from './product-line';

/** Add to Order (or Save Changes and Cancel when `editing`); disabled while nothing is ordered. */
export function ProductActions({
  editing,
  busy,
  disabled,
  onSubmit,
}: {
  editing: boolean;
  busy: boolean;
  disabled: boolean;
  onSubmit: () => void;
}) {
  return (
    <Group gap="sm" mt="md" grow={!editing} justify="flex-end" wrap="wrap">
      {editing && (
        <Button component={Link} to="/cart" variant="default" data-testid="cancel-edit">
          Cancel
        </Button>
      )}
      <Button
        onClick={onSubmit}
        disabled={disabled}
        loading={busy}
        leftSection={editing ? <IconDeviceFloppy size={18} /> : <IconShoppingCartPlus size={18} />}
        data-testid={editing ? 'save-changes' : 'add-to-order'}
      >
        {editing ? LABELS.saveChanges : LABELS.addToOrder}
      </Button>
    </Group>
  );
}

/** Shown instead of the actions to a role that may view the product but not order it. */
export function ViewOnlyNote() {
  return (
    <Group gap="xs" mt="md" c="dimmed" wrap="nowrap" align="flex-start" data-testid="ordering-not-available">
      <IconInfoCircle size={16} style={{ flexShrink: 0, marginTop: 2 }} />
      <Text size="sm">Your role can view this product but cannot order it.</Text>
    </Group>
  );
}

/**
 * Under a details answer of several products: how many products have a quantity and their pieces
 * (`ordered` products, `pieces` in all), and the actions for all of them.
 */
export function SeveralProductsActions({
  ordered,
  pieces,
  children,
}: {
  ordered: number;
  pieces: number;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid="product-actions">
      <Group justify="space-between" align="center" wrap="wrap">
        <Text size="sm" c="dimmed">
          {ordered === 0
            ? 'Enter quantities to add these products to your order.'
            : `${ordered} ${ordered === 1 ? 'product' : 'products'}, ${formatCount(pieces)} pieces`}
        </Text>
        {children}
      </Group>
    </Paper>
  );
}

/** One cart line to send, keyed by the product it comes from. */
export interface OrderLineToSend<K> {
  key: K;
  payload: OrderLinePayload;
}

/**
 * 'Add to Order' and 'Save Changes' (ordering §2 Product details, §8 Success messages). With an
 * `orderItemId` (edit mode) `submit` saves the first line over that cart line (PUT /orders);
 * otherwise it adds the lines one by one (POST /orders). Either way 'Product updated' or 'Product
 * added' follows and the cart opens. A refusal shows as a red message (global handler) and the
 * screen stays; when lines were added before the refusal, `onPartlyAdded` is told their keys.
 * `busy` is true while the calls run.
 */
export function useOrderLineSubmit(orderItemId: number | undefined) {
  const navigate = useNavigate();
  const add = useAddOrderLineMutation();
  const update = useUpdateOrderLineMutation();
  const [busy, setBusy] = useState(false);

  const submit = async <K,>(
    lines: readonly OrderLineToSend<K>[],
    onPartlyAdded?: (added: K[]) => void,
  ): Promise<void> => {
    setBusy(true);
    try {
      if (orderItemId !== undefined) {
        await update.mutateAsync({ ...lines[0].payload, orderItemId });
        showSuccess(MESSAGES.productUpdated);
        void navigate('/cart');
        return;
      }
      const added: K[] = [];
      for (const line of lines) {
        try {
          await add.mutateAsync(line.payload);
          added.push(line.key);
        } catch {
          if (added.length > 0) onPartlyAdded?.(added);
          return;
        }
      }
      showSuccess(MESSAGES.productAdded);
      void navigate('/cart');
    } catch {
      // Save Changes refused: the red message is shown by the global handler; the input stays.
    } finally {
      setBusy(false);
    }
  };

  return { busy, submit };
}
