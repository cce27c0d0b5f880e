/**
 * Document lists of an order (ordering §2 Order details: related documents; §3 shippingDocs): names
 * only for now (the download links come with the documents issue).
 */
import { Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import type { DocumentRef } from '@selvedge/shared';
import { IconFileText } from '@tabler/icons-react';

export function DocumentList({
  label,
  documents,
  testId,
}: {
  label: string;
  documents: DocumentRef[];
  testId: string;
}) {
  return (
    <Stack gap={4} data-testid={testId}>
      <Text size="xs" c="dimmed" fw={500} tt="uppercase">
        {label}
      </Text>
      {documents.length === 0 ? (
        <Text size="sm" c="dimmed">
          None
        </Text>
      ) : (
        <List
          spacing={4}
          size="sm"
          icon={
            <ThemeIcon size={20} variant="light" color="gray">
              <IconFileText size={14} />
            </ThemeIcon>
          }
        >
          {documents.map((d) => (
            <List.Item key={d.documentId} data-document-id={d.documentId}>
              <Group gap={4}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {d.name}
                </Text>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
