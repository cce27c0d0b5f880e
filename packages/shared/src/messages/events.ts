/**
 * Ours (live updates, docs/decisions/0068): the short notices shown when another user
 * changed what is on screen ("Finance approved by finance@…"). The spec gives none of these texts.
 */
import type { LiveOrderChange } from '../schemas/events';

/** What happened to an order, as a notice says it (before "by <e-mail>"). */
export const LIVE_ORDER_CHANGE_TEXTS: Record<LiveOrderChange, string> = {
  place: 'Order placed',
  requestArtworkApproval: 'Artwork approval requested',
  submitReviews: 'Reviews submitted',
  completeProduction: 'Production completed',
  approveFinance: 'Finance approved',
  shipAndComplete: 'Shipped and completed',
  cancel: 'Order cancelled',
  setEstimatedCompletionDate: 'Estimated completion date changed',
  setInvoiceNumber: 'Invoice number changed',
  uploadShippingDocument: 'Shipping document uploaded',
  artworkUploaded: 'Artwork uploaded',
  artworkReviewed: 'Artwork reviewed',
  updated: 'Order updated',
};

export const LIVE_EVENT_MESSAGES = {
  /** "Finance approved by finance@example.com" */
  orderChanged: (change: LiveOrderChange, email: string) => `${LIVE_ORDER_CHANGE_TEXTS[change]} by ${email}`,
  cartChanged: 'Your cart was changed in another tab.',
  masterDataSaved: (email: string) => `This record was saved by ${email}.`,
  /** On a page whose form has unsaved edits: the change is not applied until the user asks. */
  reloadOffer: 'Reload',
  editingKept: 'Your unsaved changes are kept; reload to see the new state.',
} as const;
