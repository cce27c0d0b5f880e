/**
 * The frame of every long filter form (order list, master-data lists; decision 0038): a "Filters"
 * toggle that says how many filters are active, above the form. The form is open at desktop widths
 * and collapsed below a phone width (ui/phone.ts), so that on a phone the results are on the first
 * screen; the user's own open/close wins until the screen is left. docs/decisions/0038.
 */
import { Badge, Collapse, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconFilter } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { usePhone } from './phone';

/** Props of {@link FilterPanel}. */
export interface FilterPanelProps {
  /** How many filters of the search that ran have a value (shown on the toggle). */
  activeCount: number;
  /** The form (a <form> element: Enter searches). */
  children: ReactNode;
  /** Test id of the panel; the toggle is `${testId}-toggle`, the count `${testId}-count`. */
  testId?: string;
  /** Test id of the toggle (default `${testId}-toggle`). */
  toggleTestId?: string;
}

/** The collapsible filter frame. */
export function FilterPanel({ activeCount, children, testId = 'filters', toggleTestId }: FilterPanelProps) {
  // A phone never renders the open form first, then shuts it (usePhone reads at once).
  const phone = usePhone();
  const [choice, setChoice] = useState<boolean | null>(null);
  const open = choice ?? !phone;
  const bodyId = useId();
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId} data-open={open}>
      <UnstyledButton
        onClick={() => setChoice(!open)}
        aria-expanded={open}
        aria-controls={bodyId}
        data-testid={toggleTestId ?? `${testId}-toggle`}
        w="100%"
      >
        <Group gap="xs">
          <IconFilter size={18} aria-hidden />
          <Text fw={600}>Filters</Text>
          <Badge
            variant="light"
            color={activeCount > 0 ? 'blue' : 'gray'}
            tt="none"
            data-testid={`${testId}-count`}
            aria-label={`${activeCount} active`}
          >
            {activeCount} active
          </Badge>
          <IconChevronDown
            size={16}
            aria-hidden
            style={{
              marginLeft: 'auto',
              transform: open ? 'rotate(180deg)' : undefined,
              transition: 'transform 150ms',
            }}
          />
        </Group>
      </UnstyledButton>
      <Collapse expanded={open} id={bodyId}>
        <div style={{ paddingTop: 'var(--mantine-spacing-sm)' }}>{children}</div>
      </Collapse>
    </Paper>
  );
}
