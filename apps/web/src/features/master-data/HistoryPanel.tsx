/**
 * A record's history on its detail screen (decision 0017): every create and update, newest first, with who
 * made it, when, the version it made, and each changed field's value before and after
 * (GET /history?entity=&id=). Values show as readable text (historyValue), never JSON or codes.
 */
import { Badge, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { type HistoryEntry, LABELS, ROLE_LABELS } from '@selvedge/shared';
import { useId, useMemo } from 'react';
import { type EntityKind, useRecordHistory } from '../../api/master-data';
import { errorMessageOf } from '../../ui/messages';
import { LoadErrorAlert } from '../../ui/route-states';
import { displayDateTime, MISSING } from '../orders/format';

/** Display names of the codes a field holds (master-data §3), by field. */
const CODE_LABELS: Record<string, Record<string, string>> = {
  fulfillmentProcess: LABELS.fulfillmentProcess,
  role: ROLE_LABELS,
};

/** A code without a display name of its own: 'VARIABLE_DATA' → 'Variable Data'. */
const codeText = (code: string) =>
  code
    .toLowerCase()
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

/** A money amount as the screens show it: at least two decimals ('25' → '25.00'). */
const moneyText = (price: unknown) => {
  const text = String(price);
  return /^\d+$/.test(text) ? `${text}.00` : /^\d+\.\d$/.test(text) ? `${text}0` : text;
};

/**
 * One history value as text (decision 0058: readable, no JSON, no codes): a reference by its name, a
 * tier as '1,000+ USD 0.0538', a minimum value as 'USD 25.00', an image by its file name, a code or
 * a yes/no by the words the form shows for it (`codeLabels` of the field: 'Pick & Pack', 'Show' /
 * "Don't show"; Yes/No when the form gives none), a list one entry a line, nothing as '---'.
 */
export function historyValue(
  value: unknown,
  field?: string,
  codeLabels: Record<string, Record<string, string>> = CODE_LABELS,
): string {
  if (value === null || value === undefined) return MISSING;
  if (typeof value === 'boolean')
    return (field ? codeLabels[field]?.[String(value)] : undefined) ?? (value ? 'Yes' : 'No');
  if (typeof value === 'string') {
    if (value.trim() === '') return MISSING;
    const label = field ? codeLabels[field]?.[value] : undefined;
    if (label) return label;
    return /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/.test(value) ? codeText(value) : value;
  }
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (Array.isArray(value))
    return value.length === 0 ? MISSING : value.map((v) => historyValue(v, field, codeLabels)).join('\n');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.name === 'string') return o.name;
    if (typeof o.optionName === 'string') return `${o.optionName}: ${historyValue(o.address)}`;
    if (typeof o.quantity === 'number' && typeof o.currency === 'string' && o.price !== undefined)
      return `${o.quantity.toLocaleString('en-US')}+ ${o.currency} ${moneyText(o.price)}`;
    if (typeof o.currency === 'string' && o.price !== undefined) return `${o.currency} ${moneyText(o.price)}`;
    if (typeof o.path === 'string') return `Image ${o.path.split('/').pop() ?? o.path}`;
    // Anything else: its fields as 'Label: value', never raw JSON.
    return Object.entries(o)
      .map(([k, v]) => `${humanise(k)}: ${historyValue(v, k)}`)
      .join(', ');
  }
  return String(value);
}

const humanise = (name: string) => {
  const spaced = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

function Entry({
  entry,
  labels,
  codeLabels,
}: {
  entry: HistoryEntry;
  labels: Record<string, string>;
  codeLabels: Record<string, Record<string, string>>;
}) {
  const created = entry.action === 'CREATE';
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="history-entry" component="li">
      <Group gap="xs" mb={entry.changes.length > 0 ? 'xs' : 0} wrap="wrap">
        <Badge variant="light" color={created ? 'green' : 'blue'} tt="none">
          {created ? 'Created' : 'Updated'}
        </Badge>
        <Text size="sm" fw={500} data-testid="history-user">
          {entry.userName || MISSING}
        </Text>
        <Text size="sm" c="dimmed">
          <time dateTime={entry.changedAt}>{displayDateTime(entry.changedAt)}</time> · version {entry.version}
        </Text>
      </Group>
      {entry.changes.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table withTableBorder verticalSpacing={4} fz="sm" data-testid="history-changes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="25%">Field</Table.Th>
                <Table.Th>Before</Table.Th>
                <Table.Th>After</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entry.changes.map((change) => (
                <Table.Tr key={change.field} data-testid="history-change" data-field={change.field}>
                  <Table.Td>{labels[change.field] ?? humanise(change.field)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                    {historyValue(change.before, change.field, codeLabels)}
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                    {historyValue(change.after, change.field, codeLabels)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

/**
 * The History section of a record (a detail screen, or the selected option of a Care Labels section):
 * `labels` names its fields, `valueLabels` adds display names of the codes a field holds (a care
 * instruction's type, its icon), `title` replaces 'History'. Several may share a page (own title id).
 */
export function HistoryPanel({
  kind,
  id,
  labels,
  valueLabels,
  title = 'History',
}: {
  kind: EntityKind;
  id: number;
  labels: Record<string, string>;
  valueLabels?: Record<string, Record<string, string>>;
  title?: string;
}) {
  const history = useRecordHistory(kind, id);
  const titleId = useId();
  const codeLabels = useMemo(() => ({ ...CODE_LABELS, ...valueLabels }), [valueLabels]);
  let body: React.ReactNode;
  if (history.isPending) {
    body = (
      <Group gap="xs" role="status" aria-label="Loading history">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Loading history…
        </Text>
      </Group>
    );
  } else if (history.isError) {
    body = (
      <LoadErrorAlert
        title="History could not be loaded"
        message={errorMessageOf(history.error)}
        onRetry={() => void history.refetch()}
      />
    );
  } else if (history.data.history.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        No changes recorded.
      </Text>
    );
  } else {
    body = (
      <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
        {history.data.history.map((entry) => (
          <Entry key={entry.id} entry={entry} labels={labels} codeLabels={codeLabels} />
        ))}
      </Stack>
    );
  }
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId} data-testid="history">
      <Title order={3} size="h4" mb="sm" id={titleId}>
        {title}
      </Title>
      {body}
    </Paper>
  );
}
