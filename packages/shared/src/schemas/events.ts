/**
 * Live updates (docs/decisions/0068): what one event of `GET /api/v1.0/events` (a
 * text/event-stream) carries to the web app. Ids and what changed, never a value the receiver may
 * not see (no price, no cost, no invoice number): the web refetches through the normal API.
 *
 * Each event goes out as `id: <id>`, `event: <kind>`, `data: <LiveEvent as JSON>`. A stream that
 * resumes with a Last-Event-ID this instance no longer knows, or asks with `?dataAge=` for events
 * older than it kept, first gets `event: reset` (refetch everything), then the new events.
 */
import { z } from 'zod';
import { CARE_LIST_KINDS } from '../careLabel/kinds';
import { ORDER_STATUSES } from '../rules/orderStatus';
import { ORDER_ACTIONS } from '../rules/orderWorkflow';
import { DATA_UPLOAD_STATES } from './variableData';

/** What happened to an order: an order action of the state machine, or an item-level artwork step. */
export const LIVE_ORDER_CHANGES = [
  ...ORDER_ACTIONS,
  'artworkUploaded',
  'artworkReviewed',
  'updated',
] as const;
export type LiveOrderChange = (typeof LIVE_ORDER_CHANGES)[number];

/** Who did it: the e-mail and role of the user (never their assignments). */
const liveActor = z.object({ email: z.string(), role: z.string() });

export const liveOrderEvent = z.object({
  id: z.string(),
  kind: z.literal('order'),
  orderId: z.number().int(),
  change: z.enum(LIVE_ORDER_CHANGES),
  status: z.enum(ORDER_STATUSES),
  actor: liveActor,
});
export const liveCartEvent = z.object({
  id: z.string(),
  kind: z.literal('cart'),
  cartId: z.number().int(),
  actor: liveActor,
});
export const liveUploadEvent = z.object({
  id: z.string(),
  kind: z.literal('upload'),
  uploadId: z.number().int(),
  state: z.enum(DATA_UPLOAD_STATES),
  rowsDone: z.number().int(),
  rowsTotal: z.number().int().nullable(),
});
export const liveMasterDataEvent = z.object({
  id: z.string(),
  kind: z.literal('masterData'),
  /** The master-data entity's key (masterDataRegistry), e.g. 'customers'. */
  entity: z.string(),
  recordId: z.number().int(),
  actor: liveActor,
});
/** A care-label list added, renamed, removed, or an option added to or removed from it. */
export const liveCareListEvent = z.object({
  id: z.string(),
  kind: z.literal('careList'),
  listKind: z.enum(CARE_LIST_KINDS),
  listId: z.number().int(),
  actor: liveActor,
});
/** Current inventory of product items changed (inventory update; shipping takes or restocks). */
export const liveStockEvent = z.object({
  id: z.string(),
  kind: z.literal('stock'),
  productItemIds: z.array(z.number().int()),
  actor: liveActor,
});
export const liveEvent = z.discriminatedUnion('kind', [
  liveOrderEvent,
  liveCartEvent,
  liveUploadEvent,
  liveMasterDataEvent,
  liveCareListEvent,
  liveStockEvent,
]);
export type LiveEvent = z.infer<typeof liveEvent>;
export type LiveOrderEvent = z.infer<typeof liveOrderEvent>;
export type LiveUploadEvent = z.infer<typeof liveUploadEvent>;

/** Seconds between heartbeats (SSE comments) on an idle stream. */
export const LIVE_HEARTBEAT_SECONDS = 15;

/** The oldest data a stream's `?dataAge=` may ask to be caught up on: one day, in milliseconds. */
export const LIVE_DATA_AGE_MAX_MS = 86_400_000;

/**
 * Query of `GET /api/v1.0/events` (decision 0076). `dataAge`: on a tab's first stream, how many
 * milliseconds ago the oldest data it shows was fetched; the server first sends the events it
 * received since then (with a margin), or `event: reset` when it cannot know them all. Absent: only
 * what comes from now on (or after Last-Event-ID).
 */
export const liveEventsQuery = z.object({
  dataAge: z.coerce
    .number()
    .int()
    .min(0)
    .max(LIVE_DATA_AGE_MAX_MS)
    .optional()
    .describe('ms since the oldest data the tab shows was fetched: the events since then come first'),
});
