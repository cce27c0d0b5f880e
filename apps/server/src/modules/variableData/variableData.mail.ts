/**
 * The mail that ends an upload's processing (master-data §2 Variable data upload; §8 promises
 * it): to the uploader, with rows read, items created / updated, rows added / changed / removed, the
 * refusals with line number, field and reason (the first ones in the text, all of them as a CSV
 * attachment), and the time it took. Queued in the transaction that ends the upload, so it is sent
 * exactly when the upload's end is committed.
 */
import { DATA_UPLOAD_REPORT_REFUSALS, type DataUploadRefusal, type DataUploadReport } from '@selvedge/shared';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../platform/config';
import { csvStream, type FileColumn } from '../../platform/csv';
import type { Tx } from '../../platform/db';
import { customers, dataUploadRefusals, users } from '../../platform/db/schema';
import type { Jobs } from '../../platform/jobs';
import { type MailMessage, renderMail } from '../../platform/mail';

const REFUSAL_COLUMNS: FileColumn<DataUploadRefusal>[] = [
  { header: 'Line', type: 'integer', value: (r) => r.line },
  { header: 'Field', value: (r) => r.field },
  { header: 'Reason', value: (r) => r.reason },
];

/** How many refusals the mail's text lists (the attachment has them all). */
export const MAIL_REFUSALS = 20;

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The mail's subject, greeting and paragraphs for a report (exported for the tests). */
export function uploadMailContent(opts: {
  fileName: string;
  customerName: string;
  contactName: string;
  report: DataUploadReport;
  refusalsShown: DataUploadRefusal[];
  publicUrl: string;
}) {
  const { report: r, fileName, customerName } = opts;
  const refused = r.fileRefusal !== null;
  const paragraphs = refused
    ? [
        `Your ${customerName} data file ${fileName} was refused whole, and nothing of it was kept: ${r.fileRefusal}`,
        `Correct the file and upload it again. Processing took ${r.seconds} s.`,
      ]
    : [
        `Your ${customerName} data file ${fileName} has been processed in ${r.seconds} s.`,
        `Rows read: ${r.rowsRead.toLocaleString('en-US')}. Product items created: ${r.itemsCreated.toLocaleString('en-US')}; updated: ${r.itemsUpdated.toLocaleString('en-US')}.`,
        `Rows added: ${r.rowsAdded.toLocaleString('en-US')}; changed: ${r.rowsChanged.toLocaleString('en-US')}; removed: ${r.rowsRemoved.toLocaleString('en-US')}; refused: ${r.rowsRefused.toLocaleString('en-US')}.`,
      ];
  if (!refused && opts.refusalsShown.length > 0) {
    const more = r.rowsRefused > opts.refusalsShown.length;
    paragraphs.push(
      `${plural(r.rowsRefused, 'row was', 'rows were')} refused${more ? `; the first ${opts.refusalsShown.length} refusals` : ''} (all of them are in the attached CSV):`,
      ...opts.refusalsShown.map((x) => `Line ${x.line ?? '–'}, ${x.field}: ${x.reason}`),
    );
  }
  return {
    subject: refused
      ? `Variable data file refused: ${fileName}`
      : `Variable data file processed: ${fileName} (${plural(r.rowsRead, 'row')}, ${r.rowsRefused.toLocaleString('en-US')} refused)`,
    greeting: `Hello ${opts.contactName},`,
    paragraphs,
    action: { label: 'Open Variable Data Upload', url: `${opts.publicUrl}/variable-data-upload` },
  };
}

/**
 * Queues the end-of-processing mail of upload `uploadId` through `tx` (the transaction that ends the
 * upload). Nothing when the uploader is gone or inactive. Reads all refusals for the CSV.
 */
export async function queueUploadMail(
  tx: Tx,
  deps: { jobs: Jobs; config: Pick<Config, 'brandName' | 'publicUrl'> },
  upload: { id: number; customerId: number; uploadedBy: number | null; fileName: string },
  report: DataUploadReport,
): Promise<void> {
  if (upload.uploadedBy === null) return;
  const [who] = await tx
    .select({ email: users.email, contactName: users.contactName, active: users.active })
    .from(users)
    .where(eq(users.id, upload.uploadedBy));
  if (!who?.active) return;
  const [customer] = await tx
    .select({ name: customers.companyName })
    .from(customers)
    .where(eq(customers.id, upload.customerId));
  const refusals = await tx
    .select({
      line: dataUploadRefusals.line,
      field: dataUploadRefusals.field,
      reason: dataUploadRefusals.reason,
    })
    .from(dataUploadRefusals)
    .where(eq(dataUploadRefusals.dataUploadId, upload.id))
    .orderBy(sql`${dataUploadRefusals.line} nulls first`, dataUploadRefusals.id);
  const content = uploadMailContent({
    fileName: upload.fileName,
    customerName: customer?.name ?? '',
    contactName: who.contactName,
    report,
    refusalsShown: refusals.slice(0, Math.min(MAIL_REFUSALS, DATA_UPLOAD_REPORT_REFUSALS)),
    publicUrl: deps.config.publicUrl,
  });
  const message: MailMessage = renderMail(content, who.email, deps.config.brandName);
  if (refusals.length > 0) {
    let csv = '';
    for await (const chunk of csvStream(REFUSAL_COLUMNS, refusals)) csv += String(chunk);
    const base = upload.fileName.replace(/\.[^.]*$/, '') || 'file';
    message.attachments = [
      { filename: `${base}-refusals.csv`, content: csv, contentType: 'text/csv; charset=utf-8' },
    ];
  }
  await deps.jobs.send(tx, 'mail.send', message);
}
