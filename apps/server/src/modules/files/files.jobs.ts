/**
 * The 'storage.sweep' job (hourly and when a process starts: platform/jobs.ts JOB_SCHEDULES,
 * JOBS_AT_START): removes stored files that no row references once they are a day old, and the
 * leftovers of interrupted writes (decisions 0034, 0054: a process killed between storing a file and
 * committing its row).
 */
import type { JobContext } from '../../platform/context';
import { sweepOrphanFiles } from '../../platform/storedFiles';
import { filesRepository } from './files.repository';

/** Registers the sweep's handler on the job queue. */
export function registerFileJobs(ctx: JobContext) {
  ctx.jobs.handle('storage.sweep', async () => {
    await sweepOrphanFiles(ctx.storage, (keys) => filesRepository.referencedKeys(ctx.db, keys));
  });
}
