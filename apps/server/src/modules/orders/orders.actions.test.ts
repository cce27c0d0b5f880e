/**
 * The order workflow over HTTP against a real database (ordering §4, §6, §7, §8): every action's
 * 403/404/409/400 and happy path, two concurrent Complete Production calls, artwork versions,
 * documents and generated PDFs, and the mails that arrive in the SMTP sink. 401 and the role
 * matrix of every route are covered by test/route-matrix.test.ts. Orders are built with the test
 * factories; the demo accounts act on them.
 */
import {
  type CareLabel,
  careLabelLayout,
  careLabelLines,
  MESSAGES,
  type OrderActionResponse,
  type OrderDetails,
  type OrderStatus,
} from '@selvedge/shared';
import { eq, ne, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../platform/db/schema';
import {
  type BuildArtwork,
  buildOrder,
  buildOrderParts,
  buildSubcode,
  buildUser,
  demoParties,
} from '../../test/factories';
import { createTestApp, DEMO_EMAILS, type TestApp } from '../../test/harness';

let t: TestApp;
let p: Awaited<ReturnType<typeof demoParties>>;
let vendorUserId = 0;
let subArt: Awaited<ReturnType<typeof buildSubcode>>;
let subPlain: Awaited<ReturnType<typeof buildSubcode>>;
let dunnesCsr = '';
let otherFactoryId = 0;

type Who = keyof typeof DEMO_EMAILS | { email: string };
const bearer = async (who: Who) =>
  t.auth(typeof who === 'string' ? await t.tokenFor(who) : await t.login(who.email));

async function call(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, who: Who, payload?: object) {
  return t.app.inject({
    method,
    url: `/api/v1.0${url}`,
    headers: await bearer(who),
    ...(payload ? { payload } : {}),
  });
}

/** A multipart body with one file part (built by the platform's own FormData). */
async function multipart(field: string, name: string, body: Buffer, type = 'application/octet-stream') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(body)], { type }), name);
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')! },
  };
}
async function upload(url: string, who: Who, field: string, name: string, body: Buffer) {
  const m = await multipart(field, name, body);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1.0${url}`,
    headers: { ...(await bearer(who)), ...m.headers },
    payload: m.payload,
  });
}

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function order(
  status: OrderStatus,
  opts: {
    artwork?: BuildArtwork[];
    plain?: number;
    financeApproval?: boolean;
    cancelled?: boolean;
    csrArtPrepared?: boolean;
    customerId?: number;
  } = {},
) {
  return buildOrder(t.db, {
    status,
    userId: vendorUserId,
    vendorId: p.vendorId,
    customerId: opts.customerId ?? p.rootsId,
    regionId: p.regionId,
    factoryId: p.factoryId,
    items: [
      ...(opts.artwork ?? []).map((artwork) => ({ subcode: subArt, artwork })),
      ...Array.from({ length: opts.plain ?? 0 }, () => ({ subcode: subPlain })),
    ],
    financeApproval: opts.financeApproval,
    cancelled: opts.cancelled,
    csrArtPrepared: opts.csrArtPrepared,
    storage: t.storage,
  });
}
const details = async (id: number, who: Who = 'ADMIN'): Promise<OrderDetails> => {
  const res = await call('GET', `/orders/${id}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const ok = (res: { statusCode: number; body: string; json: () => unknown }) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OrderActionResponse;
};
/** Mails received for an order number since `from`, parsed. */
async function mailsFor(orderId: number, from: number) {
  await t.settleJobs();
  return Promise.all(
    t.smtp.messages
      .slice(from)
      .filter((m) => m.raw.includes(`order ${orderId}`))
      .map(async (m) => ({ to: m.to, parsed: await simpleParser(m.raw) })),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  p = await demoParties(t.db);
  vendorUserId = (await t.db.select().from(s.users).where(eq(s.users.email, DEMO_EMAILS.VENDOR)))[0]!.id;
  subArt = await buildSubcode(t.db, { customerId: p.rootsId, factoryId: p.factoryId, artworkRequired: true });
  otherFactoryId = (
    await t.db
      .select({ id: s.factories.id })
      .from(s.factories)
      .where(ne(s.factories.id, p.factoryId))
      .limit(1)
  )[0]!.id;
  subPlain = await buildSubcode(t.db, {
    customerId: p.rootsId,
    factoryId: otherFactoryId,
    sizes: ['One Size'],
  });
  dunnesCsr = (await buildUser(t.db, { role: 'CSR', customerIds: [p.dunnesId] })).email;
});
afterAll(async () => {
  await t?.close();
});

