/**
 * Restock screen (/restock) — placeholder of the web shell; the screen's engineer replaces this folder wholesale.
 */
import { Stack, Text, Title } from '@mantine/core';

/** Placeholder of the Restock screen. */
export default function RestockPage() {
  return (
    <Stack gap="sm" data-testid="screen-restock">
      <Title order={2}>Restock</Title>
      <Text c="dimmed">Choose a customer to restock for.</Text>
    </Stack>
  );
}
