/**
 * Every job handler of the product, registered on the queue (ARCHITECTURE.md Jobs). Handlers live beside
 * their module (`*.jobs.ts`); the server (embedded mode) and `src/worker.ts` both call this.
 */
import { registerFileJobs } from './modules/files/files.jobs';
import { registerMailJobs } from './modules/mail/mail.jobs';
import { registerOrderJobs } from './modules/orders/orders.jobs';
import { registerVariableDataJobs } from './modules/variableData/variableData.jobs';
import type { JobContext } from './platform/context';

export function registerJobHandlers(ctx: JobContext) {
  registerMailJobs(ctx);
  registerOrderJobs(ctx);
  registerFileJobs(ctx);
  registerVariableDataJobs(ctx);
}
