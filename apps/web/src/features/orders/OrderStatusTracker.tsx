/**
 * The status tracker of an order (ordering §4): Placed, Art Prepared and Art Approved (only with
 * artwork), Production, Finance (lit when financeApproval is set) and Shipped, from statusTracker().
 * Steps are done in order except Finance, which may be given at any time: a Finance step done ahead
 * of the steps before it is drawn as done on its own.
 *
 * A cancelled order never moves again (docs/decisions/0014), so its tracker does not look live
 * (decision 0016 Papercuts): the steps it reached, then a red 'Cancelled' step that ends it; the steps it
 * will never reach are not drawn and no step is in progress.
 */
import { Paper, Stepper, useMatches, VisuallyHidden } from '@mantine/core';
import { type OrderStatus, statusTracker, type TrackerStep } from '@selvedge/shared';
import { IconCheck, IconX } from '@tabler/icons-react';
import { displayDate } from './format';

interface TrackedOrder {
  orderStatus: OrderStatus;
  hasArtwork: boolean;
  financeApproval: boolean;
  cancelled: boolean;
  orderDate?: string | null;
  shipAndCompleteDate?: string | null;
}

const DONE_COLOR = 'teal';

const CANCELLED_STEP: TrackerStep = { label: 'Cancelled', done: true };

/** Read-only stepper of the order's progress. */
export function OrderStatusTracker({ order }: { order: TrackedOrder }) {
  const steps = order.cancelled
    ? [...statusTracker(order).filter((s) => s.done), CANCELLED_STEP]
    : statusTracker(order);
  // Stepper marks steps before `active` as completed: the leading run of done steps (every step of
  // a cancelled order, so none is drawn in progress).
  let active = steps.findIndex((s) => !s.done);
  if (active === -1) active = steps.length;

  // Six steps side by side need about 800 px: below that (phones, narrow windows) they stand one
  // under the other, so the tracker never makes the page wider than the screen (decision 0038).
  const orientation = useMatches<'horizontal' | 'vertical'>({ base: 'vertical', md: 'horizontal' });

  const descriptionOf = (label: string, done: boolean): string | undefined => {
    if (label === 'Placed' && order.orderDate) return displayDate(order.orderDate);
    if (label === 'Finance') return done ? 'Approved' : 'Not approved';
    if (label === 'Shipped' && done && order.shipAndCompleteDate)
      return displayDate(order.shipAndCompleteDate);
    return undefined;
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid="order-tracker"
      data-cancelled={order.cancelled ? 'true' : undefined}
      aria-label={order.cancelled ? 'Order progress: cancelled' : 'Order progress'}
    >
      <Stepper
        active={active}
        orientation={orientation}
        color={order.cancelled ? 'gray' : DONE_COLOR}
        size="sm"
        iconSize={30}
        allowNextStepsSelect={false}
        styles={
          orientation === 'horizontal'
            ? { steps: { flexWrap: 'nowrap' }, separator: { marginInline: 8, minWidth: 12 } }
            : undefined
        }
      >
        {steps.map((step, index) => {
          if (step === CANCELLED_STEP) {
            return (
              <Stepper.Step
                key={step.label}
                label={step.label}
                color="red"
                completedIcon={<IconX size={16} />}
                data-testid="tracker-step-cancelled"
                data-done="true"
                aria-label="Cancelled: the order will not move on"
              />
            );
          }
          const aheadDone = step.done && index > active;
          return (
            <Stepper.Step
              key={step.label}
              label={
                <>
                  {step.label}
                  {/* Said, not shown: a name replacing the visible text would differ from it (WCAG 2.5.3 Label in Name). */}
                  <VisuallyHidden>{step.done ? ': done' : ': not done'}</VisuallyHidden>
                </>
              }
              description={descriptionOf(step.label, step.done)}
              data-testid={`tracker-step-${step.label.toLowerCase().replace(/\s+/g, '-')}`}
              data-done={step.done ? 'true' : 'false'}
              icon={aheadDone ? <IconCheck size={16} /> : undefined}
              styles={
                aheadDone
                  ? {
                      stepIcon: {
                        backgroundColor: `var(--mantine-color-${order.cancelled ? 'gray' : DONE_COLOR}-filled)`,
                        borderColor: `var(--mantine-color-${order.cancelled ? 'gray' : DONE_COLOR}-filled)`,
                        color: 'var(--mantine-color-white)',
                      },
                    }
                  : undefined
              }
            />
          );
        })}
      </Stepper>
    </Paper>
  );
}
