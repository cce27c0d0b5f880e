/**
 * The artwork banner of an order line (ordering §4 Item artwork): Needs Artwork Upload, Artwork
 * Uploaded, Requires Artwork Review, Artwork Approved, or Rejected with its comments. Display only;
 * the artwork panel (features/artwork/ArtworkPanel) shows it beside the upload and review buttons.
 */
import { Alert, Text } from '@mantine/core';
import {
  type ArtworkBannerKind,
  artworkBannerKind,
  LABELS,
  type OrderItem,
  type OrderStatus,
} from '@selvedge/shared';
import { IconAlertCircle, IconCircleCheck, IconEye, IconFileUpload, IconPhotoX } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type Artwork = NonNullable<OrderItem['artwork']>;

interface Banner {
  title: string;
  color: string;
  icon: ReactNode;
}

const BANNERS: Record<ArtworkBannerKind, Banner> = {
  needsUpload: {
    title: LABELS.artworkBanner.needsUpload,
    color: 'yellow',
    icon: <IconFileUpload size={18} />,
  },
  requiresReview: {
    title: LABELS.artworkBanner.requiresReview,
    color: 'orange',
    icon: <IconEye size={18} />,
  },
  uploaded: { title: LABELS.artworkBanner.uploaded, color: 'blue', icon: <IconAlertCircle size={18} /> },
  rejected: { title: LABELS.artworkBanner.rejected, color: 'red', icon: <IconPhotoX size={18} /> },
  approved: { title: LABELS.artworkBanner.approved, color: 'green', icon: <IconCircleCheck size={18} /> },
};

/** Which banner a line's artwork shows (the shared rule artworkBannerKind), or null for none. */
export function artworkBanner(artwork: Artwork, orderStatus: OrderStatus, cancelled = false): Banner | null {
  const kind = artworkBannerKind(artwork.status, { orderStatus, cancelled });
  return kind ? BANNERS[kind] : null;
}

/** The banner of one line's artwork. */
export function ArtworkBanner({
  artwork,
  orderStatus,
  cancelled = false,
}: {
  artwork: Artwork;
  orderStatus: OrderStatus;
  /** The order is cancelled (no banner asks for an action). */
  cancelled?: boolean;
}) {
  const banner = artworkBanner(artwork, orderStatus, cancelled);
  // No banner asks for an upload on a cancelled order; the panel still says why it is empty.
  if (!banner)
    return (
      <Text size="sm" c="dimmed" data-testid="artwork-none">
        No artwork was uploaded.
      </Text>
    );
  return (
    <Alert
      variant="light"
      color={banner.color}
      icon={banner.icon}
      title={banner.title}
      p="xs"
      data-testid="artwork-banner"
      data-artwork-status={artwork.status}
    >
      {artwork.name && (
        <Text size="sm">
          File: <span data-testid="artwork-name">{artwork.name}</span>
        </Text>
      )}
      {artwork.comments && (
        <Text size="sm" data-testid="artwork-comments" style={{ whiteSpace: 'pre-line' }}>
          {artwork.status === 'REJECTED' ? 'Comments: ' : 'Comment: '}
          {artwork.comments}
        </Text>
      )}
    </Alert>
  );
}
