/** A labelled read-only value of the order screens ('---' when missing). */
import { Box, Stack, Text, type TextProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { orDash } from './format';

/** The look of a field's label, shared by read-only fields and the inputs beside them. */
export const FIELD_LABEL_PROPS: TextProps = { size: 'xs', c: 'dimmed', fw: 500, tt: 'uppercase', lh: 1.2 };

/** A field label as an inline node (for an input's `label`, so inputs line up with read-only fields). */
export const FieldLabel = ({ children }: { children: ReactNode }) => (
  <Text span {...FIELD_LABEL_PROPS}>
    {children}
  </Text>
);

/** Label above value; `value` may be text (shown as '---' when blank) or any node. */
export function Field({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  const isText = typeof value === 'string' || typeof value === 'number' || value == null;
  return (
    <Stack gap={2} miw={0}>
      <Text {...FIELD_LABEL_PROPS}>{label}</Text>
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
