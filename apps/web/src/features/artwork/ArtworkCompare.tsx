/**
 * Side-by-side compare of two artwork versions of one line (ordering §4 Item artwork; what label
 * buyers know from proofing tools): two version selects, each version's review status and comment,
 * and two viewers. It opens on the previous version (left) against the newest (right).
 */
import { Grid, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { ArtworkVersion } from '@selvedge/shared';
import { useState } from 'react';
import { VersionStatusBadge } from './ArtworkVersions';
import { ArtworkViewer } from './ArtworkViewer';
import { versionLabel } from './artwork-files';

/** Props of {@link ArtworkCompare}. */
export interface ArtworkCompareProps {
  opened: boolean;
  onClose: () => void;
  orderId: number;
  orderItemId: number;
  /** Title of the line ('RT-WL-101'). */
  title: string;
  /** Newest first (at least two). */
  versions: ArtworkVersion[];
}

/** One side: a version select over its viewer. */
function Side({
  label,
  value,
  onChange,
  versions,
  orderId,
  orderItemId,
  testId,
}: {
  label: string;
  value: number;
  onChange: (versionId: number) => void;
  versions: ArtworkVersion[];
  orderId: number;
  orderItemId: number;
  testId: string;
}) {
  const version = versions.find((v) => v.versionId === value) ?? versions[0];
  return (
    <Stack gap="xs" data-testid={testId}>
      <Select
        label={label}
        data={versions.map((v) => ({ value: String(v.versionId), label: versionLabel(v) }))}
        value={String(version.versionId)}
        onChange={(next) => next && onChange(Number(next))}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true, zIndex: 400 }}
        data-testid={`${testId}-select`}
      />
      <Group gap="xs" wrap="nowrap" mih={22}>
        <VersionStatusBadge status={version.status} />
        {version.comment && (
          <Text size="sm" c="dimmed" truncate="end" title={version.comment}>
            {version.comment}
          </Text>
        )}
      </Group>
      <ArtworkViewer orderId={orderId} orderItemId={orderItemId} version={version} height={440} />
    </Stack>
  );
}

/** The compare dialog. */
export function ArtworkCompare({
  opened,
  onClose,
  orderId,
  orderItemId,
  title,
  versions,
}: ArtworkCompareProps) {
  const [left, setLeft] = useState(versions[1]?.versionId ?? versions[0].versionId);
  const [right, setRight] = useState(versions[0].versionId);
  const common = { versions, orderId, orderItemId };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Compare artwork versions — ${title}`}
      size="calc(100vw - 64px)"
      centered
      data-testid="artwork-compare"
    >
      <Grid gap="md">
        <Grid.Col span={6}>
          <Side label="Left" value={left} onChange={setLeft} testId="artwork-compare-left" {...common} />
        </Grid.Col>
        <Grid.Col span={6}>
          <Side label="Right" value={right} onChange={setRight} testId="artwork-compare-right" {...common} />
        </Grid.Col>
      </Grid>
    </Modal>
  );
}
