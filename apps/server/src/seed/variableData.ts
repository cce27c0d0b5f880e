/**
 * The demo's uploaded retailer data (uploaded POs for Roots and Dunnes Stores, for
 * vendor@example.com's vendor number, in the demo data): the two sample files of docs/formats,
 * uploaded by account@example.com and imported by the import itself (runImport), so the demo's
 * variable-data items, rows, refusals and upload reports are exactly what an upload of those files
 * gives. No mail is sent for them.
 */
import { sampleFiles } from '@selvedge/shared';
import { eq } from 'drizzle-orm';
import { runImport } from '../modules/variableData/variableData.import';
import { variableDataRepository } from '../modules/variableData/variableData.repository';
import { VARIABLE_DATA_PREFIX } from '../modules/variableData/variableData.service';
import type { Tx } from '../platform/db';
import * as s from '../platform/db/schema';
import { type FileStorage, newStorageKey } from '../platform/storage';

/** Which sample file each demo customer uploaded. */
const DEMO_UPLOADS = [
  { customer: 'Roots', file: 'roots-sample.csv', layout: 'DELIMITED_ROOTS' },
  { customer: 'Dunnes Stores', file: 'dunnes-sample.txt', layout: 'FLAT_FILE' },
] as const;

/** The user who uploaded the demo files. */
export const DEMO_UPLOADER = 'account@example.com';

/** Uploads and imports the sample files inside the seed's transaction `tx`. */
export async function seedVariableData(tx: Tx, storage: FileStorage): Promise<void> {
  const files = sampleFiles();
  const [uploader] = await tx
    .select({ id: s.users.id })
    .from(s.users)
    .where(eq(s.users.email, DEMO_UPLOADER));
  if (!uploader) throw new Error(`demo uploader ${DEMO_UPLOADER} is missing`);
  for (const upload of DEMO_UPLOADS) {
    const [customer] = await tx
      .select({ id: s.customers.id })
      .from(s.customers)
      .where(eq(s.customers.companyName, upload.customer));
    if (!customer) throw new Error(`demo customer ${upload.customer} is missing`);
    const body = Buffer.from(files[upload.file], 'utf8');
    const key = newStorageKey(VARIABLE_DATA_PREFIX);
    await storage.put(key, body, { contentType: 'text/plain' });
    const uploadId = await variableDataRepository.insertUpload(tx, {
      customerId: customer.id,
      uploadedBy: uploader.id,
      layout: upload.layout,
      fileKey: key,
      fileName: upload.file,
      fileSize: body.length,
    });
    const outcome = await runImport({ db: tx, storage, mail: null }, uploadId);
    if (outcome?.state !== 'finished') throw new Error(`demo upload ${upload.file} was not imported`);
  }
}
