/**
 * The status tracker of an order (ordering §4): Placed, Art Prepared and Art Approved (only with
 * artwork), Production, Finance (lit when financeApproval is set) and Shipped, from statusTracker().
 * Steps are done in order except Finance, which may be given at any time: a Finance step done ahead
 * of the steps before it is drawn as done on its own.
 */
import { Paper, Stepper } from '@mantine/core';
import { type OrderStatus, statusTracker } from '@selvedge/shared';
import { IconCheck } from '@tabler/icons-react';
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

/** Read-only stepper of the order's progress. */
export function OrderStatusTracker({ order }: { order: TrackedOrder }) {
  const steps = statusTracker(order);
  // Stepper marks steps before `active` as completed: the leading run of done steps.
  let active = steps.findIndex((s) => !s.done);
  if (active === -1) active = steps.length;

  const descriptionOf = (label: string, done: boolean): string | undefined => {
    if (label === 'Placed' && order.orderDate) return displayDate(order.orderDate);
    if (label === 'Finance') return done ? 'Approved' : 'Not approved';
    if (label === 'Shipped' && done && order.shipAndCompleteDate)
      return displayDate(order.shipAndCompleteDate);
    return undefined;
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="order-tracker" aria-label="Order progress">
      <Stepper
        active={active}
        color={order.cancelled ? 'gray' : DONE_COLOR}
        size="sm"
        iconSize={30}
        allowNextStepsSelect={false}
        styles={{ steps: { flexWrap: 'nowrap' }, separator: { marginInline: 8, minWidth: 12 } }}
      >
        {steps.map((step, index) => {
          const aheadDone = step.done && index > active;
          return (
            <Stepper.Step
              key={step.label}
              label={step.label}
              description={descriptionOf(step.label, step.done)}
              data-testid={`tracker-step-${step.label.toLowerCase().replace(/\s+/g, '-')}`}
              data-done={step.done ? 'true' : 'false'}
              aria-label={`${step.label}: ${step.done ? 'done' : 'not done'}`}
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
