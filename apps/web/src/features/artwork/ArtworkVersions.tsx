/**
 * The version history of a line's artwork (ordering §4 Item artwork; schemas/orders.ts
 * ArtworkVersion): every uploaded version, newest first, with its file name, who uploaded it and
 * when, its review status, the review comment when the answer carries one, who reviewed it and
 * when, and a download button.
 */
import { Badge, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ArtworkVersion } from '@selvedge/shared';
import { artworkVersionPath } from '../../api/artwork';
import { DownloadIconButton } from '../../ui/DownloadIconButton';
import { displayDateTime, orDash } from '../orders/format';

const STATUS_COLORS: Record<ArtworkVersion['status'], string> = {
  UPLOADED: 'blue',
  APPROVED: 'green',
  REJECTED: 'red',
};
const STATUS_LABELS: Record<ArtworkVersion['status'], string> = {
  UPLOADED: 'Uploaded',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};

/** The review status of one version as a coloured badge. */
export function VersionStatusBadge({ status }: { status: ArtworkVersion['status'] }) {
  return (
    <Badge
      color={STATUS_COLORS[status]}
      variant="light"
      size="sm"
      style={{ flexShrink: 0, overflow: 'visible' }}
    >
      {STATUS_LABELS[status]}
    </Badge>
  );
}

/** Who and when, on two lines ('---' when nobody yet). */
function ByAt({ by, at }: { by: string | null; at: string | null }) {
  if (!by && !at) return <Text size="sm">{orDash(null)}</Text>;
  return (
    <Stack gap={0}>
      <Text size="sm">{orDash(by)}</Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {at ? displayDateTime(at) : ''}
      </Text>
    </Stack>
  );
}

/** The version history table of one line. */
export function ArtworkVersions({
  orderId,
  orderItemId,
  versions,
}: {
  orderId: number;
  orderItemId: number;
  versions: ArtworkVersion[];
}) {
  const withComments = versions.some((v) => v.comment);
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table
        withTableBorder
        striped
        verticalSpacing={6}
        fz="sm"
        data-testid="artwork-versions"
        aria-label="Artwork versions"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={70}>Version</Table.Th>
            <Table.Th>File Name</Table.Th>
            <Table.Th>Uploaded</Table.Th>
            <Table.Th style={{ minWidth: 104 }}>Status</Table.Th>
            {withComments && <Table.Th>Comment</Table.Th>}
            <Table.Th>Reviewed</Table.Th>
            <Table.Th w={48}>
              <VisuallyHidden>Download</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {versions.map((v) => (
            <Table.Tr key={v.versionId} data-testid="artwork-version-row" data-version={v.version}>
              <Table.Td fw={600}>v{v.version}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{v.name}</Table.Td>
              <Table.Td>
                <ByAt by={v.uploadedBy} at={v.uploadedAt} />
              </Table.Td>
              <Table.Td>
                <VersionStatusBadge status={v.status} />
              </Table.Td>
              {withComments && (
                <Table.Td style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {v.comment ?? ''}
                </Table.Td>
              )}
              <Table.Td>
                <ByAt by={v.reviewedBy} at={v.reviewedAt} />
              </Table.Td>
              <Table.Td>
                <DownloadIconButton
                  path={artworkVersionPath(orderId, orderItemId, v.versionId)}
                  label={`Download artwork v${v.version} ${v.name}`}
                  tooltip={`Download v${v.version}`}
                  testId="artwork-version-download"
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