describe('Request Artwork Approval (PUT /orders/{id}/artwork/prepare)', () => {
  it('moves NEEDS_ARTWORK → NEEDS_ART_APPROVAL, logs it and mails the vendor', async () => {
    const { orderId } = await order('NEEDS_ARTWORK', {
      artwork: [{ status: 'UPLOADED' }, { status: 'UPLOADED' }],
    });
    const before = t.smtp.messages.length;
    const r = ok(await call('PUT', `/orders/${orderId}/artwork/prepare`, 'CSR'));
    expect(r.message).toBe(MESSAGES.artworkApprovalRequested);
    expect(r.order.orderStatus).toBe('NEEDS_ART_APPROVAL');
    expect(r.order.csrArtPrepared).toBe(true);
    expect(r.order.actions).not.toContain('requestArtworkApproval');
    const logs = (await details(orderId)).logs!.map((l) => l.description);
    expect(logs.at(-1)).toBe('Artwork approval requested; status: Art Prepared');
    const mails = await mailsFor(orderId, before);
    expect(mails.map((m) => m.to)).toEqual([[DEMO_EMAILS.VENDOR]]);
    const mail = mails[0]!.parsed;
    expect(mail.subject).toContain(`order ${orderId}`);
    expect(mail.text).toContain(`/order-details?orderId=${orderId}`);
    expect(mail.html).toContain('Open the order');
  });
  it('409 while an artwork is missing, 409 when doubled, 404 for a CSR of another customer', async () => {
    const missing = await order('NEEDS_ARTWORK', {
      artwork: [{ status: 'UPLOADED' }, { status: 'NEEDS_UPLOAD' }],
    });
    const r = await call('PUT', `/orders/${missing.orderId}/artwork/prepare`, 'CSR');
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toContain('artwork uploaded');
    const { orderId } = await order('NEEDS_ARTWORK', { artwork: [{ status: 'UPLOADED' }] });
    expect((await call('PUT', `/orders/${orderId}/artwork/prepare`, 'CSR')).statusCode).toBe(200);
    const again = await call('PUT', `/orders/${orderId}/artwork/prepare`, 'CSR');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'Request Artwork Approval is not possible: the order is Art Prepared (NEEDS_ART_APPROVAL).',
    );
    expect((await call('PUT', `/orders/${orderId}/artwork/prepare`, { email: dunnesCsr })).statusCode).toBe(
      404,
    );
    expect((await call('PUT', '/orders/2147483648/artwork/prepare', 'CSR')).statusCode).toBe(400);
    expect((await call('PUT', '/orders/999999/artwork/prepare', 'CSR')).statusCode).toBe(404);
  });
});

