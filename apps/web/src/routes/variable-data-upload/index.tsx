/**
 * Variable Data Upload (/variable-data-upload; master-data §2 Variable data upload, §7, §8; decision 0045):
 * choose a customer (those with a parser) and a retailer data file; the Upload button is disabled
 * until both are chosen; a progress bar while the file travels; then the §8 message. Below, the
 * user's recent uploads with their state (queued, processing with rows done / total, finished,
 * refused) and report, read again every 2 s while one is still being processed.
 */
import {
  Alert,
  Badge,
  Button,
  Container,
  FileInput,
  Group,
  List,
  Loader,
  Paper,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { type DataUpload, MESSAGES } from '@selvedge/shared';
import { IconFileText, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState, useSyncExternalStore } from 'react';
import { subscribeUploadProgress, uploadProgressOf } from '../../api/live-state';
import {
  uploadVariableData,
  useDataUploadsQuery,
  useVariableDataCustomersQuery,
  variableDataKeys,
} from '../../api/variable-data';
import { displayDateTime } from '../../features/orders/format';
import { errorMessageOf, showError, showSuccess } from '../../ui/messages';

const LAYOUT_NAMES = {
  DELIMITED_ROOTS: 'Roots layout, CSV',
  FLAT_FILE: 'Dunnes layout, fixed width',
} as const;
const n = (v: number) => v.toLocaleString('en-US');

/** A state badge's label is never cut short (a badge clips it by default), so the column is as wide as it. */
const WHOLE_LABEL = { label: { overflow: 'visible' } } as const;

/**
 * A running import: rows done / total, and once live progress events came (docs/decisions/0068) a bar with
 * rows/s and the time left. The events are newer than the list's last read whenever they are further.
 */
function ProcessingState({ upload }: { upload: DataUpload }) {
  const live = useSyncExternalStore(subscribeUploadProgress, () => uploadProgressOf(upload.id));
  const fresh = live && live.rowsDone >= upload.rowsDone ? live : null;
  const done = fresh?.rowsDone ?? upload.rowsDone;
  const total = fresh?.rowsTotal ?? upload.rowsTotal;
  return (
    <Stack gap={4} data-testid="upload-progress">
      <Badge color="blue" styles={WHOLE_LABEL} leftSection={<Loader size={10} color="white" />}>
        Processing {n(done)}
        {total !== null ? ` / ${n(total)}` : ''} rows
      </Badge>
      {total ? (
        <Progress value={Math.min(100, (done / total) * 100)} size="sm" aria-label="Import progress" />
      ) : null}
      {fresh?.rowsPerSecond ? (
        <Text size="xs" c="dimmed">
          {n(fresh.rowsPerSecond)} rows/s
          {fresh.secondsLeft !== null ? `, about ${n(fresh.secondsLeft)} s left` : ''}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The state of an upload as a badge: processing shows rows done / total. */
function StateBadge({ upload }: { upload: DataUpload }) {
  switch (upload.state) {
    case 'queued':
      return (
        <Badge color="gray" styles={WHOLE_LABEL}>
          Queued
        </Badge>
      );
    case 'processing':
      return <ProcessingState upload={upload} />;
    case 'finished':
      return (
        <Badge color="green" styles={WHOLE_LABEL}>
          Finished
        </Badge>
      );
    case 'refused':
      return (
        <Badge color="red" styles={WHOLE_LABEL}>
          Refused
        </Badge>
      );
  }
}

/** What processing did, in a few lines, and the first refusals. */
function Report({ upload }: { upload: DataUpload }) {
  const r = upload.report;
  if (!r) return <Text c="dimmed">—</Text>;
  if (r.fileRefusal) return <Text c="red.8">{r.fileRefusal}</Text>;
  return (
    <Stack gap={4}>
      <Text size="sm">
        {n(r.rowsRead)} rows read · items {n(r.itemsCreated)} created, {n(r.itemsUpdated)} updated · rows{' '}
        {n(r.rowsAdded)} added, {n(r.rowsChanged)} changed, {n(r.rowsRemoved)} removed,{' '}
        <Text span c={r.rowsRefused > 0 ? 'red.8' : undefined} fw={r.rowsRefused > 0 ? 600 : undefined}>
          {n(r.rowsRefused)} refused
        </Text>{' '}
        · {r.seconds} s
      </Text>
      {r.refusals.length > 0 && (
        <details>
          <summary style={{ cursor: 'pointer', fontSize: 14 }}>
            Refusals
            {r.rowsRefused > r.refusals.length ? ` (first ${r.refusals.length}; all in the mail)` : ''}
          </summary>
          <List size="sm" spacing={2} mt={4}>
            {r.refusals.map((x) => (
              <List.Item key={`${x.line}-${x.field}-${x.reason}`}>
                Line {x.line ?? '–'}, {x.field}: {x.reason}
              </List.Item>
            ))}
          </List>
        </details>
      )}
    </Stack>
  );
}

/** The user's recent uploads. */
function RecentUploads() {
  const query = useDataUploadsQuery();
  if (query.isPending) return <Loader size="sm" aria-label="Loading uploads" />;
  if (query.isError) return <Alert color="red">{errorMessageOf(query.error)}</Alert>;
  const { uploads } = query.data;
  if (uploads.length === 0) {
    return (
      <Text c="dimmed" data-testid="uploads-empty">
        You have not uploaded a data file yet.
      </Text>
    );
  }
  // Each upload is a group of two rows (its facts, then its report across the table), so the table
  // fits a phone's width without a sideways scroll.
  return (
    <Table verticalSpacing="xs" data-testid="uploads-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Uploaded</Table.Th>
          <Table.Th>Customer and file</Table.Th>
          <Table.Th>State</Table.Th>
        </Table.Tr>
      </Table.Thead>
      {uploads.map((u) => (
        <Table.Tbody key={u.id} data-testid={`upload-${u.id}`}>
          <Table.Tr style={{ borderBottom: 0 }}>
            <Table.Td>{displayDateTime(u.createdAt)}</Table.Td>
            <Table.Td>
              <Text size="sm" fw={500}>
                {u.customerName}
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {u.fileName}
              </Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <StateBadge upload={u} />
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td colSpan={3} pt={0}>
              <Report upload={u} />
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      ))}
    </Table>
  );
}

/** The Variable Data Upload screen. */
export default function VariableDataUploadPage() {
  const customersQuery = useVariableDataCustomersQuery();
  const queryClient = useQueryClient();
  const [customerId, setCustomerId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const customers = customersQuery.data?.customers ?? [];
  const chosen = customers.find((c) => String(c.customerId) === customerId);
  const sending = progress !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || !file || sending) return;
    setProgress(0);
    try {
      const answer = await uploadVariableData(chosen.customerId, file, setProgress);
      showSuccess(answer.message || MESSAGES.variableDataUploaded);
      setFile(null);
      // A new input, so that choosing the same file again is a change.
      setFileKey((k) => k + 1);
      await queryClient.invalidateQueries({ queryKey: variableDataKeys.uploads() });
    } catch (error) {
      showError(errorMessageOf(error));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Container size="lg" py="md">
      <Stack gap="lg">
        <Title order={2}>Variable Data Upload</Title>
        <Paper withBorder radius="md" p="lg" component="form" onSubmit={submit} data-testid="upload-form">
          <Stack gap="md" maw={560}>
            <Select
              label="Customer"
              placeholder={customersQuery.isPending ? 'Loading customers…' : 'Choose a customer'}
              data={customers.map((c) => ({ value: String(c.customerId), label: c.customerName }))}
              value={customerId}
              onChange={setCustomerId}
              disabled={sending}
              searchable
              nothingFoundMessage="No customer with a data file parser"
              required
              data-testid="upload-customer"
              description={chosen ? LAYOUT_NAMES[chosen.parserType] : undefined}
              error={customersQuery.isError ? errorMessageOf(customersQuery.error) : undefined}
            />
            <FileInput
              key={fileKey}
              label="File"
              placeholder="Choose the retailer's data file"
              accept=".csv,.txt,text/csv,text/plain"
              value={file}
              onChange={setFile}
              disabled={sending}
              clearable
              required
              leftSection={<IconFileText size={16} />}
              data-testid="upload-file"
            />
            {sending && (
              <Progress
                value={Math.round((progress ?? 0) * 100)}
                animated
                size="lg"
                aria-label={`Uploading ${Math.round((progress ?? 0) * 100)}%`}
                data-testid="upload-progress"
              />
            )}
            <Group>
              <Button
                type="submit"
                leftSection={<IconUpload size={16} />}
                disabled={!chosen || !file}
                loading={sending}
                data-testid="upload-submit"
              >
                Upload
              </Button>
            </Group>
          </Stack>
        </Paper>
        <Stack gap="xs">
          <Title order={3} size="h4">
            Your recent uploads
          </Title>
          <RecentUploads />
        </Stack>
      </Stack>
    </Container>
  );
}
