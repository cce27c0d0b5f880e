/**
 * Routes of the order actions (ordering §7 Orders and Artwork: prepare, review, approve-finance,
 * complete-production, ship-and-complete, cancel-order, completion-date, invoice-number). Thin: each
 * declares the state machine action it takes as its permission (so the route matrix test checks
 * its roles), its schemas, and calls orders.actions.ts.
 */
import {
  completionDateBody,
  errorResponse,
  invoiceNumberBody,
  type OrderAction,
  orderActionResponse,
  orderIdParam,
} from '@selvedge/shared';
import { currentUser } from '../../platform/auth';
import type { ApiModule } from '../../platform/context';
import { withPreparedStatements } from '../../platform/db';
import { createOrderActions } from './orders.actions';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};
const tags = ['order actions'];
const STATE_NOTE =
  ' Answers the spec’s success text and the order as the user may now see it. 403 when the role may never take ' +
  'this action; 404 for an order outside the user’s scope; 409, naming the order’s state, when its state does ' +
  'not allow it (cancelled, wrong status, a doubled click) — nothing changes then.';

export const orderActionRoutes: ApiModule = (app, ctx) => {
  const actions = createOrderActions(ctx);

  /** The order actions taken on /…/{id} without a body. */
  const byId: {
    method: 'PUT' | 'POST';
    url: string;
    action: Exclude<
      OrderAction,
      'place' | 'setEstimatedCompletionDate' | 'setInvoiceNumber' | 'uploadShippingDocument'
    >;
    summary: string;
  }[] = [
    {
      method: 'PUT',
      url: '/orders/:id/artwork/prepare',
      action: 'requestArtworkApproval',
      summary: 'Request Artwork Approval: NEEDS_ARTWORK → NEEDS_ART_APPROVAL (every artwork uploaded)',
    },
    {
      method: 'PUT',
      url: '/orders/:id/artwork/review',
      action: 'submitReviews',
      summary: 'Submit Reviews: all approved → PRODUCTION_READY, any rejected → NEEDS_ARTWORK',
    },
    {
      method: 'POST',
      url: '/orders/:id/approve-finance',
      action: 'approveFinance',
      summary: 'Finance approval (PRODUCTION_CONFIRMED → READY_TO_SHIP)',
    },
    {
      method: 'POST',
      url: '/orders/:id/complete-production',
      action: 'completeProduction',
      summary:
        'Complete Production: PRODUCTION_READY → PRODUCTION_CONFIRMED (READY_TO_SHIP when finance approved)',
    },
    {
      method: 'POST',
      url: '/orders/:id/ship-and-complete',
      action: 'shipAndComplete',
      summary: 'Ship & Complete: READY_TO_SHIP → COMPLETE_AND_SHIPPED (packing slips are made)',
    },
    {
      method: 'PUT',
      url: '/orders/cancel-order/:id',
      action: 'cancel',
      summary: 'Cancel the order (while not yet PRODUCTION_CONFIRMED)',
    },
  ];
  for (const r of byId) {
    app.route({
      method: r.method,
      url: r.url,
      config: { permission: { orderAction: r.action } },
      schema: {
        tags,
        summary: r.summary,
        description: `${r.summary}.${STATE_NOTE}`,
        params: orderIdParam,
        response: { 200: orderActionResponse, ...errors },
      },
      handler: async (req) =>
        withPreparedStatements(() => actions[r.action](currentUser(req), (req.params as { id: string }).id)),
    });
  }

  app.post(
    '/orders/completion-date',
    {
      config: { permission: { orderAction: 'setEstimatedCompletionDate' } },
      schema: {
        tags,
        summary: 'Set the estimated completion date (not earlier than today)',
        description: `Until the order is shipped.${STATE_NOTE}`,
        body: completionDateBody,
        response: { 200: orderActionResponse, ...errors },
      },
    },
    async (req) =>
      withPreparedStatements(() => actions.setEstimatedCompletionDate(currentUser(req), req.body)),
  );

  app.put(
    '/orders/invoice-number',
    {
      config: { permission: { orderAction: 'setInvoiceNumber' } },
      schema: {
        tags,
        summary: 'Set the invoice number (an empty one clears it)',
        description: `Invoice roles, until the order is shipped (ordering §6 Visibility).${STATE_NOTE}`,
        body: invoiceNumberBody,
        response: { 200: orderActionResponse, ...errors },
      },
    },
    async (req) => withPreparedStatements(() => actions.setInvoiceNumber(currentUser(req), req.body)),
  );
};
