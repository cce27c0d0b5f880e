/**
 * Restock screen (/restock; ordering §2 Restock, §5 'Please select a customer to restock for', §8;
 * docs/decisions/0056): choose a customer from GET /restocking-customers (customers with inventory
 * products), press Restock (or Enter) → overlay 'Adding Products to Order...', POST
 * /orders/restock/{customerId} puts every stocked size below its maximum into the user's cart, never
 * past its restock maximum counting what the cart already holds → 'Restocking Items Successfully
 * Added to Order'. When every stocked size went in, the cart opens; otherwise the screen lists what
 * was added and every size left out with why (at its maximum, no default order quantity, already in
 * the cart up to its restock maximum, refused by the cart), with Go to Cart. When nothing could be
 * added the server's 409 says why (red message). Only for users holding the per-user restock
 * permission (GET /user-permissions, decision 0040); others of an allowed role see that they are not
 * allowed.
 */
import { Alert, Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { MESSAGES, OVERLAYS, RESTOCK_MESSAGES, type RestockResponse } from '@selvedge/shared';
import {
  IconBuildingWarehouse,
  IconCheck,
  IconInfoCircle,
  IconLock,
  IconShoppingCart,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { restock, useRestockCommand } from '../../api/cart';
import { useRestockingCustomersQuery, useUserPermissionsQuery } from '../../api/lookups';
import { formatCount } from '../../features/products/product-line';
import { useSessionUser } from '../../features/session/use-session';

/** The restock screen: the form for users holding canRestock, else a notice (the server refuses them too). */
export default function RestockPage() {
  const { user } = useSessionUser();
  const permissions = useUserPermissionsQuery(user?.id ?? null);
  if (permissions.isPending) return null;
  if (permissions.data?.canRestock !== true) {
    return (
      <Stack gap="md" maw={640} mx="auto" w="100%" data-testid="screen-restock">
        <Title order={2}>Restock</Title>
        <Alert color="red" icon={<IconLock />} title="Not allowed" data-testid="restock-not-allowed">
          {RESTOCK_MESSAGES.notAllowed}
        </Alert>
      </Stack>
    );
  }
  return <RestockForm />;
}

/** Customer choice, Restock button, and after a restock that left sizes out: what went in and what did not, and why. */
function RestockForm() {
  const navigate = useNavigate();
  const customers = useRestockingCustomersQuery();
  const { run, busy } = useRestockCommand();
  const [customerId, setCustomerId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<{ customer: string; answer: RestockResponse } | null>(null);

  const options = (customers.data?.customers ?? []).map((c) => ({
    value: String(c.customerId),
    label: c.customerName,
  }));

  async function submit() {
    if (busy) return;
    if (!customerId) {
      setError(MESSAGES.restockCustomerRequired);
      return;
    }
    setError(null);
    setResult(null);
    const answer = await run({ overlay: OVERLAYS.addingProducts, call: () => restock(Number(customerId)) });
    if (!answer) return;
    if (answer.skipped.length > 0) {
      const customer = options.find((o) => o.value === customerId)?.label ?? '';
      setResult({ customer, answer });
    } else void navigate('/cart');
  }

  return (
    <Stack gap="md" maw={760} mx="auto" w="100%" data-testid="screen-restock">
      <Title order={2}>Restock</Title>
      <Paper withBorder radius="md" p="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Choose a customer: every inventory product of theirs below its maximum inventory goes into your
              cart at its restock quantity, never past its restock maximum (what your cart already holds
              counts).
            </Text>
            <Select
              label="Customer"
              placeholder={customers.isLoading ? 'Loading customers...' : 'Select a customer'}
              data={options}
              value={customerId}
              onChange={(v) => {
                setCustomerId(v);
                if (v) setError(null);
              }}
              searchable
              nothingFoundMessage="No customer with inventory products"
              error={error}
              disabled={customers.isLoading}
              data-testid="restock-customer"
            />
            {customers.isSuccess && options.length === 0 && (
              <Alert color="blue" icon={<IconInfoCircle />} data-testid="restock-no-customers">
                None of your customers has inventory products.
              </Alert>
            )}
            <Group justify="flex-end">
              <Button
                type="submit"
                loading={busy}
                leftSection={<IconBuildingWarehouse size={18} />}
                data-testid="restock-submit"
              >
                Restock
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {result && <RestockResult {...result} onCart={() => void navigate('/cart')} />}
    </Stack>
  );
}

/** What a restock added and every stocked size it left out, with why (the answer's `added` and `skipped`). */
function RestockResult({
  customer,
  answer,
  onCart,
}: {
  customer: string;
  answer: RestockResponse;
  onCart: () => void;
}) {
  const n = answer.skipped.length;
  return (
    <Paper withBorder radius="md" p="md" data-testid="restock-result">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={3}>Restocked {customer}</Title>
          <Button
            leftSection={<IconShoppingCart size={18} />}
            onClick={onCart}
            data-testid="restock-go-to-cart"
          >
            Go to Cart
          </Button>
        </Group>
        <Stack gap={4} data-testid="restock-added">
          <Text fw={600} size="sm">
            Added to your cart
          </Text>
          {answer.added.map((a) => (
            <Group key={a.orderItemId} gap="xs" wrap="nowrap">
              <IconCheck size={16} color="var(--mantine-color-green-7)" aria-hidden />
              <Text size="sm">
                <b>{a.productSubcode}</b>: {formatCount(a.quantity)} pieces
              </Text>
            </Group>
          ))}
        </Stack>
        <Alert
          color="yellow"
          variant="light"
          icon={<IconInfoCircle />}
          title={`Left out: ${n === 1 ? '1 size' : `${n} sizes`}`}
          data-testid="restock-skipped"
        >
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing={4} horizontalSpacing="sm" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={130}>Product</Table.Th>
                  <Table.Th w={110}>Size</Table.Th>
                  <Table.Th>Why</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {answer.skipped.map((x) => (
                  <Table.Tr key={x.productItemId} data-testid="restock-skipped-row" data-cause={x.cause}>
                    <Table.Td fw={600}>{x.productSubcode}</Table.Td>
                    <Table.Td>{x.productSize}</Table.Td>
                    <Table.Td>{x.reason}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Alert>
      </Stack>
    </Paper>
  );
}
