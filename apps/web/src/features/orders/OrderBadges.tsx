/** Status, Cancelled and Finance Approved badges of an order (ordering §4 Order status). */
import { Badge, Group, type MantineSize } from '@mantine/core';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@selvedge/shared';

/** Badge colour of each status along the order's life. */
const STATUS_COLORS: Record<OrderStatus, string> = {
  PENDING: 'gray',
  NEEDS_ARTWORK: 'yellow',
  NEEDS_ART_APPROVAL: 'orange',
  PRODUCTION_READY: 'cyan',
  PRODUCTION_CONFIRMED: 'blue',
  READY_TO_SHIP: 'indigo',
  COMPLETE_AND_SHIPPED: 'green',
};

/** The order status as its label (ORDER_STATUS_LABELS). */
export function OrderStatusBadge({
  status,
  size = 'md',
  testId = 'order-status',
}: {
  status: OrderStatus;
  size?: MantineSize;
  testId?: string;
}) {
  return (
    <Badge
      color={STATUS_COLORS[status]}
      variant="light"
      size={size}
      data-testid={testId}
      data-status={status}
    >
      {ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Status badge plus Cancelled (when cancelled) and, optionally, Finance Approved (when approved). */
export function OrderBadges({
  order,
  size = 'md',
  showFinance = true,
}: {
  order: { orderStatus: OrderStatus; cancelled: boolean; financeApproval: boolean };
  size?: MantineSize;
  showFinance?: boolean;
}) {
  return (
    <Group gap={6} wrap="wrap">
      <OrderStatusBadge status={order.orderStatus} size={size} />
      {order.cancelled && (
        <Badge color="red" variant="filled" size={size} data-testid="order-cancelled">
          Cancelled
        </Badge>
      )}
      {showFinance && order.financeApproval && (
        <Badge color="teal" variant="outline" size={size} data-testid="order-finance-approved">
          Finance Approved
        </Badge>
      )}
    </Group>
  );
}
