/**
 * The order documents as PDFs (ordering §7 Documents): what each shows, and what it must never show.
 * The PDFs are read back with unpdf (pdf.js): text per page, and rows rebuilt from text positions.
 */
import { formatTotal } from '@selvedge/shared';
import { extractText, extractTextItems } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { FIXTURE_IDS as ID, MAIN_LABEL_SIZES, orderFixture } from '../../../test/factories';
import { renderPackingSlip, renderProductionPO, renderVendorPO } from '.';
import { formatAmount, formatCount, formatDate, formatDateTime, formatUnitAmount, toWinAnsi } from './layout';

const generatedAt = new Date('2026-12-03T14:03:00Z');
const brandName = 'Selvedge';

/** A currency amount as printed ('CAD 1,234.50') and a unit amount (4 decimals). */
const MONEY = /\b[A-Z]{3} -?[\d,]+\.\d{2}\b/;
const UNIT = /\b\d+\.\d{4}\b/;

interface Read {
  pages: string[];
  /** All pages, whitespace (line ends of wrapped text) folded to single spaces. */
  all: string;
  /** Text lines rebuilt from positions: per page, the items on one baseline joined by ' | '. */
  rows: string[][];
}

async function read(pdf: Buffer): Promise<Read> {
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const { text } = await extractText(new Uint8Array(pdf));
  const { items } = await extractTextItems(new Uint8Array(pdf));
  const rows = items.map((page) => {
    const byY = new Map<number, { x: number; str: string }[]>();
    for (const it of page) {
      if (!it.str.trim()) continue;
      const y = Math.round(it.y);
      byY.set(y, [...(byY.get(y) ?? []), { x: it.x, str: it.str }]);
    }
    return [...byY.entries()]
      .sort((a, b) => b[0] - a[0])
      .map(([, cells]) =>
        cells
          .sort((a, b) => a.x - b.x)
          .map((c) => c.str.trim())
          .join(' | '),
      );
  });
  return { pages: text, all: text.join('\n').replace(/\s+/g, ' '), rows };
}

/** The page (1-based) and row that hold all of `parts` as whole cells; fails when none does. */
function findRow(doc: Read, parts: string[]): { page: number; row: string } {
  for (const [i, rows] of doc.rows.entries()) {
    const row = rows.find((r) => {
      const cells = r.split(' | ');
      return parts.every((p) => cells.includes(p));
    });
    if (row) return { page: i + 1, row };
  }
  throw new Error(`No row with ${parts.join(', ')}`);
}

describe('formats', () => {
  it('prints dates as DD-MMM-YYYY, calendar days as they are and instants by their UTC day', () => {
    expect(formatDate('2026-12-05')).toBe('05-Dec-2026');
    expect(formatDate(new Date('2026-12-05T23:30:00Z'))).toBe('05-Dec-2026');
    expect(formatDate(null)).toBe('-');
    expect(formatDateTime(generatedAt)).toBe('03-Dec-2026 14:03 UTC');
  });

  it('prints money with 2 decimals, separators and the currency, units with 4, without float errors', () => {
    expect(formatAmount('CAD', '1234.5')).toBe('CAD 1,234.50');
    // 1234567.005 is 1234567.00499… as a binary float: decimal rounding gives .01
    expect(formatAmount('USD', '1234567.005')).toBe('USD 1,234,567.01');
    expect(formatUnitAmount('0.12')).toBe('0.1200');
    expect(formatUnitAmount(null)).toBe('-');
    expect(formatCount(26399)).toBe('26,399');
  });

  it('makes any text printable with Helvetica (WinAnsi)', () => {
    expect(toWinAnsi('Zhōngshān')).toBe('Zhongshan');
    expect(toWinAnsi('中山市 88号')).toBe('??? 88?');
    expect(toWinAnsi('Café – “Größe” € 👍\tx\r\ny')).toBe('Café – “Größe” € ?\u0020x\ny');
    expect(toWinAnsi('plain ASCII')).toBe('plain ASCII');
  });
});

