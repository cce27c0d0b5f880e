/**
 * The `variableData.import` job (platform/jobs.ts): imports one uploaded retailer data file
 * (variableData.import.ts). A fault (database or storage down) throws, and pg-boss runs the job again
 * later; the run starts over from the stored file. A worker killed mid-run stops the job's heartbeat,
 * and pg-boss gives it to another attempt likewise (docs/decisions/0055). When the job has failed for
 * good — its last attempt failed or was cut off too — pg-boss puts it in its dead letter queue,
 * `variableData.giveUp`, which ends the upload as refused (its uploader mailed) instead of leaving it
 * 'processing'.
 */
import type { JobContext } from '../../platform/context';
import { giveUpImport, importUpload } from './variableData.import';

/** Registers the import's handler and its dead letter's on the job queue. */
export function registerVariableDataJobs(ctx: JobContext) {
  ctx.jobs.handle('variableData.import', async ({ uploadId }, job) => {
    await importUpload(ctx, uploadId, job.signal);
  });
  ctx.jobs.handle('variableData.giveUp', async ({ uploadId }) => {
    await giveUpImport(ctx, uploadId);
  });
}
