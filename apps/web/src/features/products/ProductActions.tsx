/**
 * The actions under a product's summary on product details (ordering §2 Product details), the same
 * for every layout: 'Add to Order', or 'Save Changes' with Cancel back to the cart in edit mode; and
 * the note shown instead to a role that may view the product but not order it.
 */
import { Button, Group, Text } from '@mantine/core';
import { LABELS } from '@selvedge/shared';
import { IconDeviceFloppy, IconInfoCircle, IconShoppingCartPlus } from '@tabler/icons-react';
import { Link } from 'react-router';

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
