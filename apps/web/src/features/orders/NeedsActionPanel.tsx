/**
 * "Needs my action" at the top of the order list (docs/decisions/0016): for each step of the user's
 * role (rules/needsAction.ts), how many orders wait for the user there, each a link to the list of
 * those orders (/order-list?needsAction=<step>, so it opens in a new tab too). Nothing is shown to a
 * role that takes no step (CUSTOMER), nor while the counts load or when they fail (the list works
 * without them).
 */
import { Badge, Group, Paper, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { NeedsActionResponse, NeedsActionStep } from '@selvedge/shared';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Where a step's orders are listed. */
export const needsActionPath = (step: NeedsActionStep) => `/order-list?needsAction=${step}`;

export interface NeedsActionPanelProps {
  counts: NeedsActionResponse;
  /** The step the list shows now (its tile is marked current). */
  current: NeedsActionStep | null;
}

/** The panel: one tile per step, in the order of an order's life. */
export function NeedsActionPanel({ counts, current }: NeedsActionPanelProps) {
  if (counts.steps.length === 0) return null;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="needs-action-title"
      data-testid="needs-action"
    >
      <Group justify="space-between" mb="sm" gap="xs">
        <Text fw={600} id="needs-action-title">
          Needs my action
        </Text>
        <Text size="sm" c="dimmed" data-testid="needs-action-total">
          {counts.total === 0 ? 'Nothing is waiting for you.' : `${counts.total} waiting for you`}
        </Text>
      </Group>
      {/* Tiles share the row and wrap, each at least as wide as its label and count. */}
      <Group gap="sm" align="stretch">
        {counts.steps.map((s) => {
          const active = current === s.step;
          return (
            <UnstyledButton
              key={s.step}
              component={Link}
              to={needsActionPath(s.step)}
              aria-current={active ? 'true' : undefined}
              data-testid={`needs-action-${s.step}`}
              data-count={s.count}
              style={{
                display: 'block',
                flex: '1 1 0',
                minWidth: 'max-content',
                borderRadius: 'var(--mantine-radius-md)',
                border: `1px solid var(--mantine-color-${active ? 'blue-5' : 'gray-3'})`,
                background: active ? 'var(--mantine-color-blue-light)' : undefined,
                padding: 'var(--mantine-spacing-xs) var(--mantine-spacing-sm)',
              }}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" c={s.count === 0 ? 'dimmed' : undefined} style={{ whiteSpace: 'nowrap' }}>
                  {s.label}
                </Text>
                <Group gap={4} wrap="nowrap">
                  {/* The link's name is its text, "Artwork to upload 8 orders": an aria-label in its place
                      would differ from what is shown (issue 9). */}
                  <Badge variant={s.count > 0 ? 'filled' : 'light'} color={s.count > 0 ? 'orange' : 'gray'}>
                    {s.count}
                    <VisuallyHidden>{s.count === 1 ? ' order' : ' orders'}</VisuallyHidden>
                  </Badge>
                  <IconChevronRight size={14} color="var(--mantine-color-dimmed)" aria-hidden />
                </Group>
              </Group>
            </UnstyledButton>
          );
        })}
      </Group>
    </Paper>
  );
}
