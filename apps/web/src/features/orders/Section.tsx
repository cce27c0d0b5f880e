/** A titled panel of the order details screen. */
import { Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function Section({
  title,
  children,
  testId,
  extra,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
  /** Shown at the right of the title (a count, a badge). */
  extra?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId} component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={4}>{title}</Title>
        {extra}
      </Group>
      {children}
    </Paper>
  );
}
