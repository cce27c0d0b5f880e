/**
 * The actions bar of order details (ordering §4 Order actions, §6 Capabilities, §8 overlays and
 * success messages): exactly the buttons the server lists in `order.actions` — the state machine
 * decided them for this user — except the field actions, labelled with ORDER_ACTION_RULES. Each
 * click runs through `useOrderCommand`; Cancel Order asks 'Are you sure you want to cancel this
 * order?' first, and Ship & Complete (which cannot be undone either) asks too. While a call runs every button is disabled.
 */
import { Button, Group, Paper, Text } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { MESSAGES, ORDER_ACTION_RULES, type OrderDetails } from '@selvedge/shared';
import {
  isButtonAction,
  ORDER_ACTION_CALLS,
  type OrderButtonAction,
  takeOrderAction,
  useOrderCommand,
} from '../../api/orders';

/** Button colour per action: cancelling is red, approving green, the rest the theme's. */
const ACTION_STYLE: Partial<Record<OrderButtonAction, { color?: string; variant?: string }>> = {
  approveFinance: { color: 'teal' },
  cancel: { color: 'red', variant: 'outline' },
};

/**
 * Actions that cannot be undone ask first (Cancel Order as the spec says, Ship & Complete too:
 * it cannot be undone either): the question, the confirm button and its colour, the test id prefix.
 */
const CONFIRMED_ACTIONS: Partial<
  Record<OrderButtonAction, { message: string; confirmLabel: string; color: string; testId: string }>
> = {
  cancel: {
    message: MESSAGES.confirmCancelOrder,
    confirmLabel: 'Yes, cancel the order',
    color: 'red',
    testId: 'cancel-order',
  },
  shipAndComplete: {
    message: MESSAGES.confirmShipAndComplete,
    confirmLabel: 'Yes, ship and complete',
    color: 'blue',
    testId: 'ship-complete',
  },
};

/**
 * While the order waits for reviews, a reviewer who may still review an item sees why Submit
 * Reviews is not offered yet (the server lists it only once every artwork is reviewed).
 */
function reviewHint(order: OrderDetails): string | null {
  if (order.orderStatus !== 'NEEDS_ART_APPROVAL' || order.actions.includes('submitReviews')) return null;
  const reviewable = order.orderItems.some((i) => i.artwork?.actions.includes('review'));
  return reviewable ? 'Approve or reject every artwork, then submit the reviews.' : null;
}

/** The order's action buttons (nothing when the user may take none). */
export function OrderActionsBar({ order }: { order: OrderDetails }) {
  const { run, busy } = useOrderCommand(order.orderId);
  const actions = order.actions.filter(isButtonAction);
  const hint = reviewHint(order);
  if (actions.length === 0 && !hint) return null;

  const take = (action: OrderButtonAction) =>
    void run({
      overlay: ORDER_ACTION_CALLS[action].overlay,
      call: () => takeOrderAction(action, order.orderId),
    });

  const click = (action: OrderButtonAction) => {
    const confirm = CONFIRMED_ACTIONS[action];
    if (!confirm) return take(action);
    openConfirmModal({
      title: ORDER_ACTION_RULES[action].label,
      centered: true,
      children: <Text size="sm">{confirm.message}</Text>,
      labels: { confirm: confirm.confirmLabel, cancel: 'No' },
      confirmProps: {
        color: confirm.color,
        'data-testid': `${confirm.testId}-confirm`,
        'data-autofocus': true,
      } as Record<string, unknown>,
      cancelProps: { 'data-testid': `${confirm.testId}-dismiss` } as Record<string, unknown>,
      onConfirm: () => take(action),
    });
  };

  return (
    <Paper withBorder radius="md" px="md" py="sm" data-testid="order-actions-bar">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap" role="toolbar" aria-label="Order actions" data-testid="order-actions">
          {actions.map((action) => (
            <Button
              key={action}
              onClick={() => click(action)}
              disabled={busy}
              color={ACTION_STYLE[action]?.color}
              variant={ACTION_STYLE[action]?.variant ?? 'filled'}
              data-testid={`order-action-${action}`}
            >
              {ORDER_ACTION_RULES[action].label}
            </Button>
          ))}
        </Group>
        {hint && (
          <Text size="sm" c="dimmed" data-testid="order-actions-hint">
            {hint}
          </Text>
        )}
      </Group>
    </Paper>
  );
}
