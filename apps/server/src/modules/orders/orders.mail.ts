/**
 * Mail on every step of an order (issue: "Mail on every step"; ARCHITECTURE.md Order life): who acts
 * next after each event, and what the mail says. The transition queues an 'order.mail' job in its
 * transaction (orders.workflow.ts); the job (orders.jobs.ts) works out the recipients — active users
 * with mail enabled, assigned to the order the same way that lets them see it, never the person who
 * acted — renders one mail each and queues them as 'mail.send' jobs (retried independently).
 *
 * Each mail: subject with the order number and vendor PO, what happened, what to do, and a link to
 * /order-details?orderId=…; plain text and HTML (platform/mail.ts renderMail). A line with a care
 * label shows the label's text as printed (careLabelLines of the shared layout, the one the preview
 * and the production PO draw), so the mail cannot say something else than the label.
 */
import {
  careLabelLayout,
  careLabelLines,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  type Role,
} from '@selvedge/shared';
import { type MailMessage, renderMail } from '../../platform/mail';
import type { OrderRecord } from './orders.record';
import type { OrderEvent } from './orders.workflow';

interface NextStep {
  /** Roles that act next. */
  roles: Role[];
  /** What happened, in one sentence. */
  happened: string;
  /** What the reader should do. */
  todo: string;
}

const SHIPPERS: Role[] = ['CSR', 'FACTORY_ACCOUNT'];

/**
 * Who acts next, and on what, when finance approves an order still in artwork or production (the
 * order keeps its status then; ordering §4 approveFinance).
 */
const FINANCE_APPROVED_EARLY: Partial<Record<OrderStatus, Omit<NextStep, 'happened'>>> = {
  NEEDS_ARTWORK: { roles: ['CSR'], todo: 'It still needs artwork: upload it and request approval.' },
  NEEDS_ART_APPROVAL: {
    roles: ['VENDOR'],
    todo: 'Its artwork waits for your review: approve or reject each artwork, then submit your reviews.',
  },
  PRODUCTION_READY: {
    roles: ['CSR', 'FACTORY_ACCOUNT'],
    todo: 'Complete production when it is made; the order is then ready to ship at once.',
  },
};

/** Who acts next after `event`, given the status the order moved to; null when nobody does. */
export function nextStep(event: OrderEvent, status: OrderStatus, detail: string | null): NextStep | null {
  switch (event) {
    case 'placed':
      return status === 'NEEDS_ARTWORK'
        ? {
            roles: ['CSR'],
            happened: 'A new order was placed and needs artwork.',
            todo: 'Upload the artwork and request approval.',
          }
        : {
            roles: ['CSR', 'FACTORY_ACCOUNT'],
            happened: 'A new order was placed; it needs no artwork and is ready for production.',
            todo: 'Complete production when it is made.',
          };
    case 'artworkApprovalRequested':
      return {
        roles: ['VENDOR'],
        happened: 'Artwork for your order is ready for your review.',
        todo: 'Approve or reject each artwork, then submit your reviews.',
      };
    case 'reviewsSubmitted':
      return status === 'PRODUCTION_READY'
        ? {
            roles: ['CSR', 'FACTORY_ACCOUNT'],
            happened: 'All artwork of the order was approved.',
            todo: 'Start production and complete it when it is made.',
          }
        : {
            roles: ['CSR'],
            happened: `Artwork of the order was rejected${detail ? ` (${detail})` : ''}.`,
            todo: 'Read the comments, upload new artwork and request approval again.',
          };
    case 'productionCompleted':
      return status === 'READY_TO_SHIP'
        ? {
            roles: SHIPPERS,
            happened: 'Production of the order is complete and finance has approved it.',
            todo: 'Ship the order and mark it shipped.',
          }
        : {
            roles: ['FINANCE'],
            happened: 'Production of the order is complete.',
            todo: 'Review and approve the order for shipping.',
          };
    case 'financeApproved': {
      if (status === 'READY_TO_SHIP')
        return {
          roles: SHIPPERS,
          happened: 'Finance approved the order; it is ready to ship.',
          todo: 'Ship the order and mark it shipped.',
        };
      // Before production is complete those who act on the order in its status learn that finance
      // has approved it and what is still theirs to do (docs/decisions/0037).
      const early = FINANCE_APPROVED_EARLY[status];
      return early ? { ...early, happened: 'Finance approved the order.' } : null;
    }
    case 'shipped':
      return {
        roles: ['VENDOR'],
        happened: 'Your order has been shipped.',
        todo: 'The packing slip is on the order.',
      };
    case 'cancelled':
      return {
        roles: ['VENDOR', 'CSR'],
        happened: 'The order was cancelled.',
        todo: 'Nothing more is needed for it.',
      };
  }
}

/** Subject of every order mail: order number and vendor PO first, so threads sort in a mailbox. */
export function orderMailSubject(
  order: Pick<OrderRecord, 'orderId' | 'vendorPO'>,
  brandName: string,
  what: string,
) {
  return `${brandName} order ${order.orderId}${order.vendorPO ? ` (PO ${order.vendorPO})` : ''}: ${what}`;
}

/**
 * The care labels of an order's lines as mail blocks: a heading naming the line (subcode,
 * description, quantity) and the label's printed lines, from what the label says it prints.
 */
export function careLabelBlocks(order: Pick<OrderRecord, 'items'>): { heading: string; lines: string[] }[] {
  return order.items.flatMap((l) =>
    l.careLabel
      ? [
          {
            heading: `Care label of ${l.productSubcode} (${l.description}), quantity ${l.quantity}:`,
            lines: careLabelLines(careLabelLayout({ label: l.careLabel })),
          },
        ]
      : [],
  );
}

/** The mail of one order event to one recipient. */
export function renderOrderMail(opts: {
  order: OrderRecord;
  step: NextStep;
  status: OrderStatus;
  actorName: string;
  to: { email: string; name: string };
  brandName: string;
  publicUrl: string;
}): MailMessage {
  const { order, step } = opts;
  // A name may end with its own full stop ('Dhaka Knitwear Ltd.'): never print two.
  const sentence = (text: string) => (text.endsWith('.') ? text : `${text}.`);
  const facts = [
    sentence(
      `Order ${order.orderId}${order.vendorPO ? `, vendor PO ${order.vendorPO}` : ''}${order.customer ? `, for ${order.customer.name}` : ''}${order.vendor ? `, from ${order.vendor.name}` : ''}`,
    ),
    `Status: ${order.cancelled ? 'Cancelled' : ORDER_STATUS_LABELS[opts.status]}. By ${opts.actorName}.`,
  ];
  return renderMail(
    {
      subject: orderMailSubject(order, opts.brandName, step.happened.replace(/\.$/, '')),
      greeting: `Hello ${opts.to.name},`,
      paragraphs: [step.happened, ...facts, step.todo],
      blocks: careLabelBlocks(order),
      action: { label: 'Open the order', url: `${opts.publicUrl}/order-details?orderId=${order.orderId}` },
      footer: [
        `You receive this mail because you work on orders of ${order.customer?.name ?? 'this customer'}.`,
      ],
    },
    opts.to.email,
    opts.brandName,
  );
}
