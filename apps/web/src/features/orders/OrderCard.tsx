/**
 * One order of the order list (ordering §2 Order list, §3 Order list entry): order number (opens the
 * order), status, Cancelled and Finance Approved badges, company, customer, production region, vendor
 * PO, order date, production PO numbers, and the totals the role may see (present in the answer).
 */
import { Anchor, Card, Group, SimpleGrid } from '@mantine/core';
import type { OrderListEntry } from '@selvedge/shared';
import { IconChevronRight } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { Field } from './Field';
import { displayDate, displayTotal } from './format';
import { OrderBadges } from './OrderBadges';

/** Where an order opens. */
export const orderDetailsPath = (orderId: number) => `/order-details?orderId=${orderId}`;

/** A card for one order; the whole card opens the order, the order number is its link. */
export function OrderCard({ order }: { order: OrderListEntry }) {
  const navigate = useNavigate();
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
      onClick={(event) => {
        // Text being selected is not a click on the card.
        if (window.getSelection()?.toString()) return;
        if ((event.target as HTMLElement).closest('a')) return;
        void navigate(to);
      }}
      style={{ cursor: 'pointer' }}
      aria-label={`Order ${order.orderNumber}`}
      component="article"
    >
      <Group justify="space-between" wrap="nowrap" align="center" gap="sm">
        <Group gap="sm" wrap="wrap" align="center">
          <Anchor component={Link} to={to} fw={700} fz="lg" data-testid="order-card-link">
            Order #{order.orderNumber}
          </Anchor>
          <OrderBadges order={order} size="sm" />
        </Group>
        <IconChevronRight size={18} color="var(--mantine-color-dimmed)" aria-hidden />
      </Group>
      <SimpleGrid
        cols={{ base: 2, sm: 4, md: Math.min(fields.length, 7) }}
        spacing="md"
        verticalSpacing="xs"
        mt="sm"
      >
        {fields}
      </SimpleGrid>
    </Card>
  );
}
