/**
 * The order state machine (ordering §4, §6): every action from every status for every role, and
 * properties over random action sequences (fast-check): no sequence leaves the table's statuses or
 * skips a step, cancelled orders never move, and a status only moves forward except a rejected review.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Role, SIGNED_IN_ROLES } from '../roles';
import { ORDER_STATUS_STEP, ORDER_STATUSES, type OrderStatus } from './orderStatus';
import {
  ARTWORK_STATUSES,
  type ArtworkStatus,
  artworkAtPlacing,
  artworkBannerKind,
  availableArtworkActions,
  availableOrderActions,
  cancelAllowed,
  checkArtworkAction,
  checkOrderAction,
  defaultItemsTab,
  itemNeedsAction,
  nextStatus,
  ORDER_ACTIONS,
  type OrderAction,
  type WorkflowOrder,
} from './orderWorkflow';

const order = (o: Partial<WorkflowOrder> = {}): WorkflowOrder => ({
  orderStatus: 'NEEDS_ARTWORK',
  cancelled: false,
  financeApproval: false,
  csrArtPrepared: false,
  csrProductionConfirmed: false,
  artwork: [{ status: 'UPLOADED', artworkFinalized: false }],
  ...o,
});

describe('order actions: who, from where, to where', () => {
  it('Request Artwork Approval: NEEDS_ARTWORK, upload roles, every artwork uploaded, CSR art not prepared', () => {
    expect(checkOrderAction('requestArtworkApproval', order(), { role: 'CSR' })).toEqual({ ok: true });
    expect(nextStatus('requestArtworkApproval', order())).toBe('NEEDS_ART_APPROVAL');
    expect(checkOrderAction('requestArtworkApproval', order(), { role: 'VENDOR' })).toMatchObject({
      status: 403,
    });
    const missing = order({ artwork: [{ status: 'NEEDS_UPLOAD', artworkFinalized: false }] });
    expect(checkOrderAction('requestArtworkApproval', missing, { role: 'CSR' })).toMatchObject({
      status: 409,
    });
    expect(
      checkOrderAction('requestArtworkApproval', order({ csrArtPrepared: true }), { role: 'CSR' }),
    ).toMatchObject({
      status: 409,
    });
    const wrong = checkOrderAction('requestArtworkApproval', order({ orderStatus: 'PRODUCTION_READY' }), {
      role: 'CSR',
    });
    expect(wrong).toEqual({
      ok: false,
      status: 409,
      message: 'Request Artwork Approval is not possible: the order is Art Approved (PRODUCTION_READY).',
    });
  });

  it('Submit Reviews: enabled only when every artwork is reviewed; all approved → PRODUCTION_READY, else NEEDS_ARTWORK', () => {
    const reviewing = (statuses: ArtworkStatus[]) =>
      order({
        orderStatus: 'NEEDS_ART_APPROVAL',
        csrArtPrepared: true,
        artwork: statuses.map((status) => ({ status, artworkFinalized: false })),
      });
    expect(
      checkOrderAction('submitReviews', reviewing(['APPROVED', 'UPLOADED']), { role: 'VENDOR' }),
    ).toMatchObject({ status: 409 });
    expect(
      checkOrderAction('submitReviews', reviewing(['APPROVED', 'APPROVED']), { role: 'VENDOR' }),
    ).toEqual({ ok: true });
    expect(nextStatus('submitReviews', reviewing(['APPROVED', 'APPROVED']))).toBe('PRODUCTION_READY');
    expect(nextStatus('submitReviews', reviewing(['APPROVED', 'REJECTED']))).toBe('NEEDS_ARTWORK');
    expect(checkOrderAction('submitReviews', reviewing(['APPROVED']), { role: 'FINANCE' })).toMatchObject({
      status: 403,
    });
  });

  it('Complete Production: always-complete roles; a CSR only while production is not confirmed by a CSR', () => {
    const ready = order({ orderStatus: 'PRODUCTION_READY', artwork: [] });
    for (const role of ['ADMIN', 'ACCOUNT', 'FACTORY_ACCOUNT', 'CSR'] as Role[]) {
      expect(checkOrderAction('completeProduction', ready, { role })).toEqual({ ok: true });
    }
    expect(
      checkOrderAction('completeProduction', { ...ready, csrProductionConfirmed: true }, { role: 'CSR' }),
    ).toEqual({
      ok: false,
      status: 409,
      message: 'Production of this order has already been confirmed by a CSR.',
    });
    // The CSR's refusal comes from the rule table's guard: the wrong status still says the status.
    expect(
      checkOrderAction(
        'completeProduction',
        { ...ready, orderStatus: 'NEEDS_ARTWORK', csrProductionConfirmed: true },
        { role: 'CSR' },
      ),
    ).toEqual({
      ok: false,
      status: 409,
      message: 'Complete Production is not possible: the order is Placed (NEEDS_ARTWORK).',
    });
    expect(
      checkOrderAction('completeProduction', { ...ready, csrProductionConfirmed: true }, { role: 'ADMIN' }),
    ).toEqual({
      ok: true,
    });
    expect(checkOrderAction('completeProduction', ready, { role: 'FINANCE' })).toEqual({
      ok: false,
      status: 403,
      message: 'Your role may not Complete Production.',
    });
    expect(nextStatus('completeProduction', ready)).toBe('PRODUCTION_CONFIRMED');
    expect(nextStatus('completeProduction', { ...ready, financeApproval: true })).toBe('READY_TO_SHIP');
  });

  it('Approve (finance): any placed status before shipping, once; PRODUCTION_CONFIRMED → READY_TO_SHIP', () => {
    const confirmed = order({ orderStatus: 'PRODUCTION_CONFIRMED', artwork: [] });
    expect(nextStatus('approveFinance', confirmed)).toBe('READY_TO_SHIP');
    expect(nextStatus('approveFinance', order())).toBe('NEEDS_ARTWORK');
    expect(
      checkOrderAction('approveFinance', { ...confirmed, financeApproval: true }, { role: 'FINANCE' }),
    ).toMatchObject({
      status: 409,
    });
    expect(checkOrderAction('approveFinance', confirmed, { role: 'CSR' })).toMatchObject({ status: 403 });
    expect(
      checkOrderAction('approveFinance', order({ orderStatus: 'COMPLETE_AND_SHIPPED' }), { role: 'FINANCE' }),
    ).toMatchObject({
      status: 409,
    });
  });

  it('Cancel: only while cancelAllowed (before PRODUCTION_CONFIRMED) and not cancelled; a vendor only its own order', () => {
    expect(cancelAllowed(order())).toBe(true);
    expect(cancelAllowed(order({ orderStatus: 'PRODUCTION_CONFIRMED' }))).toBe(false);
    expect(cancelAllowed(order({ cancelled: true }))).toBe(false);
    expect(checkOrderAction('cancel', order(), { role: 'VENDOR', isOrderVendor: true })).toEqual({
      ok: true,
    });
    expect(checkOrderAction('cancel', order(), { role: 'VENDOR', isOrderVendor: false })).toMatchObject({
      status: 403,
    });
    expect(checkOrderAction('cancel', order(), { role: 'CUSTOMER' })).toMatchObject({ status: 403 });
    expect(
      checkOrderAction('cancel', order({ orderStatus: 'READY_TO_SHIP' }), { role: 'ADMIN' }),
    ).toMatchObject({ status: 409 });
  });

  // Written out from ordering §4 (from where) and §6 Capabilities (who), not read from the rule table,
  // so a change of the table that the spec does not make fails here.
  const PLACED: OrderStatus[] = ['NEEDS_ARTWORK', 'NEEDS_ART_APPROVAL', 'PRODUCTION_READY'];
  const BEFORE_SHIPPED: OrderStatus[] = [...PLACED, 'PRODUCTION_CONFIRMED', 'READY_TO_SHIP'];
  const SHIPPING_ROLES: Role[] = ['ADMIN', 'ACCOUNT', 'FACTORY_ACCOUNT', 'CSR'];
  const EXPECTED: Record<OrderAction, { roles: Role[]; from: OrderStatus[] }> = {
    place: { roles: ['VENDOR', 'ACCOUNT', 'ADMIN'], from: ['PENDING'] },
    requestArtworkApproval: {
      roles: ['ACCOUNT', 'FACTORY_ACCOUNT', 'CSR', 'ADMIN'],
      from: ['NEEDS_ARTWORK'],
    },
    submitReviews: {
      roles: ['ACCOUNT', 'FACTORY_ACCOUNT', 'CSR', 'ADMIN', 'VENDOR'],
      from: ['NEEDS_ART_APPROVAL'],
    },
    completeProduction: { roles: ['ACCOUNT', 'FACTORY_ACCOUNT', 'ADMIN', 'CSR'], from: ['PRODUCTION_READY'] },
    approveFinance: { roles: ['ADMIN', 'FINANCE', 'FACTORY_ACCOUNT'], from: BEFORE_SHIPPED },
    shipAndComplete: { roles: SHIPPING_ROLES, from: ['READY_TO_SHIP'] },
    cancel: { roles: ['ADMIN', 'ACCOUNT', 'CSR', 'FACTORY_ACCOUNT', 'VENDOR'], from: PLACED },
    setEstimatedCompletionDate: { roles: SHIPPING_ROLES, from: BEFORE_SHIPPED },
    setInvoiceNumber: { roles: ['ADMIN', 'FACTORY_ACCOUNT', 'FINANCE'], from: BEFORE_SHIPPED },
    uploadShippingDocument: { roles: SHIPPING_ROLES, from: ['READY_TO_SHIP'] },
  };

  it('every action from every status for every role: 403 for the roles §6 leaves out, else 409 outside its statuses', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...ORDER_ACTIONS].sort());
    for (const action of ORDER_ACTIONS) {
      for (const status of ORDER_STATUSES) {
        for (const role of SIGNED_IN_ROLES) {
          const r = checkOrderAction(action, order({ orderStatus: status }), { role, isOrderVendor: true });
          const where = `${action} ${status} ${role}`;
          if (!EXPECTED[action].roles.includes(role))
            expect(r, where).toMatchObject({ ok: false, status: 403 });
          else if (!EXPECTED[action].from.includes(status)) expect(r, where).toMatchObject({ status: 409 });
          else expect(r, where).not.toMatchObject({ status: 403 });
        }
      }
    }
  });

  it('the answer lists exactly the actions the checks allow', () => {
    const o = order({ orderStatus: 'PRODUCTION_READY', artwork: [] });
    expect(availableOrderActions(o, { role: 'FACTORY_ACCOUNT' })).toEqual([
      'completeProduction',
      'approveFinance',
      'cancel',
      'setEstimatedCompletionDate',
      'setInvoiceNumber',
    ]);
    expect(availableOrderActions(o, { role: 'CUSTOMER' })).toEqual([]);
  });
});

describe('item artwork (ordering §4 Item artwork)', () => {
  const art = (status: ArtworkStatus, artworkFinalized = false) => ({ status, artworkFinalized });
  it('upload in NEEDS_ARTWORK unless APPROVED or the CSR art is prepared; upload roles only', () => {
    expect(checkArtworkAction('upload', order(), art('REJECTED'), { role: 'CSR' })).toEqual({ ok: true });
    expect(checkArtworkAction('upload', order(), art('APPROVED'), { role: 'CSR' })).toMatchObject({
      status: 409,
    });
    expect(
      checkArtworkAction('upload', order({ csrArtPrepared: true }), art('UPLOADED'), { role: 'CSR' }),
    ).toMatchObject({
      status: 409,
    });
    expect(checkArtworkAction('upload', order(), art('NEEDS_UPLOAD'), { role: 'VENDOR' })).toMatchObject({
      status: 403,
    });
    expect(checkArtworkAction('upload', order(), null, { role: 'CSR' })).toMatchObject({ status: 409 });
  });
  it('review in NEEDS_ART_APPROVAL of an uploaded, not finalized artwork', () => {
    const reviewing = order({ orderStatus: 'NEEDS_ART_APPROVAL' });
    expect(availableArtworkActions(reviewing, art('UPLOADED'), { role: 'VENDOR' })).toEqual(['review']);
    expect(availableArtworkActions(reviewing, art('APPROVED', true), { role: 'VENDOR' })).toEqual([]);
    expect(availableArtworkActions(reviewing, art('NEEDS_UPLOAD'), { role: 'VENDOR' })).toEqual([]);
    expect(availableArtworkActions(order(), art('UPLOADED'), { role: 'VENDOR' })).toEqual([]);
  });
  it('tabs: Needs Action first for a CSR in NEEDS_ARTWORK and a vendor in NEEDS_ART_APPROVAL', () => {
    expect(defaultItemsTab('NEEDS_ARTWORK', 'CSR')).toBe('NEEDS_ACTION');
    expect(defaultItemsTab('NEEDS_ART_APPROVAL', 'VENDOR')).toBe('NEEDS_ACTION');
    expect(defaultItemsTab('NEEDS_ARTWORK', 'VENDOR')).toBe('ALL');
    expect(itemNeedsAction('NEEDS_ARTWORK', art('REJECTED'))).toBe(true);
    expect(itemNeedsAction('NEEDS_ART_APPROVAL', art('APPROVED'))).toBe(false);
  });
});

describe('artwork banners (ordering §4)', () => {
  it('shows each status its banner on an open order', () => {
    const open = { orderStatus: 'NEEDS_ARTWORK' as const, cancelled: false };
    const reviewing = { orderStatus: 'NEEDS_ART_APPROVAL' as const, cancelled: false };
    expect(artworkBannerKind('NEEDS_UPLOAD', open)).toBe('needsUpload');
    expect(artworkBannerKind('UPLOADED', open)).toBe('uploaded');
    expect(artworkBannerKind('UPLOADED', reviewing)).toBe('requiresReview');
    expect(artworkBannerKind('REJECTED', open)).toBe('rejected');
    expect(artworkBannerKind('APPROVED', reviewing)).toBe('approved');
  });
  it('asks nothing on a cancelled order: no Needs Artwork Upload, no Requires Artwork Review', () => {
    expect(artworkBannerKind('NEEDS_UPLOAD', { orderStatus: 'NEEDS_ARTWORK', cancelled: true })).toBeNull();
    expect(artworkBannerKind('UPLOADED', { orderStatus: 'NEEDS_ART_APPROVAL', cancelled: true })).toBe(
      'uploaded',
    );
    expect(artworkBannerKind('REJECTED', { orderStatus: 'NEEDS_ARTWORK', cancelled: true })).toBe('rejected');
  });
});

describe('properties over random action sequences', () => {
  const actionArb = fc.constantFrom<OrderAction | 'uploadAll' | 'approveAll' | 'rejectOne'>(
    ...ORDER_ACTIONS,
    'uploadAll',
    'approveAll',
    'rejectOne',
  );
  const roleArb = fc.constantFrom<Role>(...SIGNED_IN_ROLES);
  const start = fc.record({
    withArtwork: fc.boolean(),
    lines: fc.integer({ min: 1, max: 3 }),
  });

  /** Applies one step the way the server does; refused steps change nothing. */
  function step(
    o: WorkflowOrder,
    a: OrderAction | 'uploadAll' | 'approveAll' | 'rejectOne',
    role: Role,
  ): WorkflowOrder {
    if (a === 'uploadAll' || a === 'approveAll' || a === 'rejectOne') {
      const kind = a === 'uploadAll' ? 'upload' : 'review';
      const next = o.artwork.map((art, i) => {
        if (!checkArtworkAction(kind, o, art, { role }).ok) return art;
        if (a === 'uploadAll') return { ...art, status: 'UPLOADED' as const };
        if (a === 'approveAll') return { ...art, status: 'APPROVED' as const };
        return i === 0 ? { ...art, status: 'REJECTED' as const } : art;
      });
      return { ...o, artwork: next };
    }
    if (!checkOrderAction(a, o, { role, isOrderVendor: true }).ok) return o;
    const to = nextStatus(a, o);
    const n = { ...o, orderStatus: to };
    if (a === 'requestArtworkApproval') n.csrArtPrepared = true;
    if (a === 'submitReviews') {
      n.artwork = o.artwork.map((x) => (x.status === 'APPROVED' ? { ...x, artworkFinalized: true } : x));
      if (to === 'NEEDS_ARTWORK') n.csrArtPrepared = false;
    }
    if (a === 'approveFinance') n.financeApproval = true;
    if (a === 'completeProduction' && role === 'CSR') n.csrProductionConfirmed = true;
    if (a === 'cancel') n.cancelled = true;
    return n;
  }

  it('never leaves the statuses of the table, never skips a step, only goes back on a rejected review', () => {
    fc.assert(
      fc.property(
        start,
        fc.array(fc.tuple(actionArb, roleArb), { maxLength: 60 }),
        ({ withArtwork, lines }, steps) => {
          let o: WorkflowOrder = {
            orderStatus: 'PENDING',
            cancelled: false,
            financeApproval: false,
            csrArtPrepared: false,
            csrProductionConfirmed: false,
            artwork: withArtwork
              ? Array.from({ length: lines }, () => ({
                  status: 'NEEDS_UPLOAD' as const,
                  artworkFinalized: false,
                }))
              : [],
          };
          for (const [a, role] of steps) {
            const before = o;
            o = step(o, a, role);
            expect(ORDER_STATUSES).toContain(o.orderStatus);
            const from = ORDER_STATUS_STEP[before.orderStatus];
            const to = ORDER_STATUS_STEP[o.orderStatus];
            if (before.cancelled) expect(o.orderStatus).toBe(before.orderStatus);
            if (to < from) {
              expect([before.orderStatus, o.orderStatus]).toEqual(['NEEDS_ART_APPROVAL', 'NEEDS_ARTWORK']);
            }
            // Forward moves are one step, except placing without artwork (to Art Approved), finance
            // approval arriving before production is complete, and placing.
            if (to > from + 1) {
              const allowed: [OrderStatus, OrderStatus][] = [
                ['PENDING', 'PRODUCTION_READY'],
                ['PRODUCTION_READY', 'READY_TO_SHIP'],
              ];
              expect(allowed).toContainEqual([before.orderStatus, o.orderStatus]);
            }
            if (!withArtwork) expect(['NEEDS_ARTWORK', 'NEEDS_ART_APPROVAL']).not.toContain(o.orderStatus);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a cancelled order never moves and nobody may act on it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ORDER_STATUSES.filter((s) => s !== 'PENDING')),
        roleArb,
        fc.constantFrom(...ORDER_ACTIONS),
        (status, role, action) => {
          const o = order({ orderStatus: status, cancelled: true });
          expect(checkOrderAction(action, o, { role, isOrderVendor: true }).ok).toBe(false);
          expect(availableOrderActions(o, { role, isOrderVendor: true })).toEqual([]);
          for (const s of ARTWORK_STATUSES)
            expect(availableArtworkActions(o, { status: s, artworkFinalized: false }, { role })).toEqual([]);
        },
      ),
    );
  });
});

describe('artworkAtPlacing', () => {
  const line = (
    id: number,
    artworkRequired: boolean,
    artworkStatus: string | null = null,
    artworkFinalized = false,
  ) => ({
    id,
    artworkRequired,
    artworkStatus,
    artworkFinalized,
  });
  it("marks the lines whose product requires artwork NEEDS_UPLOAD and keeps the others' status", () => {
    const lines = [
      line(1, false),
      line(2, true),
      line(3, false, 'APPROVED', true),
      line(4, true, 'REJECTED'),
    ];
    expect(artworkAtPlacing(lines).map((a) => [a.line.id, a.status, a.artworkFinalized, a.marked])).toEqual([
      [2, 'NEEDS_UPLOAD', false, true],
      [3, 'APPROVED', true, false],
      [4, 'NEEDS_UPLOAD', false, true],
    ]);
  });
  it('answers nothing for a cart without artwork', () => {
    expect(artworkAtPlacing([line(1, false), line(2, false)])).toEqual([]);
  });
});
