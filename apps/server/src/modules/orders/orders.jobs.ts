/**
 * Handler of the 'order.mail' queue (orders.mail.ts): for one order event, finds the people who act
 * next and queues one 'mail.send' job per recipient, all in one transaction (a retry never mails a
 * recipient twice: either every mail job of the event is queued, or none).
 */
import type { OrderStatus } from '@selvedge/shared';
import { sql } from 'drizzle-orm';
import type { JobContext } from '../../platform/context';
import { nextStep, renderOrderMail } from './orders.mail';
import { orderMailRepository } from './orders.mail.repository';
import { loadOrderRecord } from './orders.readModel';
import type { OrderEvent } from './orders.workflow';
import { orderWorkflowRepository } from './orders.workflow.repository';

/** Registers the order job handlers. */
export function registerOrderJobs(ctx: JobContext) {
  ctx.jobs.handle('order.mail', async (data) => {
    const status = data.status as OrderStatus;
    const step = nextStep(data.event as OrderEvent, status, data.detail ?? null);
    if (!step) return;
    await ctx.db.transaction(async (tx) => {
      const row = await orderWorkflowRepository.findOrder(tx, data.orderId, sql`true`);
      if (!row) return; // the order is gone: nobody to tell
      const order = await loadOrderRecord(tx, row.id);
      const recipients = (await orderMailRepository.recipients(tx, row, step.roles)).filter(
        (u) => u.id !== data.actorId,
      );
      for (const to of recipients) {
        await ctx.jobs.send(
          tx,
          'mail.send',
          renderOrderMail({
            order,
            step,
            status,
            actorName: data.actorName,
            to,
            brandName: ctx.config.brandName,
            publicUrl: ctx.config.publicUrl,
          }),
        );
      }
    });
  });
}
