/**
 * The artwork banner of an order line (ordering §4 Item artwork): Needs Artwork Upload, Artwork
 * Uploaded, Requires Artwork Review, Artwork Approved, or Rejected with its comments. Display only;
 * the artwork panel (features/artwork/ArtworkPanel) shows it beside the upload and review buttons.
 */
import { Alert, Text } from '@mantine/core';
import type { OrderItem, OrderStatus } from '@selvedge/shared';
import { IconAlertCircle, IconCircleCheck, IconEye, IconFileUpload, IconPhotoX } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type Artwork = NonNullable<OrderItem['artwork']>;

interface Banner {
  title: string;
  color: string;
  icon: ReactNode;
}

/** Which banner a line's artwork shows, given the order's status. */
export function artworkBanner(artwork: Artwork, orderStatus: OrderStatus): Banner {
  switch (artwork.status) {
    case 'NEEDS_UPLOAD':
      return { title: 'Needs Artwork Upload', color: 'yellow', icon: <IconFileUpload size={18} /> };
    case 'UPLOADED':
      // Uploaded artwork waits for review once approval has been requested.
      return orderStatus === 'NEEDS_ART_APPROVAL'
        ? { title: 'Requires Artwork Review', color: 'orange', icon: <IconEye size={18} /> }
        : { title: 'Artwork Uploaded', color: 'blue', icon: <IconAlertCircle size={18} /> };
    case 'REJECTED':
      return { title: 'Rejected', color: 'red', icon: <IconPhotoX size={18} /> };
    case 'APPROVED':
      return { title: 'Artwork Approved', color: 'green', icon: <IconCircleCheck size={18} /> };
  }
}

/** The banner of one line's artwork. */
export function ArtworkBanner({ artwork, orderStatus }: { artwork: Artwork; orderStatus: OrderStatus }) {
  const banner = artworkBanner(artwork, orderStatus);
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
