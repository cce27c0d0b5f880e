/**
 * SQL of an order's uploaded documents (related and shipping documents; documents.service.ts).
 * Callers have found or locked the order within the user's scope first.
 */
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { orderDocuments } from '../../platform/db/schema';

type Q = Db | Tx;

export const documentsRepository = {
  /** Inserts an order document's row (its file is in storage already); answers its id. */
  insertDocument: async (tx: Tx, row: typeof orderDocuments.$inferInsert) =>
    (await tx.insert(orderDocuments).values(row).returning({ id: orderDocuments.id }))[0]!.id,

  /** The document `documentId` of `kind` of the order; undefined when it is not one of the order's. */
  findDocument: async (db: Q, orderId: number, documentId: number, kind: 'RELATED' | 'SHIPPING') =>
    (
      await db
        .select()
        .from(orderDocuments)
        .where(
          and(
            eq(orderDocuments.orderId, orderId),
            eq(orderDocuments.id, documentId),
            eq(orderDocuments.kind, kind),
          ),
        )
        .limit(1)
    )[0],

  /** Deletes a document's row (its file is removed from storage by the caller). */
  deleteDocument: (tx: Tx, documentId: number) =>
    tx.delete(orderDocuments).where(eq(orderDocuments.id, documentId)),
};
