/**
 * Document lists of an order and of the cart (ordering §2 Order details: related documents; §3
 * shippingDocs, relatedDocs, the generated PDFs; §7 Documents): one row per document, its name as a
 * download button (the file is named by the server's Content-Disposition) and, where allowed, a
 * remove button.
 */
import { ActionIcon, Group, Stack, Text, ThemeIcon, Tooltip, UnstyledButton } from '@mantine/core';
import type { DocumentRef } from '@selvedge/shared';
import { IconFileText, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { downloadFile } from '../../api/files';
import { DownloadIconButton } from '../../ui/DownloadIconButton';

/** One downloadable document: its name, an optional note under it and the path of its file. */
export interface DocumentEntry {
  key: string;
  name: string;
  note?: string;
  path: string;
  testId?: string;
}

/** One row: icon, name (a download button), note, download icon and an optional remove icon. */
export function DocumentRow({
  entry,
  onRemove,
  disabled,
}: {
  entry: DocumentEntry;
  onRemove?: () => void;
  disabled?: boolean;
}) {
  const download = () => void downloadFile(entry.path);
  return (
    <Group gap="xs" wrap="nowrap" data-testid={entry.testId} data-document={entry.key}>
      <ThemeIcon size={26} variant="light" color="gray" aria-hidden>
        <IconFileText size={16} />
      </ThemeIcon>
      <Stack gap={0} miw={0} style={{ flex: 1 }}>
        <UnstyledButton
          onClick={download}
          disabled={disabled}
          fz="sm"
          c="blue"
          td="underline"
          ta="left"
          style={{ overflowWrap: 'anywhere' }}
          aria-label={`Download ${entry.name}`}
          data-testid="document-download"
        >
          {entry.name}
        </UnstyledButton>
        {entry.note && (
          <Text size="xs" c="dimmed">
            {entry.note}
          </Text>
        )}
      </Stack>
      <DownloadIconButton
        path={entry.path}
        label={`Download ${entry.name}`}
        color="gray"
        disabled={disabled}
        tabIndex={-1}
      />
      {onRemove && (
        <Tooltip label="Remove" withArrow>
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={onRemove}
            disabled={disabled}
            aria-label={`Remove ${entry.name}`}
            data-testid="document-remove"
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/** A labelled list of document rows ('None' when empty), with an optional action (an upload) under the label. */
export function DocumentRows({
  label,
  entries,
  testId,
  action,
  onRemove,
  disabled,
  emptyText = 'None',
}: {
  label: string;
  entries: DocumentEntry[];
  testId: string;
  action?: ReactNode;
  onRemove?: (entry: DocumentEntry) => void;
  disabled?: boolean;
  emptyText?: string;
}) {
  return (
    <Stack gap={6} data-testid={testId}>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed" fw={500} tt="uppercase">
          {label}
        </Text>
        {action}
      </Group>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      ) : (
        entries.map((entry) => (
          <DocumentRow
            key={entry.key}
            entry={entry}
            onRemove={onRemove ? () => onRemove(entry) : undefined}
            disabled={disabled}
          />
        ))
      )}
    </Stack>
  );
}

/** The rows of uploaded documents (related or shipping), each downloaded from `pathOf(documentId)`. */
export const documentEntries = (documents: DocumentRef[], pathOf: (documentId: number) => string) =>
  documents.map(
    (d): DocumentEntry => ({ key: String(d.documentId), name: d.name, path: pathOf(d.documentId) }),
  );
