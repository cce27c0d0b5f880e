/**
 * Restock screen (/restock; ordering §2 Restock, §5 'Please select a customer to restock for', §8):
 * choose a customer from GET /restocking-customers (customers with inventory products), press
 * Restock → overlay 'Adding Products to Order...', POST /orders/restock/{customerId} puts every
 * stocked size below its maximum into the user's cart → 'Restocking Items Successfully Added to
 * Order' and the cart. Lines the cart refused (e.g. attributes to fill in) are listed with the reason.
 * Only for users holding the per-user restock permission (GET /user-permissions, decision 0040);
 * others of an allowed role see that they are not allowed.
 */
import { Alert, Button, Group, List, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { MESSAGES, OVERLAYS, type RestockResponse } from '@selvedge/shared';
import { IconBuildingWarehouse, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { restock, useRestockCommand } from '../../api/cart';
import { useRestockingCustomersQuery, useUserPermissionsQuery } from '../../api/lookups';
import { useSessionUser } from '../../features/session/use-session';

/** Shown instead of the form to a user whose role may restock but who lacks the canRestock flag (decision 0040). */
export const RESTOCK_NOT_ALLOWED =
  'You are not allowed to restock: an administrator grants the Restock permission on your user.';

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
          {RESTOCK_NOT_ALLOWED}
        </Alert>
      </Stack>
    );
  }
  return <RestockForm />;
}

/** Customer choice, Restock button and the lines the cart refused. */
function RestockForm() {
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
