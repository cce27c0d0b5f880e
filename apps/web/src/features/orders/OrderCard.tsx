/**
 * One order of the order list (ordering §2 Order list, §3 Order list entry): order number, status,
 * Cancelled and Finance Approved badges, company, customer, production region, vendor PO, order date,
 * production PO numbers, and the totals the role may see (present in the answer). The order number
 * is a real link stretched over the card: a click anywhere opens the order, a middle click or
 * Ctrl-click opens it in a new tab, Tab reaches it (issue 9 papercut 10). The fields sit in columns
 * at least as wide as their longest label, so no label wraps (papercut 9).
 */
import { Anchor, Box, Card, Group } from '@mantine/core';
import type { OrderListEntry } from '@selvedge/shared';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { stretchedLink } from '../links/stretched-link';
import { Field } from './Field';
import { displayDate, displayTotal } from './format';
import { OrderBadges } from './OrderBadges';

/** Where an order opens. */
export const orderDetailsPath = (orderId: number) => `/order-details?orderId=${orderId}`;

/** Narrowest column of a card's fields: the width of 'PRODUCTION REGION' (132px) and a little room. */
const FIELD_MIN_WIDTH = 145;

/** A card for one order; its order-number link covers the whole card. */
export function OrderCard({ order }: { order: OrderListEntry }) {
  const to = orderDetailsPath(order.orderId);
  const fields = [
    <Field key="company" label="Company" value={order.company} />,
    <Field key="customer" label="Customer" value={order.customer} />,
    <Field key="region" label="Production Region" value={order.productionRegion} />,
    <Field key="vendorPO" label="Vendor PO" value={order.vendorPO} />,
    <Field key="date" label="Order Date" value={displayDate(order.orderDate)} testId="order-card-date" />,
  ];
  if (order.productionPONumbers?.length) {
    fields.push(
      <Field key="productionPO" label="Production PO" value={order.productionPONumbers.join(', ')} />,
    );
  }
  if (order.totalPrice) {
    fields.push(
      <Field
        key="price"
        label="Total Price"
        value={displayTotal(order.totalPrice)}
        testId="order-card-total-price"
      />,
    );
  }
  if (order.totalCost) {
    fields.push(
      <Field
        key="cost"
        label="Total Cost"
        value={displayTotal(order.totalCost)}
        testId="order-card-total-cost"
      />,
    );
  }
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid={`order-card-${order.orderId}`}
      data-order-card={order.orderNumber}
      aria-label={`Order ${order.orderNumber}`}
      component="article"
      className={stretchedLink.container}
    >
      <Group justify="space-between" wrap="nowrap" align="center" gap="sm">
        <Group gap="sm" wrap="wrap" align="center">
          <Anchor
            component={Link}
            to={to}
            fw={700}
            fz="lg"
            className={stretchedLink.link}
            data-testid="order-card-link"
          >
            Order #{order.orderNumber}
          </Anchor>
          <OrderBadges order={order} size="sm" />
        </Group>
        <IconChevronRight size={18} color="var(--mantine-color-dimmed)" aria-hidden />
      </Group>
      <Box
        mt="sm"
        style={{
          display: 'grid',
          gridTemplateColumns: `repeat(auto-fill, minmax(${FIELD_MIN_WIDTH}px, 1fr))`,
          gap: 'var(--mantine-spacing-xs) var(--mantine-spacing-md)',
        }}
      >
        {fields}
      </Box>
    </Card>
  );
}
