/** Texts of item artwork (ordering §4 Item artwork, §5 Artwork upload, §8 Success messages). */
import type { OrderStatus } from '../rules/orderStatus';
import { describeStatus } from './workflow';

/** ordering §5 Artwork upload (`artworkTooLarge` takes the limit in MB) and §8 Success messages. */
export const ARTWORK_SPEC_MESSAGES = {
  artworkTooLarge: (mb: number) => `File size can not exceed ${mb} MB.`,
  artworkCommentRequired: 'An artwork review needs a comment.',
  artworkUploaded: 'Artwork has been uploaded successfully.',
  artworkApprovalRequested: 'Artwork approval successfully requested.',
  reviewsSubmitted: 'Reviews sucessfully submitted.',
} as const;

/** Ours, besides §5's comment rule: why an artwork upload or review is refused (ordering §4 Item artwork). */
export const ARTWORK_MESSAGES = {
  uploadNotAllowed: (s: OrderStatus) =>
    `Artwork can be uploaded only while the order is Placed; it is ${describeStatus(s)}.`,
  alreadyApproved: 'This artwork is approved: it can no longer be replaced.',
  approvalRequested: 'Artwork approval has been requested: wait for the reviews before uploading again.',
  reviewNotAllowed: (s: OrderStatus) =>
    `Artwork can be reviewed only while the order is Art Prepared; it is ${describeStatus(s)}.`,
  nothingToReview: 'This item has no artwork to review.',
  finalized: 'This artwork approval is final: it can no longer be changed.',
  noArtwork: 'This item needs no artwork.',
  commentRequired: ARTWORK_SPEC_MESSAGES.artworkCommentRequired,
} as const;

/** Ours: the artwork calls' refusals and answers (ordering §7 Artwork). */
export const ARTWORK_API_MESSAGES = {
  itemNotFound: 'This item is not part of the order.',
  versionNotFound: 'This artwork version does not exist.',
  noArtworkYet: 'No artwork has been uploaded for this item yet.',
  reviewSaved: 'Artwork review saved.',
} as const;
