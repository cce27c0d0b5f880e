/**
 * One order of the order list (ordering §2 Order list, §3 Order list entry): order number, status,
 * Cancelled and Finance Approved badges, company, customer, production region, vendor PO, order date,
 * production PO numbers, and the totals the role may see (present in the answer). The order number
 * is a real link stretched over the card: a click anywhere opens the order, a middle click or
 * Ctrl-click opens it in a new tab, Tab reaches it (decision 0016 Papercuts). The fields sit in columns
 * at least as wide as their longest label, so no label wraps (papercut 9).
 */
import { Anchor, Card } from '@mantine/core';
import type { OrderListEntry, Role } from '@selvedge/shared';
import { IconChevronRight } from '@tabler/icons-react';
import { lazy, memo, Suspense } from 'react';
import { Link } from 'react-router';
import { stretchedLink } from '../links/stretched-link';
import { Field } from './Field';
import { displayDate, displayTotal } from './format';
import { OrderBadges } from './OrderBadges';
import classes from './OrderCard.module.css';

/**
 * 'Download Data' shows only after two lookups have answered (OrderDownloads.tsx): its code (the
 * download buttons and their menus) loads meanwhile, not in the order list's first load (decision 0064).
 */
const OrderDataDownload = lazy(() =>
  import('./OrderDownloads').then((m) => ({ default: m.OrderDataDownload })),
);

/** Where an order opens. */
export const orderDetailsPath = (orderId: number) => `/order-details?orderId=${orderId}`;

/**
 * A card for one order; its order-number link covers the whole card. Memoised: the list's screen
 * renders again as its queries change state, an order of the answer does not change.
 */
export const OrderCard = memo(function OrderCard({
  order,
  role,
}: {
  order: OrderListEntry;
  role?: Role | null;
}) {
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
      className={`${stretchedLink.container} ${classes.card}`}
    >
      <div className={classes.head}>
        <div className={classes.title}>
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
        </div>
        <IconChevronRight
          size={18}
          color="var(--mantine-color-dimmed)"
          className={classes.chevron}
          aria-hidden
        />
      </div>
      <div className={classes.fields}>{fields}</div>
      {order.hasVariableData && (
        <Suspense fallback={null}>
          <OrderDataDownload orderId={order.orderId} customerId={order.customerId} role={role ?? null} />
        </Suspense>
      )}
    </Card>
  );
});
