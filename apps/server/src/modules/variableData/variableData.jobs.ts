/**
 * The `variableData.import` job (platform/jobs.ts): imports one uploaded retailer data file
 * (variableData.import.ts). A fault (database or storage down) throws, and pg-boss runs the job again
 * later; the run starts over from the stored file.
 */
import type { JobContext } from '../../platform/context';
import { importUpload } from './variableData.import';

/** Registers the import's handler on the job queue. */
export function registerVariableDataJobs(ctx: JobContext) {
  ctx.jobs.handle('variableData.import', async ({ uploadId }) => {
    await importUpload(ctx, uploadId);
  });
}
