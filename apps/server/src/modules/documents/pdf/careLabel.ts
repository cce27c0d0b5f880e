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

/** A care label as a document figure with its caption (drawn at its real size). */
export function careLabelFigure(caption: string, layout: CareLabelLayout): Figure {
  return {
    caption,
    width: layout.width * PT_PER_MM,
    height: layout.height * PT_PER_MM,
    draw: (doc, x, y) => drawCareLabel(doc, layout, x, y),
  };
}
