/**
 * Publishing live updates (docs/decisions/0068): a change's event is a PostgreSQL NOTIFY
 * on `selvedge_events` sent through the transaction that makes the change. PostgreSQL delivers a
 * notice only when its transaction commits (never on rollback), to every instance that LISTENs —
 * so an event is sent exactly when its change is visible, on every instance, with no broker of
 * our own. The events module (modules/events) listens, keeps a short ring buffer for Last-Event-ID
 * and hands each event to the streams whose user may see it.
 *
 * Like `jobs.send(tx, …)`, any module may publish: the call is one statement in the caller's
 * transaction. The payload holds the event the web receives and, besides, its `audience`: the row's
 * scoping keys (an order's vendor, customer, region and factory; an upload's customer; a cart's
 * owner), read by the events module to filter and never sent to a browser.
 */
import { randomUUID } from 'node:crypto';
import type { CareListKind, LiveEvent } from '@selvedge/shared';
import { sql } from 'drizzle-orm';
import type { AuthUser } from './auth';
import type { Db, Tx } from './db';

/** The notice channel of live updates. */
export const LIVE_EVENTS_CHANNEL = 'selvedge_events';

/** The columns of an order row that scope it (access.rules ASSIGNED keys). */
export interface OrderKeys {
  vendorId: number | null;
  customerId: number | null;
  productionRegionId: number | null;
  factoryId: number | null;
}

/** Who may receive an event: the keys the access rules scope the row by. */
export type LiveAudience =
  | {
      /** A placed order: receivers whose order scope reaches one of these (access.rules orderInScope). */
      order: OrderKeys;
    }
  /** A cart: its owner only (every tab of theirs). */
  | { userId: number }
  /** A data upload: receivers of the uploads screen whose customer scope holds it. */
  | { uploadCustomerId: number }
  /**
   * Master data and care-label lists: the administrators; with `vendorId` (a vendor record) also the
   * users of that vendor, who may read and save their own vendor (master-data §6).
   */
  | { masterData: true; vendorId?: number }
  /** Stock of a customer's products: receivers of the product screens whose customer scope holds it. */
  | { productsCustomerId: number };

/** What travels in a notice. */
export interface PublishedEvent {
  event: LiveEvent;
  audience: LiveAudience;
}

/** Distributes an event without its id (the id is made here). */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type LiveEventInput = DistributiveOmit<LiveEvent, 'id'>;

/** The actor of an event: e-mail and role, nothing else of the user. */
export const actorOf = (user: Pick<AuthUser, 'email' | 'role'>) => ({ email: user.email, role: user.role });

/**
 * Publishes `event` for `audience` through `tx`: delivered to listeners when `tx` commits, never
 * if it rolls back. Given a Db instead of a transaction, the notice goes out at once (a write that
 * committed already). Answers the event's id (a UUID). NOTIFY payloads are limited to 8,000 bytes:
 * events carry ids and short codes only (a few hundred bytes).
 */
export async function publishLiveEvent(
  tx: Db | Tx,
  event: LiveEventInput,
  audience: LiveAudience,
): Promise<string> {
  const id = randomUUID();
  const payload: PublishedEvent = { event: { ...event, id } as LiveEvent, audience };
  await tx.execute(sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, ${JSON.stringify(payload)})`);
  return id;
}

/** A change of the user's cart (lines, header): every tab of the owner refetches it (docs/decisions/0068). */
export const publishCartChange = (tx: Tx, user: Pick<AuthUser, 'id' | 'email' | 'role'>, cartId: number) =>
  publishLiveEvent(tx, { kind: 'cart', cartId, actor: actorOf(user) }, { userId: user.id });

/**
 * Where a variable-data upload stands (the uploads screen's live progress): for the
 * users of the uploads screen who may see the upload's customer.
 */
export const publishUploadProgress = (
  tx: Db | Tx,
  upload: { id: number; customerId: number },
  progress: {
    state: 'queued' | 'processing' | 'finished' | 'refused';
    rowsDone: number;
    rowsTotal: number | null;
  },
) =>
  publishLiveEvent(
    tx,
    { kind: 'upload', uploadId: upload.id, ...progress },
    { uploadCustomerId: upload.customerId },
  );

/**
 * A master-data record created, saved or deleted (`entity`: its MasterDataKind): for `audience`,
 * the administrators unless the entity's crud config says more (a vendor record: also its users).
 */
export const publishMasterDataSave = (
  tx: Tx,
  user: Pick<AuthUser, 'email' | 'role'>,
  entity: string,
  recordId: number,
  audience: LiveAudience = { masterData: true },
) => publishLiveEvent(tx, { kind: 'masterData', entity, recordId, actor: actorOf(user) }, audience);

/** A care-label list (master-data §7) added, renamed, removed or its members changed: for the administrators. */
export const publishCareListChange = (
  tx: Tx,
  user: Pick<AuthUser, 'email' | 'role'>,
  listKind: CareListKind,
  listId: number,
) => publishLiveEvent(tx, { kind: 'careList', listKind, listId, actor: actorOf(user) }, { masterData: true });

/**
 * Current inventory of `items` changed (inventory update, shipping): one event per customer, for the
 * users of the product screens who may see that customer's products.
 */
export async function publishStockChange(
  tx: Tx,
  user: Pick<AuthUser, 'email' | 'role'>,
  items: { productItemId: number; customerId: number }[],
): Promise<void> {
  const byCustomer = new Map<number, number[]>();
  for (const i of items)
    byCustomer.set(i.customerId, [...(byCustomer.get(i.customerId) ?? []), i.productItemId]);
  for (const [customerId, productItemIds] of byCustomer)
    await publishLiveEvent(
      tx,
      { kind: 'stock', productItemIds, actor: actorOf(user) },
      { productsCustomerId: customerId },
    );
}