describe('artwork review and Submit Reviews', () => {
  it('a review needs a comment (400) and is refused outside NEEDS_ART_APPROVAL (409)', async () => {
    const { orderId, itemIds } = await order('NEEDS_ART_APPROVAL', {
      artwork: [{ status: 'UPLOADED' }],
      csrArtPrepared: true,
    });
    const blank = await call('PUT', `/orders/${orderId}/artwork/${itemIds[0]}`, 'VENDOR', {
      comment: '  ',
      approved: true,
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain(MESSAGES.artworkCommentRequired);
    const early = await order('NEEDS_ARTWORK', { artwork: [{ status: 'UPLOADED' }] });
    const r = await call('PUT', `/orders/${early.orderId}/artwork/${early.itemIds[0]}`, 'VENDOR', {
      comment: 'ok',
      approved: true,
    });
    expect(r.statusCode).toBe(409);
    const wrongItem = await call('PUT', `/orders/${orderId}/artwork/${early.itemIds[0]}`, 'VENDOR', {
      comment: 'ok',
      approved: true,
    });
    expect(wrongItem.statusCode).toBe(404);
  });

  it('all approved → PRODUCTION_READY: approvals final, SHA-256 in the log, one production PO per factory, CSR and supervisor mailed', async () => {
    const { orderId, itemIds } = await order('NEEDS_ART_APPROVAL', {
      artwork: [{ status: 'UPLOADED' }],
      plain: 1,
      csrArtPrepared: true,
    });
    const during = await details(orderId, 'VENDOR');
    expect(during.orderItems[0]!.artwork!.actions).toEqual(['review']);
    expect(during.actions).not.toContain('submitReviews');
    const reviewed = ok(
      await call('PUT', `/orders/${orderId}/artwork/${itemIds[0]}`, 'VENDOR', {
        comment: 'Colours match',
        approved: true,
      }),
    );
    expect(reviewed.order.orderItems[0]!.artwork).toMatchObject({
      status: 'APPROVED',
      comments: 'Colours match',
      artworkFinalized: false,
    });
    expect(reviewed.order.actions).toContain('submitReviews');
    const before = t.smtp.messages.length;
    const r = ok(await call('PUT', `/orders/${orderId}/artwork/review`, 'VENDOR'));
    expect(r.message).toBe(MESSAGES.reviewsSubmitted);
    expect(r.order.orderStatus).toBe('PRODUCTION_READY');
    expect(r.order.orderItems[0]!.artwork!.artworkFinalized).toBe(true);
    const admin = await details(orderId);
    const sha = admin.orderItems[0]!.artwork!.versions[0]!.sha256;
    expect(
      admin.logs!.some((l) => l.description.includes(`approved (version 1, SHA-256 ${sha}): Colours match`)),
    ).toBe(true);
    expect(admin.productionsPurchaseOrders).toHaveLength(2);
    expect((await details(orderId, 'VENDOR')).productionsPurchaseOrders).toEqual([]);
    const to = (await mailsFor(orderId, before)).flatMap((m) => m.to).sort();
    expect(to).toEqual([DEMO_EMAILS.CSR, DEMO_EMAILS.FACTORY_ACCOUNT].sort());
  });

  it('a rejection sends the order back to NEEDS_ARTWORK, the CSR uploads a new version; vendors see comments only during review', async () => {
    const { orderId, itemIds } = await order('NEEDS_ART_APPROVAL', {
      artwork: [{ status: 'UPLOADED' }],
      csrArtPrepared: true,
    });
    ok(
      await call('PUT', `/orders/${orderId}/artwork/${itemIds[0]}`, 'VENDOR', {
        comment: 'Logo too small',
        approved: false,
      }),
    );
    const r = ok(await call('PUT', `/orders/${orderId}/artwork/review`, 'VENDOR'));
    expect(r.order.orderStatus).toBe('NEEDS_ARTWORK');
    expect(r.order.csrArtPrepared).toBe(false);
    const vendorView = (await details(orderId, 'VENDOR')).orderItems[0]!.artwork!;
    expect(vendorView.status).toBe('REJECTED');
    expect(vendorView).not.toHaveProperty('comments');
    expect(vendorView.versions[0]).not.toHaveProperty('comment');
    const csrView = (await details(orderId, 'CSR')).orderItems[0]!.artwork!;
    expect(csrView.comments).toBe('Logo too small');
    expect(csrView.actions).toEqual(['upload']);

    const up = ok(
      await upload(`/orders/${orderId}/artwork/${itemIds[0]}`, 'CSR', 'artwork', 'label v2.png', PNG),
    );
    expect(up.message).toBe(MESSAGES.artworkUploaded);
    const art = up.order.orderItems[0]!.artwork!;
    expect(art.status).toBe('UPLOADED');
    expect(art.versions.map((v) => [v.version, v.name, v.contentType])).toEqual([
      [2, 'label v2.png', 'image/png'],
      [1, 'artwork-v1.pdf', 'application/pdf'],
    ]);
    // Times come back as instants (the details read them as JSON from one statement): the new version
    // was uploaded just now and is not reviewed; the rejected first one carries its review time.
    expect(Math.abs(Date.parse(art.versions[0]!.uploadedAt) - Date.now())).toBeLessThan(60_000);
    expect(art.versions[0]!.reviewedAt).toBeNull();
    expect(art.versions[1]!.reviewedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const current = await call('GET', `/orders/${orderId}/artwork/${itemIds[0]}`, 'VENDOR');
    expect(current.statusCode).toBe(200);
    expect(current.headers['content-type']).toBe('image/png');
    expect(current.headers['content-disposition']).toContain('label v2.png');
    expect(current.rawPayload.equals(PNG)).toBe(true);
    const first = await call(
      'GET',
      `/orders/${orderId}/artwork/${itemIds[0]}/versions/${art.versions[1]!.versionId}`,
      'VENDOR',
    );
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.toString()).toContain('%PDF-1.4');
  });
});

describe('artwork upload checks', () => {
  it('refuses a file that is not artwork (400), a missing file (400), a big one (413), and uploads by a vendor (403)', async () => {
    const { orderId, itemIds } = await order('NEEDS_ARTWORK', { artwork: [{ status: 'NEEDS_UPLOAD' }] });
    const url = `/orders/${orderId}/artwork/${itemIds[0]}`;
    const exe = await upload(
      url,
      'CSR',
      'artwork',
      'label.png',
      Buffer.from('MZ\x90\x00 not an image at all'),
    );
    expect(exe.statusCode).toBe(400);
    expect(exe.json().message).toContain('PDF, PNG, JPEG, TIFF, SVG, AI or EPS');
    const wrongField = await upload(url, 'CSR', 'file', 'label.png', PNG);
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toContain('artwork');
    const big = await upload(
      url,
      'CSR',
      'artwork',
      'big.png',
      Buffer.concat([PNG, Buffer.alloc(21 * 1024 * 1024)]),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(MESSAGES.artworkTooLarge(20));
    expect((await upload(url, 'VENDOR', 'artwork', 'label.png', PNG)).statusCode).toBe(403);
    const after = await details(orderId);
    expect(after.orderItems[0]!.artwork!.versions).toEqual([]);
  });
  it('refuses uploads once approval is requested or the artwork is approved (409)', async () => {
    const asked = await order('NEEDS_ART_APPROVAL', {
      artwork: [{ status: 'UPLOADED' }],
      csrArtPrepared: true,
    });
    expect(
      (await upload(`/orders/${asked.orderId}/artwork/${asked.itemIds[0]}`, 'CSR', 'artwork', 'a.png', PNG))
        .statusCode,
    ).toBe(409);
    const approved = await order('NEEDS_ARTWORK', {
      artwork: [{ status: 'APPROVED', finalized: true }, { status: 'REJECTED' }],
    });
    const r = await upload(
      `/orders/${approved.orderId}/artwork/${approved.itemIds[0]}`,
      'CSR',
      'artwork',
      'a.png',
      PNG,
    );
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe('This artwork is approved: it can no longer be replaced.');
  });
});

describe('production, finance, shipping', () => {
  it('two concurrent Complete Production calls: one 200, one 409', async () => {
    const { orderId } = await order('PRODUCTION_READY', { plain: 1 });
    const [a, b] = await Promise.all([
      call('POST', `/orders/${orderId}/complete-production`, 'CSR'),
      call('POST', `/orders/${orderId}/complete-production`, 'ADMIN'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const o = await details(orderId);
    expect(o.orderStatus).toBe('PRODUCTION_CONFIRMED');
    expect(o.logs!.filter((l) => l.description.startsWith('Production completed'))).toHaveLength(1);
  });

  it('complete production → finance → ready to ship → shipped, with packing slips and the mails of each step', async () => {
    const { orderId } = await order('PRODUCTION_READY', { plain: 2 });
    const start = t.smtp.messages.length;
    const done = ok(await call('POST', `/orders/${orderId}/complete-production`, 'CSR'));
    expect(done.message).toBe(MESSAGES.productionConfirmed);
    expect(done.order).toMatchObject({ orderStatus: 'PRODUCTION_CONFIRMED', csrProductionConfirmed: true });
    expect((await mailsFor(orderId, start)).flatMap((m) => m.to)).toEqual([DEMO_EMAILS.FINANCE]);

    const approveAt = t.smtp.messages.length;
    const approved = ok(await call('POST', `/orders/${orderId}/approve-finance`, 'FINANCE'));
    expect(approved.message).toBe(MESSAGES.orderApproved);
    expect(approved.order).toMatchObject({ orderStatus: 'READY_TO_SHIP', financeApproval: true });
    expect((await call('POST', `/orders/${orderId}/approve-finance`, 'FINANCE')).statusCode).toBe(409);
    expect((await mailsFor(orderId, approveAt)).flatMap((m) => m.to).sort()).toEqual(
      [DEMO_EMAILS.CSR, DEMO_EMAILS.FACTORY_ACCOUNT].sort(),
    );

    expect((await call('GET', `/orders/${orderId}/vendor-packing-slip/`, 'VENDOR')).statusCode).toBe(404);
    const shipAt = t.smtp.messages.length;
    const shipped = ok(await call('POST', `/orders/${orderId}/ship-and-complete`, 'CSR'));
    expect(shipped.message).toBe(MESSAGES.shippedAndCompleted);
    expect(shipped.order.orderStatus).toBe('COMPLETE_AND_SHIPPED');
    expect(shipped.order.vendorPackingSlip).toBe(`VPS-${orderId}`);
    expect(shipped.order.productionPackingSlips.map((s) => s.productionPackingSlipNumber)).toHaveLength(1);
    expect(shipped.order.shipAndCompleteDate).not.toBeNull();
    expect((await mailsFor(orderId, shipAt)).flatMap((m) => m.to)).toEqual([DEMO_EMAILS.VENDOR]);

    const slip = await call('GET', `/orders/${orderId}/vendor-packing-slip/`, 'VENDOR');
    expect(slip.statusCode).toBe(200);
    expect(slip.headers['content-type']).toBe('application/pdf');
    expect(slip.headers['content-disposition']).toContain(`VPS-${orderId}`);
    const { text } = await extractText(new Uint8Array(slip.rawPayload), { mergePages: true });
    expect(text).toContain(`VPS-${orderId}`);
    expect(text).not.toMatch(/CAD\s?\d/);
  });

  it('finance approval before production: completing production goes straight to READY_TO_SHIP', async () => {
    const { orderId } = await order('PRODUCTION_READY', { plain: 1, financeApproval: true });
    const r = ok(await call('POST', `/orders/${orderId}/complete-production`, 'FACTORY_ACCOUNT'));
    expect(r.order.orderStatus).toBe('READY_TO_SHIP');
  });

  it('finance approval of an order still in artwork or production mails those who act on it next', async () => {
    const placed = await order('NEEDS_ARTWORK', { plain: 1 });
    const inProduction = await order('PRODUCTION_READY', { plain: 1 });
    const at = t.smtp.messages.length;
    ok(await call('POST', `/orders/${placed.orderId}/approve-finance`, 'FINANCE'));
    ok(await call('POST', `/orders/${inProduction.orderId}/approve-finance`, 'FINANCE'));

    const toPlaced = await mailsFor(placed.orderId, at);
    expect(toPlaced.flatMap((m) => m.to)).toEqual([DEMO_EMAILS.CSR]);
    expect(toPlaced[0]!.parsed.subject).toContain(`order ${placed.orderId}`);
    expect(toPlaced[0]!.parsed.subject).toMatch(/: Finance approved the order$/);
    expect(toPlaced[0]!.parsed.text).toContain('It still needs artwork: upload it and request approval.');

    const toProduction = await mailsFor(inProduction.orderId, at);
    expect(toProduction.flatMap((m) => m.to).sort()).toEqual(
      [DEMO_EMAILS.CSR, DEMO_EMAILS.FACTORY_ACCOUNT].sort(),
    );
    expect(toProduction[0]!.parsed.text).toContain(
      'Complete production when it is made; the order is then ready to ship at once.',
    );
  });

  it("shows a line's care label in the mail as the label prints it (the shared layout's lines)", async () => {
    const label: CareLabel = {
      type: 'CARELABEL_STANDARD',
      countryOfOrigins: ['Canada'],
      wash: 'Machine wash cold 30°C',
      dry: 'Tumble dry low',
      cautionMaintenance: 'Wash inside out / Laver à l’envers',
      garmentComponents: [
        {
          componentType: 'Shell',
          fabricCompositions: [
            { material: 'Recycled polyester', percentage: 40 },
            { material: 'Organic cotton', percentage: 60 },
          ],
        },
      ],
      specialInstructions: ['Close zips before washing'],
      printed: { icons: { wash: 'wash-30' }, markets: ['CA'], caNumber: '12345', rnNumber: null },
    };
    const built = await order('PRODUCTION_READY', { plain: 2 });
    const items = await t.db
      .select({ id: s.orderItems.id })
      .from(s.orderItems)
      .where(eq(s.orderItems.orderId, built.orderId))
      .orderBy(s.orderItems.id);
    await t.db.update(s.orderItems).set({ careLabel: label }).where(eq(s.orderItems.id, items[0]!.id));
    const at = t.smtp.messages.length;
    ok(await call('POST', `/orders/${built.orderId}/approve-finance`, 'FINANCE'));
    const mails = await mailsFor(built.orderId, at);
    expect(mails.length).toBeGreaterThan(0);
    const lines = careLabelLines(careLabelLayout({ label }));
    expect(lines).toContain('Made in Canada');
    expect(lines).toContain('CA 12345');
    for (const { parsed } of mails) {
      const text = parsed.text ?? '';
      // one label block, its lines in the label's order, then the next paragraph
      expect(text.match(/Care label of /g)).toHaveLength(1);
      expect(text).toContain(`Care label of ${subPlain.productSubcode} (`);
      expect(text).toContain(lines.map((l) => `  ${l}`).join('\n'));
      expect(text).toContain('60% Organic cotton / Coton');
      expect(parsed.html).toContain('Made in Canada<br>');
    }
  });

  it('a CSR may not complete production twice; ship only from READY_TO_SHIP', async () => {
    const { orderId } = await order('PRODUCTION_READY', { plain: 1 });
    await t.db.update(s.orders).set({ csrProductionConfirmed: true }).where(eq(s.orders.id, orderId));
    const r = await call('POST', `/orders/${orderId}/complete-production`, 'CSR');
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe('Production of this order has already been confirmed by a CSR.');
    expect((await call('POST', `/orders/${orderId}/ship-and-complete`, 'CSR')).statusCode).toBe(409);
    expect((await call('POST', `/orders/${orderId}/complete-production`, 'FINANCE')).statusCode).toBe(403);
  });
});

describe('mail recipients and outages', () => {
  it('mails only active users with mail enabled, never the one who acted', async () => {
    const muted = await buildUser(t.db, { role: 'VENDOR', vendorIds: [p.vendorId], emailEnabled: false });
    const gone = await buildUser(t.db, { role: 'VENDOR', vendorIds: [p.vendorId], active: false });
    const colleague = await buildUser(t.db, { role: 'VENDOR', vendorIds: [p.vendorId] });
    const { orderId } = await order('NEEDS_ARTWORK', { artwork: [{ status: 'UPLOADED' }] });
    const before = t.smtp.messages.length;
    ok(await call('PUT', `/orders/${orderId}/artwork/prepare`, 'CSR'));
    const to = (await mailsFor(orderId, before)).flatMap((m) => m.to).sort();
    expect(to).toEqual([DEMO_EMAILS.VENDOR, colleague.email].sort());
    expect(to).not.toContain(muted.email);
    expect(to).not.toContain(gone.email);
    // the vendor who cancels is not mailed about it; the CSRs are
    const cancelAt = t.smtp.messages.length;
    ok(await call('PUT', `/orders/cancel-order/${orderId}`, { email: colleague.email }));
    const cancelTo = (await mailsFor(orderId, cancelAt)).flatMap((m) => m.to);
    expect(cancelTo).not.toContain(colleague.email);
    expect(cancelTo).toContain(DEMO_EMAILS.CSR);
  });

  it('an SMTP outage never fails the action: the mail waits in the queue and is retried', async () => {
    const { orderId } = await order('PRODUCTION_READY', { plain: 1 });
    await t.smtp.close();
    try {
      const r = ok(await call('POST', `/orders/${orderId}/complete-production`, 'ADMIN'));
      expect(r.order.orderStatus).toBe('PRODUCTION_CONFIRMED');
      // the order mail runs (it only queues), the finance mail fails and waits for its retry
      await expect
        .poll(
          async () =>
            (
              await t.db.execute(
                sql`select state from pgboss.job where name = 'mail.send' and data->>'subject' like ${`%order ${orderId} %`}`,
              )
            ).rows.map((row: unknown) => (row as { state: string }).state),
          { timeout: 15_000 },
        )
        .toContain('retry');
    } finally {
      await t.smtp.restart();
    }
    // the order's change stands
    expect((await details(orderId)).orderStatus).toBe('PRODUCTION_CONFIRMED');
  });
});

describe('cancel, completion date, invoice number', () => {
  it('cancels before production is confirmed; a cancelled order never moves', async () => {
    const { orderId } = await order('PRODUCTION_READY', { plain: 1 });
    const r = ok(await call('PUT', `/orders/cancel-order/${orderId}`, 'VENDOR'));
    expect(r.order).toMatchObject({ cancelled: true, cancelAllowed: false, actions: [] });
    const again = await call('PUT', `/orders/cancel-order/${orderId}`, 'VENDOR');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order is cancelled: it can no longer change.');
    expect((await call('POST', `/orders/${orderId}/approve-finance`, 'FINANCE')).statusCode).toBe(409);
    const late = await order('PRODUCTION_CONFIRMED', { plain: 1 });
    expect((await call('PUT', `/orders/cancel-order/${late.orderId}`, 'ADMIN')).statusCode).toBe(409);
    expect((await call('PUT', `/orders/cancel-order/${late.orderId}`, 'VENDOR2')).statusCode).toBe(404);
  });

  it('estimated completion date: not before today, a real date, logged', async () => {
    const { orderId } = await order('PRODUCTION_READY', { plain: 1 });
    const past = await call('POST', '/orders/completion-date', 'CSR', {
      orderId,
      estimatedCompletionDate: '2020-01-01',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toContain(MESSAGES.completionDateTooEarly);
    for (const bad of ['2030-02-30', '0000-01-01', '01-Jan-2030', '']) {
      expect(
        (await call('POST', '/orders/completion-date', 'CSR', { orderId, estimatedCompletionDate: bad }))
          .statusCode,
      ).toBe(400);
    }
    const r = ok(
      await call('POST', '/orders/completion-date', 'CSR', {
        orderId,
        estimatedCompletionDate: '2030-03-05',
      }),
    );
    expect(r.order.estimatedCompletionDate).toBe('2030-03-05');
    expect((await details(orderId)).logs!.at(-1)!.description).toBe(
      'Estimated completion date set to 05-Mar-2030',
    );
    expect(
      (
        await call('POST', '/orders/completion-date', 'FINANCE', {
          orderId,
          estimatedCompletionDate: '2030-03-05',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('invoice number: invoice roles until shipped', async () => {
    const { orderId } = await order('READY_TO_SHIP', { plain: 1, financeApproval: true });
    const r = ok(
      await call('PUT', '/orders/invoice-number', 'FINANCE', { orderId, invoiceNumber: ' INV-2030-001 ' }),
    );
    expect(r.order.invoiceNumber).toBe('INV-2030-001');
    expect(
      (await call('PUT', '/orders/invoice-number', 'FINANCE', { orderId, invoiceNumber: 'x'.repeat(51) }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('PUT', '/orders/invoice-number', 'FINANCE', { orderId, invoiceNumber: 'a\u0000b' }))
        .statusCode,
    ).toBe(400);
    ok(await call('POST', `/orders/${orderId}/ship-and-complete`, 'ADMIN'));
    expect(
      (await call('PUT', '/orders/invoice-number', 'FINANCE', { orderId, invoiceNumber: 'INV-2' }))
        .statusCode,
    ).toBe(409);
  });
});

describe('documents', () => {
  it('shipping documents: READY_TO_SHIP only, logged; CSR sees none', async () => {
    const early = await order('PRODUCTION_READY', { plain: 1 });
    expect(
      (
        await upload(
          `/orders/${early.orderId}/shipping-document`,
          'CSR',
          'shippingDocument',
          'bol.pdf',
          Buffer.from('%PDF-1.4\n%%EOF'),
        )
      ).statusCode,
    ).toBe(409);
    const { orderId } = await order('READY_TO_SHIP', { plain: 1, financeApproval: true });
    const r = ok(
      await upload(
        `/orders/${orderId}/shipping-document`,
        'CSR',
        'shippingDocument',
        'Bill of lading.pdf',
        Buffer.from('%PDF-1.4\n%%EOF'),
      ),
    );
    expect(r.message).toBe(MESSAGES.documentUploaded);
    expect(r.order).not.toHaveProperty('shippingDocs');
    const admin = await details(orderId);
    expect(admin.shippingDocs!.map((d) => d.name)).toEqual(['Bill of lading.pdf']);
    expect(admin.logs!.at(-1)!.description).toBe('Shipping document uploaded: Bill of lading.pdf');
    const docId = admin.shippingDocs![0]!.documentId;
    const vendor = await call('GET', `/orders/${orderId}/shipping-document/${docId}`, 'VENDOR');
    expect(vendor.statusCode).toBe(200);
    expect(vendor.rawPayload.toString()).toBe('%PDF-1.4\n%%EOF');
    expect((await call('GET', `/orders/${orderId}/shipping-document/${docId}`, 'CSR')).statusCode).toBe(403);
    expect((await call('GET', `/orders/${orderId}/shipping-document/${docId}`, 'VENDOR2')).statusCode).toBe(
      404,
    );
  });

  it('related documents: only to your own cart; they travel with the order', async () => {
    const cart = await order('PENDING', { plain: 1 });
    const r = await upload(
      `/orders/${cart.orderId}/related-document`,
      'VENDOR',
      'relatedDocument',
      'our PO.pdf',
      Buffer.from('%PDF-1.4\n%%EOF'),
    );
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ message: MESSAGES.documentUploaded, document: { name: 'our PO.pdf' } });
    expect(
      (
        await upload(
          `/orders/${cart.orderId}/related-document`,
          'ADMIN',
          'relatedDocument',
          'x.pdf',
          Buffer.from('%PDF-1.4'),
        )
      ).statusCode,
    ).toBe(404);
    const placed = await order('PRODUCTION_READY', { plain: 1 });
    expect(
      (
        await upload(
          `/orders/${placed.orderId}/related-document`,
          'VENDOR',
          'relatedDocument',
          'x.pdf',
          Buffer.from('%PDF-1.4'),
        )
      ).statusCode,
    ).toBe(409);
    const docId = r.json().document.documentId;
    expect(
      (await call('GET', `/orders/${cart.orderId}/related-document/${docId}`, 'VENDOR')).statusCode,
    ).toBe(200);
    expect(
      (await call('DELETE', `/orders/${cart.orderId}/related-document/${docId}`, 'VENDOR')).statusCode,
    ).toBe(200);
    expect(
      (await call('GET', `/orders/${cart.orderId}/related-document/${docId}`, 'VENDOR')).statusCode,
    ).toBe(404);
  });

  it('vendor PO with prices only for price roles; production POs for cost roles with costs, never prices', async () => {
    const { orderId } = await order('PRODUCTION_READY', { plain: 1 });
    // Built as PRODUCTION_READY without the transition: give it the production PO the transition makes.
    await buildOrderParts(t.db, orderId, {
      productionPOs: [{ factoryId: otherFactoryId, productionPO: `PPO-${orderId}-T` }],
    });
    const text = async (url: string, who: Who) => {
      const res = await call('GET', url, who);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      return (await extractText(new Uint8Array(res.rawPayload), { mergePages: true })).text;
    };
    const vendorPO = await text(`/orders/${orderId}/vendor-po/`, 'VENDOR');
    expect(vendorPO).toContain('Purchase Order');
    expect(vendorPO).toContain(String(orderId));
    expect(vendorPO).toMatch(/CAD/);
    expect(await text(`/orders/${orderId}/vendor-po/`, 'CSR')).not.toMatch(/CAD\s?[\d,]+\.\d{2}/);
    const po = (await details(orderId)).productionsPurchaseOrders[0]!;
    expect(
      (await call('GET', `/orders/${orderId}/production-po/${po.purchaseOrderId}`, 'VENDOR')).statusCode,
    ).toBe(403);
    const prod = await text(`/orders/${orderId}/production-po/${po.purchaseOrderId}`, 'ACCOUNT');
    expect(prod).toContain(po.productionPO);
    expect(prod).toContain('0.0500');
    expect(prod).not.toContain('0.1000');
  });
});
