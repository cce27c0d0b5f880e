/**
 * Which stored files rows still name (decision 0034, the orphan sweep): every column that holds a
 * storage key (platform/storage.ts) is listed here. A table that keeps storage keys MUST be added to
 * `FILE_REFERENCES`, or the sweep deletes its files a day after they were stored.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { artworkVersions, dataUploads, orderDocuments, productSubcodes } from '../../platform/db/schema';
import { PRODUCT_IMAGE_PREFIX } from '../masterData/productImage';

/**
 * One `select key` per table: the storage keys among `$keys` (a text[] parameter) that its rows
 * name. Each is an index lookup per key.
 */
const FILE_REFERENCES: ((keys: SQL) => SQL)[] = [
  (keys) => sql`select ${artworkVersions.storagePath} as key from ${artworkVersions}
    where ${artworkVersions.storagePath} = any(${keys})`,
  (keys) => sql`select ${orderDocuments.storagePath} as key from ${orderDocuments}
    where ${orderDocuments.storagePath} = any(${keys})`,
  // The subcode keeps the image's path without its folder (GET /common/product-image/{path}).
  (keys) => sql`select ${PRODUCT_IMAGE_PREFIX} || '/' || ${productSubcodes.productImagePath} as key
    from ${productSubcodes}
    where ${PRODUCT_IMAGE_PREFIX} || '/' || ${productSubcodes.productImagePath} = any(${keys})`,
  // Retailer data files, kept until their import has ended (modules/variableData).
  (keys) => sql`select ${dataUploads.fileKey} as key from ${dataUploads}
    where ${dataUploads.fileKey} = any(${keys})`,
];

export const filesRepository = {
  /** The subset of `keys` that some row names, in one statement. */
  async referencedKeys(db: Db, keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    // One array parameter (a bare JS array would become a list of parameters).
    const param = sql`${sql.param(keys)}::text[]`;
    const r = await db.execute(
      sql.join(
        FILE_REFERENCES.map((ref) => ref(param)),
        sql` union `,
      ),
    );
    return new Set((r.rows as { key: string }[]).map((row) => row.key));
  },
};
