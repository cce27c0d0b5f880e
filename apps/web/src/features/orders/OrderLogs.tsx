/**
 * The order's log (ordering §3 logs of timestamp, user, description; §6 Visibility: only roles that
 * see logs get them in the answer): a timeline, newest first, each entry with its description, the
 * user and the time as DD-MMM-YY HH:mm.
 */
import { Text, Timeline } from '@mantine/core';
import type { OrderDetails } from '@selvedge/shared';
import { IconPoint } from '@tabler/icons-react';
import { displayDateTime, orDash } from './format';
import { Section } from './Section';

type Log = NonNullable<OrderDetails['logs']>[number];

/**
 * Newest first; entries of the same instant keep their answered order reversed (the later one
 * first). Each keeps its position in the answer as `seq`, a stable key for the list.
 */
export const newestFirst = (logs: Log[]): (Log & { seq: number })[] =>
  logs
    .map((log, seq) => ({ ...log, seq }))
    .sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp) || b.seq - a.seq);

/** The Logs section. */
export function OrderLogs({ logs }: { logs: Log[] }) {
  return (
    <Section title="Logs" testId="order-logs">
      {logs.length === 0 ? (
        <Text size="sm" c="dimmed">
          No log entries.
        </Text>
      ) : (
        <Timeline active={0} bulletSize={18} lineWidth={2} color="gray">
          {newestFirst(logs).map((log) => (
            <Timeline.Item
              key={log.seq}
              bullet={<IconPoint size={12} />}
              // A description may hold a long unbroken word (an artwork's SHA-256): it wraps
              // anywhere rather than widening the page on a phone (decision 0038).
              title={
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {orDash(log.description)}
                </Text>
              }
              data-testid="order-log-entry"
            >
              <Text size="xs" c="dimmed">
                {orDash(log.user)} · <time dateTime={log.timestamp}>{displayDateTime(log.timestamp)}</time>
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Section>
  );
}
