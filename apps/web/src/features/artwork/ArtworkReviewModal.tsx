/**
 * The artwork review dialog (ordering §4 Item artwork: 'Approve or Reject (with a required
 * comment)', 'Edit' on rejected or approved-not-finalized artwork; §5 'An artwork review needs a
 * comment.'). Approve and Reject open it with their decision; Edit lets the reviewer choose the
 * decision again. Enter sends (Shift+Enter starts a new line); an empty comment is refused in the
 * dialog before anything is sent. The parent mounts it while a review is being written.
 */
import { Button, Group, Modal, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { MESSAGES, ORDER_TEXT_LIMITS } from '@selvedge/shared';
import { type FormEvent, useState } from 'react';

/** What opened the dialog. */
export type ReviewMode = 'approve' | 'reject' | 'edit';

/** A review as sent: PUT /orders/{id}/artwork/{itemId} { comment, approved }. */
export interface ReviewDraft {
  approved: boolean;
  comment: string;
}

/** Props of {@link ArtworkReviewModal}. */
export interface ArtworkReviewModalProps {
  mode: ReviewMode;
  /** The draft to start from (the comment typed before a failed call is kept). */
  initial: ReviewDraft;
  /** What is reviewed ('RT-WL-101 · v2 · label.pdf'). */
  subject: string;
  onClose: () => void;
  onSubmit: (review: ReviewDraft) => void;
}

/** The review dialog (open while mounted). */
export function ArtworkReviewModal({ mode, initial, subject, onClose, onSubmit }: ArtworkReviewModalProps) {
  const [approved, setApproved] = useState(initial.approved);
  const [comment, setComment] = useState(initial.comment);
  const [error, setError] = useState<string | null>(null);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!comment.trim()) return setError(MESSAGES.artworkCommentRequired);
    onSubmit({ approved, comment: comment.trim() });
  };

  const title = mode === 'edit' ? 'Edit artwork review' : approved ? 'Approve artwork' : 'Reject artwork';
  return (
    <Modal opened onClose={onClose} title={title} centered size="lg">
      <form onSubmit={submit} noValidate data-testid="artwork-review-form">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {subject}
          </Text>
          {mode === 'edit' && (
            <SegmentedControl
              value={approved ? 'approve' : 'reject'}
              onChange={(value) => setApproved(value === 'approve')}
              data={[
                { value: 'approve', label: 'Approve' },
                { value: 'reject', label: 'Reject' },
              ]}
              color={approved ? 'green' : 'red'}
              aria-label="Decision"
              data-testid="artwork-review-decision"
            />
          )}
          <Textarea
            label="Comment"
            description="Enter sends; Shift+Enter starts a new line."
            withAsterisk
            autosize
            minRows={3}
            maxRows={8}
            maxLength={ORDER_TEXT_LIMITS.comment}
            value={comment}
            onChange={(event) => {
              setComment(event.currentTarget.value);
              setError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                submit();
              }
            }}
            error={error}
            data-autofocus
            data-testid="artwork-review-comment"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color={approved ? 'green' : 'red'} data-testid="artwork-review-submit">
              {approved ? 'Approve' : 'Reject'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
