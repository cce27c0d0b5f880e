/**
 * The items of order details with their Needs Action / All tabs (ordering §4 Tabs and documents):
 * Needs Action lists the lines whose artwork waits for this step (itemNeedsAction: an upload while
 * Placed, a review while Art Prepared); the tab shown first is defaultItemsTab — Needs Action for a
 * CSR in NEEDS_ARTWORK and a vendor in NEEDS_ART_APPROVAL, All otherwise. When the status changes,
 * the default applies again. An empty Needs Action says so and offers All.
 */
import { Badge, Button, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { defaultItemsTab, itemNeedsAction, type OrderDetails, type Role } from '@selvedge/shared';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { OrderItemCard } from './OrderItemCard';

type ItemsTab = 'NEEDS_ACTION' | 'ALL';

/** The Items section with its tabs. */
export function OrderItems({ order, role }: { order: OrderDetails; role: Role | null }) {
  // The user's choice holds for the status it was made in.
  const [choice, setChoice] = useState<{ status: string; tab: ItemsTab } | null>(null);
  // A cancelled order never moves again: nothing of it needs action (decision 0038).
  const fallback: ItemsTab = role && !order.cancelled ? defaultItemsTab(order.orderStatus, role) : 'ALL';
  const tab = choice?.status === order.orderStatus ? choice.tab : fallback;
  const choose = (next: ItemsTab) => setChoice({ status: order.orderStatus, tab: next });

  const needsAction = order.cancelled
    ? []
    : order.orderItems.filter((i) => itemNeedsAction(order.orderStatus, i.artwork));
  const cards = (items: OrderDetails['orderItems']) =>
    items.map((item) => (
      <OrderItemCard
        key={item.orderItemId}
        item={item}
        orderId={order.orderId}
        orderStatus={order.orderStatus}
        cancelled={order.cancelled}
      />
    ));

  return (
    <Stack gap="sm" component="section" aria-label="Items" data-testid="order-items">
      <Group gap="xs">
        <Title order={3}>Items</Title>
        <Badge variant="light" color="gray" size="lg" circle={order.orderItems.length < 10}>
          {order.orderItems.length}
        </Badge>
      </Group>
      {order.orderItems.length === 0 ? (
        <Text size="sm" c="dimmed">
          This order has no items.
        </Text>
      ) : (
        <Tabs value={tab} onChange={(next) => next && choose(next as ItemsTab)} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab
              value="NEEDS_ACTION"
              rightSection={
                <Badge
                  size="sm"
                  variant="filled"
                  color={needsAction.length > 0 ? 'orange' : 'gray'}
                  circle={needsAction.length < 10}
                >
                  {needsAction.length}
                </Badge>
              }
              data-testid="items-tab-needs-action"
            >
              Needs Action
            </Tabs.Tab>
            <Tabs.Tab
              value="ALL"
              rightSection={
                <Badge size="sm" variant="light" color="gray" circle={order.orderItems.length < 10}>
                  {order.orderItems.length}
                </Badge>
              }
              data-testid="items-tab-all"
            >
              All
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="NEEDS_ACTION" pt="sm">
            {needsAction.length === 0 ? (
              <Paper withBorder radius="md" p="md" data-testid="items-needs-action-empty">
                <Group justify="space-between" gap="sm">
                  <Group gap="xs">
                    <IconCircleCheck size={20} color="var(--mantine-color-teal-6)" aria-hidden />
                    <Text size="sm">No item needs action now.</Text>
                  </Group>
                  <Button size="xs" variant="light" onClick={() => choose('ALL')}>
                    Show all items
                  </Button>
                </Group>
              </Paper>
            ) : (
              <Stack gap="sm">{cards(needsAction)}</Stack>
            )}
          </Tabs.Panel>
          <Tabs.Panel value="ALL" pt="sm">
            <Stack gap="sm">{cards(order.orderItems)}</Stack>
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