describe('vendor PO', () => {
  const order = orderFixture();

  it('shows the order, every size row and, with prices, prices, charges and the total', async () => {
    const doc = await read(
      await renderVendorPO(order, { brandName: 'Acme Trims', showPrices: true, generatedAt }),
    );
    expect(doc.all).toContain('Acme Trims');
    expect(doc.all).toContain('Purchase Order');
    expect(doc.all).toContain('VPO-88123');
    expect(doc.all).toContain('Order No. 10234');
    expect(doc.all).toContain('05-Dec-2026'); // date requested
    expect(doc.all).toContain('Roots');
    expect(doc.all).toContain('Please ship the main labels');
    expect(doc.all).toContain('Colour: Black / White');
    for (const [i, s] of MAIN_LABEL_SIZES.entries()) {
      // the first size row starts with the line's attributes, the others with the size's
      const attribute = i === 0 ? 'Colour: Black / White' : `UPC: ${s.attributesItem.UPC}`;
      findRow(doc, [s.size, attribute, formatCount(s.quantity), '0.1235']);
      expect(doc.all).toContain(`UPC: ${s.attributesItem.UPC}`);
    }
    findRow(doc, ['L', '250', '0.0900', 'CAD 22.50']); // the size's own unit price
    expect(doc.all).toContain('Minimum Order Value (HT-RTS-SWING-02)');
    expect(doc.all).toContain('CAD 38.75');
    expect(doc.all).toContain(`CAD ${formatTotal(order.totalPrice)}`);
    expect(order.totalPrice).toBe('3101.89');
    expect(doc.all).toContain('CAD 3,101.89');
    expect(doc.all).toContain('26,399 pcs');
  });

  it('spans pages: header row repeated, rows never split, "Page N of M" on every page', async () => {
    const doc = await read(await renderVendorPO(order, { brandName, showPrices: true, generatedAt }));
    const n = doc.pages.length;
    expect(n).toBeGreaterThan(1);
    doc.pages.forEach((text, i) => {
      expect(text).toContain(`Page ${i + 1} of ${n}`);
      expect(text).toContain('Generated 03-Dec-2026 14:03 UTC');
      expect(text).toContain('Product Subcode');
      expect(text).toContain('Purchase Order');
    });
    expect(doc.pages[1]).toContain('WL-RTS-MAIN-01');
    expect(doc.pages[1]).toContain('(continued)');
    // the first size row carries the line attributes and the size's: all of it on one page
    const first = findRow(doc, ['26/28', 'Colour: Black / White']);
    expect(doc.pages[first.page - 1]).toContain('UPC: 062705500000');
  });

  it('without prices shows no money at all', async () => {
    const doc = await read(await renderVendorPO(order, { brandName, showPrices: false, generatedAt }));
    expect(doc.all).toContain('Purchase Order');
    expect(doc.all).not.toMatch(MONEY);
    expect(doc.all).not.toMatch(UNIT);
    expect(doc.all).not.toContain('CAD');
    expect(doc.all).not.toContain('Unit Price');
    expect(doc.all).not.toContain('Minimum Order Value');
    for (const s of MAIN_LABEL_SIZES) findRow(doc, [s.size, formatCount(s.quantity)]);
  });

  it("is numbered 'Order <id>' without a vendor PO", async () => {
    const doc = await read(
      await renderVendorPO(orderFixture({ vendorPO: null }), { brandName, showPrices: false, generatedAt }),
    );
    expect(doc.pages[0]).toContain('Order 10234');
  });
});

describe('production PO', () => {
  const order = orderFixture();

  it("shows only its factory's lines, costs with showCosts, never prices", async () => {
    const doc = await read(
      await renderProductionPO(order, ID.poA, { brandName, showCosts: true, generatedAt }),
    );
    expect(doc.all).toContain('Production Purchase Order');
    expect(doc.all).toContain('PPO-10234-DGW');
    expect(doc.all).toContain('Dongguan Weaving Works');
    expect(doc.all).toContain('VPO-88123');
    expect(doc.all).toContain('01-Dec-2026'); // estimated completion
    expect(doc.all).toContain('WL-RTS-MAIN-01');
    expect(doc.all).toContain('HT-RTS-SWING-02');
    expect(doc.all).not.toContain('CL-DUN-CARE-03');
    expect(doc.all).not.toContain('Dhaka Trims');
    for (const s of MAIN_LABEL_SIZES) findRow(doc, [s.size, formatCount(s.quantity), '0.0610']);
    findRow(doc, ['L', '250', '0.0450', 'USD 11.25']);
    expect(doc.all).toContain('Total Cost');
    expect(doc.all).toContain('USD 1,463.75');
    // prices never: not the unit prices, not the price currency, not the charge
    for (const price of ['0.1235', '0.0875', '0.0900', 'CAD', 'Minimum Order Value', 'Unit Price']) {
      expect(doc.all).not.toContain(price);
    }
    // the approved artwork, not the rejected one; 12 hex of the sha256
    expect(doc.all).toContain('roots-main-label-v2.pdf');
    expect(doc.all).toContain('a3f1c2d4e5b6');
    expect(doc.all).not.toContain('a3f1c2d4e5b60');
    expect(doc.all).not.toContain('roots-main-label-v1.pdf');
    expect(doc.all).toContain('Artwork: not approved yet');
    expect(doc.pages.length).toBeGreaterThan(1);
    expect(doc.pages[0]).toContain(`Page 1 of ${doc.pages.length}`);
  });

  it('without costs shows no money at all', async () => {
    const doc = await read(
      await renderProductionPO(order, ID.poB, { brandName, showCosts: false, generatedAt }),
    );
    expect(doc.all).toContain('PPO-10234-DKT');
    expect(doc.all).toContain('CL-DUN-CARE-03');
    expect(doc.all).not.toContain('WL-RTS-MAIN-01');
    expect(doc.all).not.toMatch(MONEY);
    expect(doc.all).not.toMatch(UNIT);
    findRow(doc, ['10', '1,200']);
    findRow(doc, ['12', '999']);
    expect(doc.pages).toHaveLength(1);
    expect(doc.pages[0]).toContain('Page 1 of 1');
  });

  it('throws for a purchase order the order does not have', async () => {
    await expect(renderProductionPO(order, 999, { brandName, showCosts: true, generatedAt })).rejects.toThrow(
      /no production purchase order 999/,
    );
  });
});

