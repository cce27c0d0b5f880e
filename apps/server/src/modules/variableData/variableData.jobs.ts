/**
 * The `variableData.import` job (platform/jobs.ts): imports one uploaded retailer data file
 * (variableData.import.ts). A fault (database or storage down) throws, and pg-boss runs the job again
 * later; the run starts over from the stored file. When the last attempt fails too, the upload is
 * ended as refused (its uploader mailed) instead of staying 'processing'.
 */
import type { JobContext } from '../../platform/context';
import { isLastAttempt } from '../../platform/jobs';
import { giveUpImport, importUpload } from './variableData.import';

/** Registers the import's handler on the job queue. */
export function registerVariableDataJobs(ctx: JobContext) {
  ctx.jobs.handle('variableData.import', async ({ uploadId }, job) => {
    try {
      await importUpload(ctx, uploadId);
    } catch (err) {
      if (isLastAttempt('variableData.import', job)) await giveUpImport(ctx, uploadId);
      throw err;
    }
  });
}
