/**
 * Restock screen (/restock; ordering §2 Restock, §5 'Please select a customer to restock for', §8):
 * choose a customer from GET /restocking-customers (customers with inventory products), press
 * Restock → overlay 'Adding Products to Order...', POST /orders/restock/{customerId} puts every
 * stocked size below its maximum into the user's cart → 'Restocking Items Successfully Added to
 * Order' and the cart. Lines the cart refused (e.g. attributes to fill in) are listed with the reason.
 */
import { Alert, Button, Group, List, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { MESSAGES, OVERLAYS, type RestockResponse } from '@selvedge/shared';
import { IconBuildingWarehouse, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { restock, useRestockCommand } from '../../api/cart';
import { useRestockingCustomersQuery } from '../../api/lookups';

/** The restock screen. */
export default function RestockPage() {
  const navigate = useNavigate();
  const customers = useRestockingCustomersQuery();
  const { run, busy } = useRestockCommand();
  const [customerId, setCustomerId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [skipped, setSkipped] = useState<RestockResponse['skipped']>([]);

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
    const answer = await run({ overlay: OVERLAYS.addingProducts, call: () => restock(Number(customerId)) });
    if (!answer) return;
    if (answer.skipped.length > 0) setSkipped(answer.skipped);
    else void navigate('/cart');
  }

  return (
    <Stack gap="md" maw={640} mx="auto" w="100%" data-testid="screen-restock">
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
              cart at its restock quantity.
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
      {skipped.length > 0 && (
        <Alert color="yellow" title="Some products were not added" data-testid="restock-skipped">
          <List size="sm">
            {skipped.map((s) => (
              <List.Item key={s.productSubcode}>
                <b>{s.productSubcode}</b>: {s.reason}
              </List.Item>
            ))}
          </List>
          <Group mt="sm">
            <Button size="xs" onClick={() => void navigate('/cart')} data-testid="restock-go-to-cart">
              Go to Cart
            </Button>
          </Group>
        </Alert>
      )}
    </Stack>
  );
}
