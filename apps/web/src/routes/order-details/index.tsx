/**
 * Order Details screen (/order-details?orderId=…; ordering §2 Order details, §3 Order, §4, §6
 * Visibility, §8): GET /orders/{id}, then the status tracker, the actions bar (the buttons the
 * server lists in `actions`), header details with the editable Estimated Completion Date and Invoice
 * Number, shipping, payment (billing; only when the answer carries totalPrice), totals (the one
 * place of Total Price), documents, the items (Needs Action / All) with their artwork panels, charges
 * and logs (only when the answer has them). What the answer leaves out for the role is not shown.
 * The cart roles get 'Order Again' (docs/decisions/0016).
 *
 * A missing or malformed orderId shows 'Invalid URL params' and returns to the order list; a load
 * failure (404…) shows its message and returns home.
 */
import { Badge, Button, Grid, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { canAccessRoute, MESSAGES, type OrderDetails } from '@selvedge/shared';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { useOrderDetailsQuery } from '../../api/orders';
import { ChargesTable } from '../../features/orders/ChargesTable';
import { Field } from '../../features/orders/Field';
import { displayDate, displayTotal } from '../../features/orders/format';
import { OrderActionsBar } from '../../features/orders/OrderActionsBar';
import { OrderAgainButton } from '../../features/orders/OrderAgain';
import { OrderStatusBadge } from '../../features/orders/OrderBadges';
import { OrderDocumentsCard } from '../../features/orders/OrderDocumentsCard';
import { OrderCsvDownload, OrderDataDownload } from '../../features/orders/OrderDownloads';
import { EstimatedCompletionDateField, InvoiceNumberField } from '../../features/orders/OrderEditableFields';
import { OrderItems } from '../../features/orders/OrderItems';
import { OrderLogs } from '../../features/orders/OrderLogs';
import { OrderRfid } from '../../features/orders/OrderRfid';
import { OrderStatusTracker } from '../../features/orders/OrderStatusTracker';
import { MAX_ORDER_NUMBER } from '../../features/orders/order-search';
import { Section } from '../../features/orders/Section';
import { useSession } from '../../features/session/use-session';
import { showApiError, showError } from '../../ui/messages';

/** The orderId of the query string, or null when missing or not a valid order number. */
export function parseOrderId(value: string | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_ORDER_NUMBER ? id : null;
}

function HeaderDetails({ order }: { order: OrderDetails }) {
  const productionPOs = order.productionsPurchaseOrders.map((p) => p.productionPO);
  return (
    <Section title="Order Details" testId="order-header">
      <SimpleGrid cols={{ base: 2, lg: 3 }} spacing="md" verticalSpacing="md">
        <Field label="Company" value={order.company} testId="order-company" />
        <Field label="Customer" value={order.customer} testId="order-customer" />
        <Field label="Production Region" value={order.productionRegion} testId="order-production-region" />
        <Field label="Order Date" value={displayDate(order.orderDate)} testId="order-date" />
        <Field
          label="Date Requested"
          value={displayDate(order.dateRequested)}
          testId="order-date-requested"
        />
        <EstimatedCompletionDateField order={order} />
        <Field
          label="Ship & Complete Date"
          value={displayDate(order.shipAndCompleteDate)}
          testId="order-ship-complete-date"
        />
        <InvoiceNumberField order={order} />
        <Field label="Vendor PO" value={order.vendorPO} testId="order-vendor-po" />
        <Field label="Contact" value={order.contact} testId="order-contact" />
        <Field label="Email" value={order.email} testId="order-email" />
        <Field label="Phone" value={order.phone} testId="order-phone" />
        {productionPOs.length > 0 && <Field label="Production PO" value={productionPOs.join(', ')} />}
        {order.vendorPackingSlip && <Field label="Vendor Packing Slip" value={order.vendorPackingSlip} />}
        {order.productionPackingSlips.length > 0 && (
          <Field
            label="Production Packing Slips"
            value={order.productionPackingSlips.map((p) => p.productionPackingSlipNumber).join(', ')}
          />
        )}
      </SimpleGrid>
      {order.comments?.trim() && (
        <Stack mt="md">
          <Field label="Comments" value={order.comments} testId="order-comments" />
        </Stack>
      )}
    </Section>
  );
}

function Totals({ order }: { order: OrderDetails }) {
  const quantity = order.orderItems.reduce((sum, i) => sum + i.quantity, 0);
  return (
    <Section title="Totals" testId="order-totals">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Items
          </Text>
          <Text size="sm">{order.orderItems.length}</Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Total Quantity
          </Text>
          <Text size="sm">{quantity.toLocaleString('en-US')}</Text>
        </Group>
        {order.totalPrice && (
          <Group justify="space-between">
            <Text size="sm" fw={600}>
              Total Price
            </Text>
            <Text size="sm" fw={700} data-testid="order-total-price">
              {displayTotal(order.totalPrice)}
            </Text>
          </Group>
        )}
        {order.totalCost && (
          <Group justify="space-between">
            <Text size="sm" fw={600}>
              Total Cost
            </Text>
            <Text size="sm" fw={700} data-testid="order-total-cost">
              {displayTotal(order.totalCost)}
            </Text>
          </Group>
        )}
      </Stack>
    </Section>
  );
}

function Charges({ charges }: { charges: NonNullable<OrderDetails['orderCharges']> }) {
  return (
    <Section title="Charges" testId="order-charges">
      <ChargesTable charges={charges} testIdPrefix="order" />
    </Section>
  );
}

function OrderView({ order }: { order: OrderDetails }) {
  const { role } = useSession();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Group gap="sm" align="center" wrap="wrap">
          <Title order={2} data-testid="order-title">
            Order #{order.orderId}
          </Title>
          <OrderStatusBadge status={order.orderStatus} size="lg" testId="order-status" />
          {order.cancelled && (
            <Badge color="red" variant="filled" size="lg" data-testid="order-cancelled">
              Cancelled
            </Badge>
          )}
          {order.financeApproval && (
            <Badge color="teal" variant="outline" size="lg" data-testid="order-finance-approved">
              Finance Approved
            </Badge>
          )}
        </Group>
        <Group gap="sm">
          <OrderCsvDownload orderId={order.orderId} role={role} />
          {order.orderItems.some((i) => i.variableDataProduct) && (
            <OrderDataDownload orderId={order.orderId} customerId={order.customerId} role={role} />
          )}
          {canAccessRoute('/cart', role) && <OrderAgainButton orderId={order.orderId} />}
          <Button
            component={Link}
            to="/order-list"
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
          >
            Back to Orders
          </Button>
        </Group>
      </Group>

      <OrderStatusTracker order={order} />
      <OrderActionsBar order={order} />

      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <HeaderDetails order={order} />
            <Section title="Shipping" testId="order-shipping">
              <SimpleGrid cols={{ base: 2, lg: 3 }} spacing="md">
                <Field
                  label="Shipping Address"
                  value={order.shippingAddress}
                  testId="order-shipping-address"
                />
                <Field label="Delivery Method" value={order.deliveryMethod} testId="order-delivery-method" />
                <Field
                  label="Delivery Account"
                  value={order.deliveryAccount}
                  testId="order-delivery-account"
                />
              </SimpleGrid>
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            {order.totalPrice && (
              <Section title="Payment" testId="order-payment">
                <Stack gap="sm">
                  <Field
                    label="Billing Account"
                    value={order.billingAccount}
                    testId="order-billing-account"
                  />
                  <Field
                    label="Billing Address"
                    value={order.billingAddress}
                    testId="order-billing-address"
                  />
                </Stack>
              </Section>
            )}
            <Totals order={order} />
            <OrderDocumentsCard order={order} />
          </Stack>
        </Grid.Col>
      </Grid>

      <OrderItems order={order} role={role} />
      <OrderRfid orderId={order.orderId} role={role} />

      {order.orderCharges && order.orderCharges.length > 0 && <Charges charges={order.orderCharges} />}
      {order.logs && <OrderLogs logs={order.logs} />}
    </Stack>
  );
}

