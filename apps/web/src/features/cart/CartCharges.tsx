/**
 * Charges of the cart (ordering §3 Cart), e.g. a Minimum Order Value shortfall. Shown only when the
 * answer has charges (price roles).
 */
import { Paper, Title } from '@mantine/core';
import type { OrderCharge } from '@selvedge/shared';
import { ChargesTable } from '../orders/ChargesTable';

/** The charges card; nothing when there are none. */
export function CartCharges({ charges }: { charges: OrderCharge[] | undefined }) {
  if (!charges || charges.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="cart-charges">
      <Title order={3} size="h4" mb="sm">
        Charges
      </Title>
      <ChargesTable charges={charges} testIdPrefix="cart" />
    </Paper>
  );
}
