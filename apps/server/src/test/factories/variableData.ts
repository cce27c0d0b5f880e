/**
 * Test factories for variable data (ordering §3, docs/formats/README.md): upload rows as a file's
 * upload leaves them before its import job runs.
 */
import type { Db } from '../../platform/db';
import * as s from '../../platform/db/schema';

/**
 * A queued upload of `customerId` by `uploadedBy` named `fileName`: layout DELIMITED_ROOTS, file
 * at storage key `variable-data/<fileName>` (the factory stores no file), size 0, unless given; any
 * other data_uploads column may be given. Returns the upload's id.
 */
export async function buildDataUpload(
  db: Db,
  opts: Partial<typeof s.dataUploads.$inferInsert> & {
    customerId: number;
    uploadedBy: number;
    fileName: string;
  },
) {
  const [row] = await db
    .insert(s.dataUploads)
    .values({ layout: 'DELIMITED_ROOTS', fileKey: `variable-data/${opts.fileName}`, ...opts })
    .returning({ id: s.dataUploads.id });
  return row!.id;
}