describe('packing slips', () => {
  const order = orderFixture();

  it('the vendor slip lists every line with packs, totals and the receipt box; no money', async () => {
    const doc = await read(await renderPackingSlip(order, ID.vendorSlip, { brandName, generatedAt }));
    expect(doc.all).toContain('Packing Slip');
    expect(doc.all).toContain('VPS-10234');
    expect(doc.all).toContain('03-Dec-2026'); // ship date
    for (const code of ['WL-RTS-MAIN-01', 'HT-RTS-SWING-02', 'CL-DUN-CARE-03'])
      expect(doc.all).toContain(code);
    findRow(doc, ['36/34', '1,075', '500', '3']);
    findRow(doc, ['10', '1,200', '250', '5']);
    findRow(doc, ['12', '999', '250', '4']);
    expect(doc.all).toContain('26,399 pcs');
    expect(doc.all).toContain('Total Packs 78');
    expect(doc.all).toContain('RECEIVED BY');
    expect(doc.all).toContain('SIGNATURE');
    expect(doc.all).not.toMatch(MONEY);
    expect(doc.all).not.toMatch(UNIT);
  });

  it("a production slip lists only its factory's lines", async () => {
    const doc = await read(await renderPackingSlip(order, ID.productionSlipB, { brandName, generatedAt }));
    expect(doc.all).toContain('PPS-10234-DKT');
    expect(doc.all).toContain('Dhaka Trims Ltd');
    expect(doc.all).toContain('CL-DUN-CARE-03');
    expect(doc.all).not.toContain('WL-RTS-MAIN-01');
    expect(doc.all).not.toContain('HT-RTS-SWING-02');
    expect(doc.all).toContain('2,199 pcs');
    expect(doc.all).not.toMatch(MONEY);
  });

  it('throws for a slip the order does not have', async () => {
    await expect(renderPackingSlip(order, 999, { brandName, generatedAt })).rejects.toThrow(
      /no packing slip 999/,
    );
  });
});

describe('text Helvetica cannot print', () => {
  it('is replaced, never fatal', async () => {
    const cjk = '广东省中山市石岐区兴中道88号 🚚';
    const order = orderFixture({
      shippingAddress: cjk,
      billingAddress: cjk,
      comments: `${cjk} Zhōngshān`,
      contact: '王伟',
      customer: { id: 7, name: 'Dunnes Stores — Baile Átha Cliath', address: cjk },
    });
    order.items[0].description = `${cjk} ${order.items[0].description}`;
    order.items[0].attributes = { 颜色: '黑色' };
    const docs = await Promise.all([
      renderVendorPO(order, { brandName: '赛尔维奇', showPrices: true, generatedAt }),
      renderProductionPO(order, ID.poA, { brandName, showCosts: true, generatedAt }),
      renderPackingSlip(order, ID.vendorSlip, { brandName, generatedAt }),
    ]);
    const po = await read(docs[0]);
    expect(po.all).toContain('Zhongshan Garment Co.');
    expect(po.all).toContain('??????????88? ?');
    expect(po.all).toContain('Dunnes Stores — Baile Átha Cliath');
    expect(po.all).toContain('??: ??');
    for (const d of docs.slice(1)) expect((await read(d)).all).toContain('Zhongshan');
  });
});
