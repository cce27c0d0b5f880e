/**
 * SQL of an order line's artwork (ordering §2 Order details, Artwork; artwork.service.ts): the line,
 * its artwork versions (uploads and reviews) and the finalizing of approved artwork at Submit
 * Reviews. Callers have found the order within the user's scope first.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { artworkVersions, orderItems, productSubcodes } from '../../platform/db/schema';

type Q = Db | Tx;

export const artworkRepository = {
  /** The line with this id in this order; undefined when none. */
  findItem: async (db: Q, orderId: number, orderItemId: number) =>
    (
      await db
        .select({
          id: orderItems.id,
          productSubcode: productSubcodes.productSubcode,
          artworkStatus: orderItems.artworkStatus,
          artworkFinalized: orderItems.artworkFinalized,
        })
        .from(orderItems)
        .innerJoin(productSubcodes, eq(productSubcodes.id, orderItems.productSubcodeId))
        .where(and(eq(orderItems.orderId, orderId), eq(orderItems.id, orderItemId)))
        .limit(1)
    )[0],

  /** Sets columns of an order line (its artwork status and comments). */
  updateItem: (tx: Tx, orderItemId: number, patch: Partial<typeof orderItems.$inferInsert>) =>
    tx.update(orderItems).set(patch).where(eq(orderItems.id, orderItemId)),

  /** Finalizes the approved artwork of an order's lines (Submit Reviews). */
  finalizeApprovedArtwork: (tx: Tx, orderId: number) =>
    tx
      .update(orderItems)
      .set({ artworkFinalized: true })
      .where(and(eq(orderItems.orderId, orderId), eq(orderItems.artworkStatus, 'APPROVED'))),

  /** The newest artwork version of a line; undefined before the first upload. */
  latestArtworkVersion: async (db: Q, orderItemId: number) =>
    (
      await db
        .select()
        .from(artworkVersions)
        .where(eq(artworkVersions.orderItemId, orderItemId))
        .orderBy(desc(artworkVersions.version))
        .limit(1)
    )[0],

  /** The artwork version `versionId` of the line; undefined when it is not one of the line's. */
  artworkVersion: async (db: Q, orderItemId: number, versionId: number) =>
    (
      await db
        .select()
        .from(artworkVersions)
        .where(and(eq(artworkVersions.orderItemId, orderItemId), eq(artworkVersions.id, versionId)))
        .limit(1)
    )[0],

  /** Inserts an uploaded artwork version; answers its id. */
  insertArtworkVersion: async (tx: Tx, row: typeof artworkVersions.$inferInsert) =>
    (await tx.insert(artworkVersions).values(row).returning({ id: artworkVersions.id }))[0]!.id,

  /** Records the review of an artwork version (status, comment, reviewer, now). */
  reviewArtworkVersion: (
    tx: Tx,
    versionId: number,
    review: { status: 'APPROVED' | 'REJECTED'; comment: string; reviewedBy: number; reviewedByName: string },
  ) =>
    tx
      .update(artworkVersions)
      .set({ ...review, reviewedAt: new Date() })
      .where(eq(artworkVersions.id, versionId)),
};
