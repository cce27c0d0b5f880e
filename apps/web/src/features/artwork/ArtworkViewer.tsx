/**
 * Shows one artwork version (ordering §4 Item artwork; §7 GET /orders/{id}/artwork/{itemId}/versions/
 * {versionId}): PNG, JPEG and SVG inline from a blob URL, PDF and AI drawn by pdf.js, TIFF and EPS
 * (and anything the browser cannot draw) as a file card with a download button. A caption names the
 * version and offers the download in every case.
 */
import { Box, Button, Center, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ArtworkVersion } from '@selvedge/shared';
import { IconDownload, IconFileDescription } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { artworkVersionPath, useArtworkFileQuery } from '../../api/artwork';
import { downloadFile, useObjectUrl } from '../../api/files';
import { DownloadIconButton } from '../../ui/DownloadIconButton';
import { artworkKind, formatBytes, versionLabel } from './artwork-files';
import { PdfCanvas } from './PdfCanvas';

/** Props of {@link ArtworkViewer}. */
export interface ArtworkViewerProps {
  orderId: number;
  orderItemId: number;
  version: ArtworkVersion;
  /** Height of the drawing area (the caption comes on top). */
  height?: number;
}

/** The file card of a version that is not drawn: type, size and a download button. */
function FileCard({ version, onDownload }: { version: ArtworkVersion; onDownload: () => void }) {
  return (
    <Stack align="center" gap="xs" p="md" data-testid="artwork-file-card">
      <ThemeIcon size={48} variant="light" color="gray" radius="md" aria-hidden>
        <IconFileDescription size={28} />
      </ThemeIcon>
      <Text size="sm" fw={500} ta="center" style={{ overflowWrap: 'anywhere' }}>
        {version.name}
      </Text>
      <Text size="xs" c="dimmed">
        {version.contentType} · {formatBytes(version.size)} · no preview for this type
      </Text>
      <Button size="xs" variant="light" leftSection={<IconDownload size={14} />} onClick={onDownload}>
        Download v{version.version}
      </Button>
    </Stack>
  );
}

/** One version, drawn or as a file card. */
export function ArtworkViewer({ orderId, orderItemId, version, height = 340 }: ArtworkViewerProps) {
  const kind = artworkKind(version);
  const file = useArtworkFileQuery(orderId, orderItemId, kind === 'file' ? null : version.versionId);
  // The blob typed as the server read the content, so that an SVG shows even when sent as bytes.
  const blob = useMemo(
    () => (file.data ? new Blob([file.data], { type: version.contentType }) : null),
    [file.data, version.contentType],
  );
  const imageUrl = useObjectUrl(kind === 'image' ? blob : null);
  const [failed, setFailed] = useState<number | null>(null);
  const download = () => void downloadFile(artworkVersionPath(orderId, orderItemId, version.versionId));
  const label = `Artwork ${versionLabel(version)}`;

  let body: ReactNode;
  if (kind === 'file' || file.isError || failed === version.versionId)
    body = <FileCard version={version} onDownload={download} />;
  else if (!blob) body = <Loader size="sm" aria-label="Loading the artwork" />;
  else if (kind === 'image')
    body = imageUrl && (
      <img
        src={imageUrl}
        alt={label}
        onError={() => setFailed(version.versionId)}
        style={{ maxWidth: '100%', maxHeight: height - 16, objectFit: 'contain', display: 'block' }}
        data-testid="artwork-image"
      />
    );
  else
    body = (
      <PdfCanvas
        blob={blob}
        height={height - 16}
        label={label}
        onError={() => setFailed(version.versionId)}
      />
    );

  return (
    <Stack gap={4} data-testid="artwork-viewer" data-kind={kind} data-version={version.version}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed" truncate="end" title={version.name}>
          {versionLabel(version)} · {formatBytes(version.size)}
        </Text>
        <DownloadIconButton
          path={artworkVersionPath(orderId, orderItemId, version.versionId)}
          label={`Download artwork v${version.version}`}
          tooltip={`Download v${version.version}`}
          size="sm"
          testId="artwork-viewer-download"
        />
      </Group>
      <Box
        h={height}
        p={8}
        bg="gray.1"
        style={{
          borderRadius: 'var(--mantine-radius-sm)',
          border: '1px solid var(--mantine-color-gray-3)',
          overflow: 'hidden',
        }}
      >
        <Center h="100%">{body}</Center>
      </Box>
    </Stack>
  );
}
