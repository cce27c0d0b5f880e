/**
 * "Needs my action" at the top of the order list (docs/decisions/0016): for each step of the user's
 * role (rules/needsAction.ts), how many orders wait for the user there, each a link to the list of
 * those orders (/order-list?needsAction=<step>, so it opens in a new tab too). Nothing is shown to a
 * role that takes no step (CUSTOMER), nor when the counts fail (the list works without them). While
 * the counts load, `NeedsActionPlaceholder` holds the panel's place with the same tiles (the step
 * labels, a placeholder for each count), so nothing below moves when the counts arrive (decision 0021,
 * layout shift).
 */
import { Badge, Group, Paper, Skeleton, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { NEEDS_ACTION_RULES, type NeedsActionResponse, type NeedsActionStep } from '@selvedge/shared';
import { IconChevronRight } from '@tabler/icons-react';
import { type CSSProperties, memo, type ReactNode } from 'react';
import { Link } from 'react-router';

/** Where a step's orders are listed. */
export const needsActionPath = (step: NeedsActionStep) => `/order-list?needsAction=${step}`;

export interface NeedsActionPanelProps {
  counts: NeedsActionResponse;
  /** The step the list shows now (its tile is marked current). */
  current: NeedsActionStep | null;
}

/** A tile's box: tiles share the row and wrap, each at least as wide as its label and count. */
const tileStyle = (active: boolean): CSSProperties => ({
  display: 'block',
  flex: '1 1 0',
  minWidth: 'max-content',
  borderRadius: 'var(--mantine-radius-md)',
  border: `1px solid var(--mantine-color-${active ? 'blue-5' : 'gray-3'})`,
  background: active ? 'var(--mantine-color-blue-light)' : undefined,
  padding: 'var(--mantine-spacing-xs) var(--mantine-spacing-sm)',
});

/** The panel's frame: title, total, then the tiles (the same for the panel and its placeholder). */
function PanelFrame({
  total,
  tiles,
  testId,
  busy = false,
}: {
  total: ReactNode;
  tiles: ReactNode;
  testId: string;
  busy?: boolean;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="needs-action-title"
      aria-busy={busy || undefined}
      data-testid={testId}
    >
      <Group justify="space-between" mb="sm" gap="xs">
        <Text fw={600} id="needs-action-title">
          Needs my action
        </Text>
        {total}
      </Group>
      <Group gap="sm" align="stretch">
        {tiles}
      </Group>
    </Paper>
  );
}

/**
 * The panel's place while the counts load: the same frame and tiles (labels of the role's steps), a
 * placeholder where each count and the total come. The tiles are not links yet. Memoised: it stays
 * while the counts' answer renders the panel in the background (decision 0078).
 */
export const NeedsActionPlaceholder = memo(function NeedsActionPlaceholder({
  steps,
}: {
  steps: readonly NeedsActionStep[];
}) {
  if (steps.length === 0) return null;
  return (
    <PanelFrame
      busy
      testId="needs-action-loading"
      total={<Skeleton h={14} w={130} />}
      tiles={steps.map((step) => (
        <div key={step} style={tileStyle(false)}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {NEEDS_ACTION_RULES[step].label}
            </Text>
            <Group gap={4} wrap="nowrap">
              <Skeleton h={20} w={26} radius="xl" />
              <IconChevronRight size={14} color="var(--mantine-color-dimmed)" aria-hidden />
            </Group>
          </Group>
        </div>
      ))}
    />
  );
});

/** The panel: one tile per step, in the order of an order's life. */
export function NeedsActionPanel({ counts, current }: NeedsActionPanelProps) {
  if (counts.steps.length === 0) return null;
  return (
    <PanelFrame
      testId="needs-action"
      total={
        <Text size="sm" c="dimmed" data-testid="needs-action-total">
          {counts.total === 0 ? 'Nothing is waiting for you.' : `${counts.total} waiting for you`}
        </Text>
      }
      tiles={counts.steps.map((s) => {
        const active = current === s.step;
        return (
          <UnstyledButton
            key={s.step}
            component={Link}
            to={needsActionPath(s.step)}
            aria-current={active ? 'true' : undefined}
            data-testid={`needs-action-${s.step}`}
            data-count={s.count}
            style={tileStyle(active)}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" c={s.count === 0 ? 'dimmed' : undefined} style={{ whiteSpace: 'nowrap' }}>
                {s.label}
              </Text>
              <Group gap={4} wrap="nowrap">
                {/* The link's name is its text, "Artwork to upload 8 orders": an aria-label in its place
                    would differ from what is shown (WCAG 2.5.3 Label in Name). */}
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
    />
  );
}
