/**
 * A care label on paper: the label's layout (packages/shared careLabel/layout.ts) drawn with pdfkit,
 * the same texts and care symbol paths at the same places the web preview draws as SVG
 * (web features/care-label/CareLabelPreview.tsx), so the screen and the production PO cannot
 * disagree (decisions 0033, 0043). Units: the layout's millimetres times `scale` points.
 */
import { CARE_SYMBOL_BOX, CARE_SYMBOL_STROKE, type CareLabelLayout, careSymbol } from '@selvedge/shared';
import type { Figure } from './layout';
import { toWinAnsi } from './layout';

/** Points per millimetre: the label at its real size. */
export const PT_PER_MM = 72 / 25.4;

/**
 * Draws `layout` with its top-left corner at (x, y) points, `scale` points per millimetre: the
 * label's outline, its texts in Helvetica (baseline at the layout's y) and its symbols' paths
 * (stroked 5 box units, round caps and joins, or filled).
 */
export function drawCareLabel(
  doc: PDFKit.PDFDocument,
  layout: CareLabelLayout,
  x: number,
  y: number,
  scale = PT_PER_MM,
): void {
  doc.save();
  doc
    .roundedRect(x, y, layout.width * scale, layout.height * scale, scale)
    .lineWidth(0.5)
    .strokeColor('#8c8c8c')
    .stroke();
  doc.fillColor('#111111').strokeColor('#111111');
  for (const e of layout.elements) {
    if (e.kind === 'text') {
      const text = toWinAnsi(e.text);
      doc.font(e.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(e.size * scale);
      const dx = e.anchor === 'middle' ? doc.widthOfString(text) / 2 : 0;
      doc.text(text, x + e.x * scale - dx, y + e.y * scale, { lineBreak: false, baseline: 'alphabetic' });
      continue;
    }
    const symbol = careSymbol(e.name);
    if (!symbol) continue;
    const k = (e.size * scale) / CARE_SYMBOL_BOX;
    doc.save();
    doc.translate(x + e.x * scale, y + e.y * scale).scale(k);
    for (const shape of symbol.shapes) {
      doc.path(shape.d);
      if (shape.paint === 'fill') doc.fill('#111111');
      else doc.lineWidth(CARE_SYMBOL_STROKE).lineCap('round').lineJoin('round').stroke('#111111');
    }
    doc.restore();
  }
  doc.restore();
}

/**
 * A product passport's QR code (decision 0044) as vector data: bwip-js's GS1 Digital Link QR
 * ('gs1dlqrcode', which refuses a link whose GTIN check digit is wrong), error correction M, as
 * the path of its dark modules in a `size` × `size` box (4 units per module, no quiet zone).
 */
export interface PassportQr {
  url: string;
  size: number;
  path: string;
}

/**
 * The QR code of Digital Link `url`, drawn by bwip-js (loaded on first use, like the header's
 * barcode). Rejects when bwip-js refuses the link (not a valid GS1 Digital Link).
 */
export async function passportQr(url: string): Promise<PassportQr> {
  const { toSVG } = await import('bwip-js/node');
  const svg = toSVG({ bcid: 'gs1dlqrcode', text: url }); // BWIPP's default error correction: M;
  const box = /viewBox="0 0 (\d+(?:\.\d+)?) \d+(?:\.\d+)?"/.exec(svg);
  const path = /<path d="([^"]+)"/.exec(svg);
  if (!box || !path) throw new Error('passportQr: bwip-js answered an SVG without a viewBox or a path');
  return { url, size: Number(box[1]), path: path[1] as string };
}

/** The QR code's side beside a label, mm (a phone reads a version 5–6 code at 18 mm from a hand's length). */
export const PASSPORT_QR_MM = 18;
/** Gap between the label and its QR code, mm (also the code's quiet zone). */
const QR_GAP_MM = 4;

/** Draws `qr` with its top-left corner at (x, y) points, `side` points square, dark modules in black. */
export function drawPassportQr(
  doc: PDFKit.PDFDocument,
  qr: PassportQr,
  x: number,
  y: number,
  side: number,
): void {
  doc.save();
  doc.translate(x, y).scale(side / qr.size);
  doc.path(qr.path).fill('#000000', 'even-odd');
  doc.restore();
}

/**
 * A care label as a document figure with its caption (drawn at its real size); with `qr`, the
 * label's product passport QR code beside it (PASSPORT_QR_MM square, 'Product passport' under it).
 */
export function careLabelFigure(caption: string, layout: CareLabelLayout, qr?: PassportQr): Figure {
  const labelWidth = layout.width * PT_PER_MM;
  const side = PASSPORT_QR_MM * PT_PER_MM;
  const qrWidth = qr ? (QR_GAP_MM + PASSPORT_QR_MM) * PT_PER_MM : 0;
  return {
    caption,
    width: labelWidth + qrWidth,
    height: Math.max(layout.height * PT_PER_MM, qr ? side + 10 : 0),
    draw: (doc, x, y) => {
      drawCareLabel(doc, layout, x, y);
      if (!qr) return;
      const qx = x + labelWidth + QR_GAP_MM * PT_PER_MM;
      drawPassportQr(doc, qr, qx, y, side);
      doc
        .font('Helvetica')
        .fontSize(6)
        .fillColor('#444444')
        .text('Product passport', qx, y + side + 3, { width: side, align: 'center', lineBreak: false });
    },
  };
}
