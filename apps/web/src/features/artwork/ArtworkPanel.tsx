/**
 * The artwork panel of one order line (ordering §4 Item artwork, §5 Artwork upload, §7 Artwork, §8
 * 'Uploading Artwork...', 'Updating Artwork Review...'): the banner, the current version shown as a
 * proof, the version history, a side-by-side compare of two versions, and the buttons the server
 * allows in `artwork.actions` — Upload (with a progress bar) for 'upload'; Approve and Reject, or
 * Edit on a decision already taken (artworkEditOffered), for 'review'.
 */
import { Badge, Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { artworkEditOffered, type OrderItem, type OrderStatus, OVERLAYS } from '@selvedge/shared';
import { IconArrowsLeftRight, IconCheck, IconEdit, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { reviewArtwork, uploadArtwork } from '../../api/artwork';
import { useOrderEditing } from '../../api/live-state';
import { useOrderCommand } from '../../api/orders';
import { FileUploadButton } from '../../ui/FileUploadButton';
import { ArtworkBanner } from '../orders/ArtworkBanner';
import { displayDateTime } from '../orders/format';
import { ArtworkCompare } from './ArtworkCompare';
import { ArtworkReviewModal, type ReviewDraft, type ReviewMode } from './ArtworkReviewModal';
import { ArtworkVersions } from './ArtworkVersions';
import { ArtworkViewer } from './ArtworkViewer';
import { ARTWORK_ACCEPT, versionLabel } from './artwork-files';

type Artwork = NonNullable<OrderItem['artwork']>;

/** Props of {@link ArtworkPanel}. */
export interface ArtworkPanelProps {
  orderId: number;
  orderStatus: OrderStatus;
  /** The order is cancelled: the banner asks for nothing. */
  cancelled?: boolean;
  item: OrderItem & { artwork: Artwork };
}

/** A review being written: the dialog's mode and the draft it starts from. */
interface ReviewState {
  mode: ReviewMode;
  draft: ReviewDraft;
  /** Bumped on each opening, so the dialog starts from `draft` again. */
  opening: number;
}

/** The artwork panel of one line. */
export function ArtworkPanel({ orderId, orderStatus, cancelled = false, item }: ArtworkPanelProps) {
  const { artwork, orderItemId } = item;
  const { run, busy } = useOrderCommand(orderId);
  const [review, setReview] = useState<ReviewState | null>(null);
  // An open review dialog is being written: live updates leave the order's page alone (docs/decisions/0068).
  useOrderEditing(orderId, review !== null);
  const [comparing, setComparing] = useState(false);
  const current = artwork.versions[0] ?? null;
  const canUpload = artwork.actions.includes('upload');
  const canReview = artwork.actions.includes('review') && current !== null;
  const editOffered = canReview && artworkEditOffered(artwork);

  const upload = (file: File) =>
    void run({
      overlay: OVERLAYS.uploadingArtwork,
      call: (progress) => uploadArtwork(orderId, orderItemId, file, progress),
    });

  const openReview = (mode: ReviewMode) =>
    setReview((prev) => ({
      mode,
      opening: (prev?.opening ?? 0) + 1,
      draft: {
        approved: mode === 'approve' || (mode === 'edit' && artwork.status === 'REJECTED'),
        comment: '',
      },
    }));

  const submitReview = async (draft: ReviewDraft) => {
    const mode = review?.mode ?? 'edit';
    setReview(null); // the overlay shows while the call runs
    const answer = await run({
      overlay: OVERLAYS.updatingArtworkReview,
      call: () => reviewArtwork(orderId, orderItemId, draft),
    });
    // A failed call opens the dialog again with what was typed.
    if (!answer) setReview((prev) => ({ mode, draft, opening: (prev?.opening ?? 0) + 1 }));
  };

  const subject = current ? `${item.productSubcode} · ${versionLabel(current)}` : item.productSubcode;

  return (
    <Stack gap="sm" data-testid="artwork-panel" data-artwork-status={artwork.status}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs">
          <Title order={5}>Artwork</Title>
          {artwork.versions.length > 0 && (
            <Badge variant="default" size="sm" tt="none" fw={500}>
              {artwork.versions.length} {artwork.versions.length === 1 ? 'version' : 'versions'}
            </Badge>
          )}
        </Group>
        <Group gap="xs" wrap="wrap" role="toolbar" aria-label={`Artwork of ${item.productSubcode}`}>
          {artwork.versions.length >= 2 && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconArrowsLeftRight size={14} />}
              onClick={() => setComparing(true)}
              data-testid="artwork-compare"
            >
              Compare Versions
            </Button>
          )}
          {canUpload && (
            <FileUploadButton
              label={current ? 'Upload New Version' : 'Upload Artwork'}
              size="xs"
              accept={ARTWORK_ACCEPT}
              onFile={upload}
              disabled={busy}
              testId="artwork-upload"
            />
          )}
          {canReview && editOffered && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconEdit size={14} />}
              onClick={() => openReview('edit')}
              disabled={busy}
              data-testid="artwork-edit"
            >
              Edit
            </Button>
          )}
          {canReview && !editOffered && (
            <>
              <Button
                size="xs"
                color="green"
                leftSection={<IconCheck size={14} />}
                onClick={() => openReview('approve')}
                disabled={busy}
                data-testid="artwork-approve"
              >
                Approve
              </Button>
              <Button
                size="xs"
                color="red"
                variant="light"
                leftSection={<IconX size={14} />}
                onClick={() => openReview('reject')}
                disabled={busy}
                data-testid="artwork-reject"
              >
                Reject
              </Button>
            </>
          )}
        </Group>
      </Group>

      <Grid gap="md" align="stretch">
        <Grid.Col span={{ base: 12, md: current ? 7 : 12 }}>
          {current ? (
            <ArtworkViewer orderId={orderId} orderItemId={orderItemId} version={current} />
          ) : (
            <ArtworkBanner artwork={artwork} orderStatus={orderStatus} cancelled={cancelled} />
          )}
        </Grid.Col>
        {current && (
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="sm">
              <ArtworkBanner artwork={artwork} orderStatus={orderStatus} cancelled={cancelled} />
              <Stack gap={2}>
                <Text size="xs" c="dimmed" fw={500} tt="uppercase">
                  Current version
                </Text>
                <Text size="sm" data-testid="artwork-current-version">
                  v{current.version} uploaded by {current.uploadedBy} on {displayDateTime(current.uploadedAt)}
                </Text>
                {current.reviewedBy && (
                  <Text size="sm" c="dimmed">
                    Reviewed by {current.reviewedBy}
                    {current.reviewedAt ? ` on ${displayDateTime(current.reviewedAt)}` : ''}
                  </Text>
                )}
              </Stack>
            </Stack>
          </Grid.Col>
        )}
      </Grid>

      {artwork.versions.length > 0 && (
        <Stack gap={4}>
          <Text size="xs" c="dimmed" fw={500} tt="uppercase">
            Version history
          </Text>
          <ArtworkVersions orderId={orderId} orderItemId={orderItemId} versions={artwork.versions} />
        </Stack>
      )}

      {review && (
        <ArtworkReviewModal
          key={review.opening}
          mode={review.mode}
          initial={review.draft}
          subject={subject}
          onClose={() => setReview(null)}
          onSubmit={(draft) => void submitReview(draft)}
        />
      )}
      {comparing && artwork.versions.length >= 2 && (
        <ArtworkCompare
          opened
          onClose={() => setComparing(false)}
          orderId={orderId}
          orderItemId={orderItemId}
          title={item.productSubcode}
          versions={artwork.versions}
        />
      )}
    </Stack>
  );
}
