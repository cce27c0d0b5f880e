/** A labelled read-only value of the order screens ('---' when missing). */
import { Text, type TextProps } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './Field.module.css';
import { orDash } from './format';

/** The look of a field's label, shared by read-only fields and the inputs beside them. */
export const FIELD_LABEL_PROPS: TextProps = { size: 'xs', c: 'dimmed', fw: 500, tt: 'uppercase', lh: 1.2 };

/** A field label as an inline node (for an input's `label`, so inputs line up with read-only fields). */
export const FieldLabel = ({ children }: { children: ReactNode }) => (
  <Text span {...FIELD_LABEL_PROPS}>
    {children}
  </Text>
);

/**
 * Label above value; `value` may be text (shown as '---' when blank) or any node. Plain elements
 * styled like FIELD_LABEL_PROPS (Field.module.css): lists render hundreds of them (decision 0021).
 */
export function Field({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  const isText = typeof value === 'string' || typeof value === 'number' || value == null;
  return (
    <div className={classes.field}>
      <p className={classes.label}>{label}</p>
      <div className={classes.value} data-testid={testId} data-field={label}>
        {isText ? orDash(value as string | number | null | undefined) : value}
      </div>
    </div>
  );
}
