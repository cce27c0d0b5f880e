/**
 * Order again on order details (docs/decisions/0016), for the cart roles (ROUTE_ACCESS['/cart']):
 * the button copies the order's lines into the user's cart at today's prices and rules
 * (POST /orders/{id}/order-again, under 'Adding Products to Order...'), then a dialog shows line by
 * line what was copied as it was, what changed (price or cost, a size no longer available, a
 * quantity raised to today's minimum, uploaded rows already ordered and left out: decision 0057) and
 * what could not be copied and why, with the way to the cart; a variable-data or dynamic line names
 * its PO and style. Escape or Close closes it.
 */
import { Badge, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { type OrderAgainLine, type OrderAgainResponse, OVERLAYS } from '@selvedge/shared';
import { IconRepeat } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { orderAgain, useOrderAgainCommand } from '../../api/cart';

const RESULT_BADGE: Record<OrderAgainLine['result'], { label: string; color: string }> = {
  COPIED: { label: 'Added', color: 'teal' },
  CHANGED: { label: 'Added with changes', color: 'orange' },
  NOT_COPIED: { label: 'Not added', color: 'red' },
};

/** One line of the result: subcode, description, what became of it and why. */
function ResultLine({ line }: { line: OrderAgainLine }) {
  const badge = RESULT_BADGE[line.result];
  return (
    <Stack
      gap={4}
      data-testid="order-again-line"
      data-result={line.result}
      data-subcode={line.productSubcode}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Stack gap={0} miw={0}>
          <Text fw={600} ff="monospace" size="sm">
            {line.productSubcode}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {line.description}
          </Text>
          {line.poNumber && (
            <Text size="xs" data-testid="order-again-po">
              PO Number {line.poNumber} · Style No. {line.styleNumber}
            </Text>
          )}
        </Stack>
        <Badge color={badge.color} variant="light" style={{ flexShrink: 0 }}>
          {badge.label}
        </Badge>
      </Group>
      {(line.changes.length > 0 || line.reason) && (
        <List size="sm" spacing={2}>
          {line.changes.map((c) => (
            <List.Item key={`${c.kind}-${c.message}`} data-change={c.kind}>
              {c.message}
            </List.Item>
          ))}
          {line.reason && (
            <List.Item c="red.8" data-testid="order-again-reason">
              {line.reason}
            </List.Item>
          )}
        </List>
      )}
    </Stack>
  );
}

/** The dialog with the line-by-line answer. */
export function OrderAgainResult({
  result,
  onClose,
}: {
  result: OrderAgainResponse | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={result !== null}
      onClose={onClose}
      title="Order again"
      size="lg"
      centered
      data-testid="order-again-result"
    >
      {result && (
        <Stack gap="md">
          <Text fw={500} data-testid="order-again-message">
            {result.message}
          </Text>
          <Stack gap="sm">
            {result.lines.map((line) => (
              <ResultLine key={line.orderItemId} line={line} />
            ))}
          </Stack>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} data-testid="order-again-close">
              Close
            </Button>
            {result.copied > 0 && (
              <Button component={Link} to="/cart" data-testid="order-again-cart">
                Go to Cart
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** The 'Order Again' button and its result dialog. */
export function OrderAgainButton({ orderId }: { orderId: number }) {
  const { run, busy } = useOrderAgainCommand();
  const [result, setResult] = useState<OrderAgainResponse | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  // The button was disabled while the call ran, so the dialog cannot give the focus back by itself.
  const close = () => {
    setResult(null);
    requestAnimationFrame(() => button.current?.focus());
  };
  const click = async () => {
    const answer = await run({ overlay: OVERLAYS.addingProducts, call: () => orderAgain(orderId) });
    if (answer) setResult(answer);
  };
  return (
    <>
      <Button
        ref={button}
        variant="light"
        leftSection={<IconRepeat size={16} />}
        onClick={() => void click()}
        disabled={busy}
        data-testid="order-again"
      >
        Order Again
      </Button>
      <OrderAgainResult result={result} onClose={close} />
    </>
  );
}
