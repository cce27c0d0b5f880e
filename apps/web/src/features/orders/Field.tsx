/** A labelled read-only value of the order screens ('---' when missing). */
import { Box, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { orDash } from './format';

/** Label above value; `value` may be text (shown as '---' when blank) or any node. */
export function Field({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  const isText = typeof value === 'string' || typeof value === 'number' || value == null;
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed" fw={500} tt="uppercase" lh={1.2}>
        {label}
      </Text>
      <Box
        fz="sm"
        data-testid={testId}
        data-field={label}
        style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
      >
        {isText ? orDash(value as string | number | null | undefined) : value}
      </Box>
    </Stack>
  );
}