/** The order details screen. */
export default function OrderDetailsPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const orderId = parseOrderId(searchParams.get('orderId'));
  const query = useOrderDetailsQuery(orderId);
  const handled = useRef<string | null>(null);

  // Missing or malformed orderId: 'Invalid URL params', back to the list (ordering §5).
  useEffect(() => {
    if (orderId !== null || handled.current === 'invalid') return;
    handled.current = 'invalid';
    showError(MESSAGES.invalidUrlParams);
    void navigate('/order-list', { replace: true });
  }, [orderId, navigate]);

  // A load failure: its message, then home (ordering §2 Order details, §8).
  useEffect(() => {
    if (!query.isError || handled.current === `error-${orderId}`) return;
    handled.current = `error-${orderId}`;
    const error = query.error;
    if (isApiError(error) && error.sessionExpired) return; // the session layer already logs out
    showApiError(error);
    void navigate('/', { replace: true });
  }, [query.isError, query.error, orderId, navigate]);

  const order = query.data;
  return (
    <Stack gap="md" data-testid="screen-order-details" maw={1400} mx="auto" w="100%">
      {order ? (
        <OrderView order={order} />
      ) : (
        <Group gap="sm" py="xl" justify="center" role="status" aria-label="Loading order">
          {orderId !== null && !query.isError && (
            <>
              <Loader size="sm" />
              <Text c="dimmed">Loading order #{orderId}…</Text>
            </>
          )}
        </Group>
      )}
    </Stack>
  );
}
