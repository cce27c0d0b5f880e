/**
 * Files of the demo data: artwork proofs for every order line
 * that has artwork (an SVG or a PDF label mock-up per version, with version history where a proof
 * was rejected before), production POs and packing slips where the order's status has them, a
 * shipping document on shipped orders and the vendor's own PO attached to some orders. Runs inside
 * the seed's transaction; files go to the given storage.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { DOCUMENT_NUMBERS } from '../modules/orders/orders.workflow';
import type { Tx } from '../platform/db';
import * as s from '../platform/db/schema';
import { type FileStorage, newStorageKey } from '../platform/storage';
import { ARTWORK_COMMENTS } from './data';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const esc = (x: string) =>
  x.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** A woven-label proof as SVG: the label drawn to scale with its texts and a version stamp. */
export function svgProof(o: {
  customer: string;
  subcode: string;
  description: string;
  version: number;
  colour: string;
}) {
  const lines = o.description.match(/.{1,46}(\s|$)/g)?.map((l) => l.trim()) ?? [o.description];
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="800" height="420" viewBox="0 0 800 420">
  <rect width="800" height="420" fill="#f4f1ea"/>
  <text x="40" y="48" font-family="Helvetica, Arial, sans-serif" font-size="18" fill="#52606d">ARTWORK PROOF · ${esc(o.subcode)} · version ${o.version}</text>
  <rect x="140" y="90" width="520" height="200" rx="6" fill="${o.colour}" stroke="#1f2933" stroke-width="2"/>
  <rect x="152" y="102" width="496" height="176" rx="4" fill="none" stroke="#ffffff" stroke-width="2" stroke-dasharray="6 5"/>
  <text x="400" y="180" text-anchor="middle" font-family="Georgia, serif" font-size="54" font-weight="bold" fill="#ffffff">${esc(o.customer.toUpperCase())}</text>
  <text x="400" y="230" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="20" fill="#ffffff">${esc(o.subcode)}</text>
  ${lines.map((l, i) => `<text x="40" y="${330 + i * 24}" font-family="Helvetica, Arial, sans-serif" font-size="17" fill="#1f2933">${esc(l)}</text>`).join('\n  ')}
  <text x="760" y="400" text-anchor="end" font-family="Helvetica, Arial, sans-serif" font-size="14" fill="#7b8794">Pantone match required · scale 1:1 at 70 × 25 mm</text>
</svg>
`,
  );
}

/** A PDF made with pdfkit from a drawing function. */
async function pdf(size: [number, number], draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  // pdfkit loads when demo files are made, not with every server start (RSS; decision 0024).
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size, margin: 36, info: { Title: 'Selvedge demo document' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

/** A label proof as PDF (what a design studio sends): the label, its texts and a version stamp. */
export const pdfProof = (o: {
  customer: string;
  subcode: string;
  description: string;
  version: number;
  colour: string;
}) =>
  pdf([595, 320], (doc) => {
    doc.fontSize(11).fillColor('#52606d').text(`ARTWORK PROOF · ${o.subcode} · version ${o.version}`, 36, 30);
    doc.roundedRect(110, 70, 375, 150, 6).fillAndStroke(o.colour, '#1f2933');
    doc
      .fillColor('#ffffff')
      .font('Times-Bold')
      .fontSize(40)
      .text(o.customer.toUpperCase(), 110, 110, { width: 375, align: 'center' });
    doc.font('Helvetica').fontSize(14).text(o.subcode, 110, 165, { width: 375, align: 'center' });
    doc.fillColor('#1f2933').fontSize(11).text(o.description, 36, 245, { width: 520 });
  });

/** A one-page text document (bill of lading, the vendor's own PO). */
const textPdf = (title: string, lines: string[]) =>
  pdf([595, 842], (doc) => {
    doc.font('Helvetica-Bold').fontSize(20).text(title);
    doc.moveDown();
    doc.font('Helvetica').fontSize(11);
    for (const l of lines) doc.text(l);
  });

/** A PO number as part of a file name (vendor POs such as CAL/26/304 carry slashes). */
const fileSafe = (po: string | null) => (po ?? 'PO').replace(/[\\/]/g, '-');

const COLOURS = ['#1c4e80', '#7a1f2b', '#2f5d3a', '#3d3d3d', '#8a5a00'];

/** Writes the demo orders' files and document numbers. */
export async function seedOrderFiles(tx: Tx, storage: FileStorage) {
  const lines = await tx
    .select({
      itemId: s.orderItems.id,
      orderId: s.orderItems.orderId,
      status: s.orderItems.artworkStatus,
      comments: s.orderItems.artworkComments,
      subcode: s.productSubcodes.productSubcode,
      description: s.productSubcodes.description,
      customer: s.customers.companyName,
      vendorContact: s.orders.contact,
      orderDate: s.orders.orderDate,
    })
    .from(s.orderItems)
    .innerJoin(s.orders, eq(s.orders.id, s.orderItems.orderId))
    .innerJoin(s.productSubcodes, eq(s.productSubcodes.id, s.orderItems.productSubcodeId))
    .innerJoin(s.customers, eq(s.customers.id, s.orders.customerId))
    .where(and(isNotNull(s.orderItems.artworkStatus), ne(s.orderItems.artworkStatus, 'NEEDS_UPLOAD')))
    .orderBy(asc(s.orderItems.id));
  const uploaders = await tx
    .select({ orderId: s.orderLogs.orderId, name: s.orderLogs.userName })
    .from(s.orderLogs)
    .where(eq(s.orderLogs.description, 'Artwork uploaded'));
  const uploaderOf = new Map(uploaders.map((u) => [u.orderId, u.name]));

  for (const [n, line] of lines.entries()) {
    // Every third approved proof was rejected once before: a version history to look at.
    const history = line.status === 'APPROVED' && n % 3 === 0 ? ['REJECTED', 'APPROVED'] : [line.status!];
    const placed = line.orderDate?.getTime() ?? Date.now();
    for (const [i, status] of history.entries()) {
      const version = i + 1;
      const proof = {
        customer: line.customer,
        subcode: line.subcode,
        description: line.description,
        version,
        colour: COLOURS[(n + i) % COLOURS.length]!,
      };
      const asPdf = n % 2 === 1;
      const body = asPdf ? await pdfProof(proof) : svgProof(proof);
      const key = newStorageKey(`artwork/${line.orderId}/${line.itemId}`);
      await storage.put(key, body, { contentType: asPdf ? 'application/pdf' : 'image/svg+xml' });
      const reviewed = status === 'APPROVED' || status === 'REJECTED';
      await tx.insert(s.artworkVersions).values({
        orderItemId: line.itemId,
        version,
        fileName: `${line.subcode}_proof_v${version}.${asPdf ? 'pdf' : 'svg'}`,
        storagePath: key,
        contentType: asPdf ? 'application/pdf' : 'image/svg+xml',
        size: body.length,
        sha256: sha256(body),
        uploadedByName: uploaderOf.get(line.orderId) ?? 'Casey Service',
        uploadedAt: new Date(placed + (1 + i * 2) * 86_400_000),
        status,
        comment: !reviewed
          ? null
          : status === 'REJECTED'
            ? i < history.length - 1
              ? 'Colour too dark against the Pantone reference; please lighten.'
              : (line.comments ?? ARTWORK_COMMENTS.rejected)
            : (line.comments ?? 'Approved.'),
        reviewedByName: reviewed ? line.vendorContact : null,
        reviewedAt: reviewed ? new Date(placed + (2 + i * 2) * 86_400_000) : null,
      });
      await tx
        .update(s.orderItems)
        .set({ artworkName: `${line.subcode}_proof_v${version}.${asPdf ? 'pdf' : 'svg'}` })
        .where(eq(s.orderItems.id, line.itemId));
    }
  }

  // Production POs from PRODUCTION_READY on, packing slips and a shipping document once shipped.
  const placed = await tx
    .select({
      id: s.orders.id,
      status: s.orders.orderStatus,
      vendorPO: s.orders.vendorPO,
      cancelled: s.orders.cancelled,
    })
    .from(s.orders)
    .where(
      inArray(s.orders.orderStatus, [
        'PRODUCTION_READY',
        'PRODUCTION_CONFIRMED',
        'READY_TO_SHIP',
        'COMPLETE_AND_SHIPPED',
      ]),
    )
    .orderBy(asc(s.orders.id));
  for (const o of placed) {
    const factories = await tx
      .selectDistinct({ id: s.factories.id, shortCode: s.factories.shortCode })
      .from(s.orderItems)
      .innerJoin(s.productSubcodes, eq(s.productSubcodes.id, s.orderItems.productSubcodeId))
      .innerJoin(s.factories, eq(s.factories.id, s.productSubcodes.factoryId))
      .where(eq(s.orderItems.orderId, o.id));
    if (factories.length > 0) {
      await tx.insert(s.productionPurchaseOrders).values(
        factories.map((f) => ({
          orderId: o.id,
          factoryId: f.id,
          productionPO: DOCUMENT_NUMBERS.productionPO(o.id, f.shortCode),
        })),
      );
    }
    if (o.status === 'COMPLETE_AND_SHIPPED') {
      await tx.insert(s.packingSlips).values([
        { orderId: o.id, kind: 'VENDOR', factoryId: null, number: DOCUMENT_NUMBERS.vendorPackingSlip(o.id) },
        ...factories.map((f) => ({
          orderId: o.id,
          kind: 'PRODUCTION',
          factoryId: f.id,
          number: DOCUMENT_NUMBERS.productionPackingSlip(o.id, f.shortCode),
        })),
      ]);
      await attach(
        tx,
        storage,
        o.id,
        'SHIPPING',
        `Bill of Lading ${fileSafe(o.vendorPO)}.pdf`,
        await textPdf('Bill of Lading', [
          `Shipper's reference: order ${o.id}, vendor PO ${o.vendorPO}`,
          'Carrier: DHL Express · 3 cartons · 14.2 kg',
        ]),
      );
    }
  }
  const withPO = await tx
    .select({ id: s.orders.id, vendorPO: s.orders.vendorPO })
    .from(s.orders)
    .orderBy(asc(s.orders.id));
  for (const o of withPO.filter((_, i) => i % 4 === 0)) {
    await attach(
      tx,
      storage,
      o.id,
      'RELATED',
      `${fileSafe(o.vendorPO)}.pdf`,
      await textPdf(`Purchase Order ${o.vendorPO}`, [
        'Issued by the vendor for the labels and trims of this order.',
        'Please quote this PO on every invoice and packing slip.',
      ]),
    );
  }
}

async function attach(
  tx: Tx,
  storage: FileStorage,
  orderId: number,
  kind: 'RELATED' | 'SHIPPING',
  name: string,
  body: Buffer,
) {
  const key = newStorageKey(`documents/${orderId}`);
  await storage.put(key, body, { contentType: 'application/pdf' });
  await tx.insert(s.orderDocuments).values({
    orderId,
    kind,
    name,
    storagePath: key,
    contentType: 'application/pdf',
    size: body.length,
    sha256: sha256(body),
  });
}
