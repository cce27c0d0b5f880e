/**
 * The care label on paper (decision 0043): the production PO's drawing of a label's layout prints the
 * layout's texts, in its order, at its places; read back with unpdf (pdf.js).
 */
import { writeFileSync } from 'node:fs';
import { type CareLabel, type CareLabelDraft, careLabelLayout, gtin14Of } from '@selvedge/shared';
import { extractTextItems } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { FIXTURE_IDS, orderFixture } from '../../../test/factories';
import { renderProductionPO } from '.';
import { careLabelFigure, PT_PER_MM, passportQr } from './careLabel';
import { renderDocument } from './layout';

const label: CareLabelDraft = {
  type: 'CARELABEL_STANDARD',
  countryOfOrigins: ['Canada'],
  wash: 'Machine wash cold',
  bleach: 'Do not bleach',
  dry: 'Tumble dry low',
  iron: 'Iron low',
  dryClean: 'Do not dry clean',
  garmentComponents: [
    {
      componentType: 'Shell',
      fabricCompositions: [
        { material: 'Elastane', percentage: 5 },
        { material: 'Cotton', percentage: 95 },
      ],
    },
  ],
  copyright: 'Roots',
};
const icons = {
  wash: 'wash-30',
  bleach: 'bleach-do-not',
  dry: 'tumble-dry-low',
  iron: 'iron-low',
  dryClean: null,
};

async function render(figures: ReturnType<typeof careLabelFigure>[]) {
  return renderDocument({
    heading: { title: 'Production Purchase Order', number: 'PO-1', orderId: 1, generatedAt: new Date(0) },
    parties: [],
    fields: [],
    table: { columns: [{ header: 'Item', weight: 1 }], groups: [] },
    totals: [],
    figures,
    figuresLabel: 'Care labels',
  });
}

describe('care label drawn on a PDF', () => {
  it("prints the layout's texts in its order, at its heights, French names for Canada", async () => {
    const layout = careLabelLayout({ label, icons, markets: ['CA'] });
    const pdf = await render([careLabelFigure('LBL-1', layout)]);
    const { items } = await extractTextItems(new Uint8Array(pdf));
    const page = (items[0] ?? []).filter((i) => i.str.trim());
    const texts = page.map((i) => i.str.trim());
    expect(texts).toContain('CARE LABELS');
    expect(texts).toContain('LBL-1');
    const expected = layout.elements.flatMap((e) => (e.kind === 'text' ? [e] : []));
    const printed = expected.map((e) => page.find((i) => i.str.trim() === e.text));
    expect(printed.every(Boolean)).toBe(true);
    expect(texts).toContain('95% Cotton / Coton');
    // Same vertical distances as the layout (pdf.js y grows upwards).
    const first = printed[0];
    const last = printed.at(-1);
    const firstE = expected[0];
    const lastE = expected.at(-1);
    if (!first || !last || !firstE || !lastE) throw new Error('nothing printed');
    expect(first.y - last.y).toBeCloseTo((lastE.y - firstE.y) * PT_PER_MM, 0);
  });

  it('puts several labels side by side and onto further pages without losing one', async () => {
    const layout = careLabelLayout({ label, icons });
    const figures = Array.from({ length: 30 }, (_v, i) => careLabelFigure(`LBL-${i + 1}`, layout));
    const pdf = await render(figures);
    const { items } = await extractTextItems(new Uint8Array(pdf));
    expect(items.length).toBeGreaterThan(1);
    const captions = items.flat().filter((i) => /^LBL-\d+$/.test(i.str.trim()));
    expect(captions.map((c) => c.str.trim()).sort()).toEqual(figures.map((f) => f.caption).sort());
  });

  it("prints the care labels of the PO's own lines only, as the label says it prints", async () => {
    const base = orderFixture();
    const { garmentComponents: _g, fibreContents: _f, ...choices } = label;
    const stored: CareLabel = {
      ...choices,
      garmentComponents: [
        { componentType: 'Shell', fabricCompositions: [{ material: 'Wool', percentage: 100 }] },
      ],
      printed: { icons, markets: ['CA' as const], caNumber: '12345', rnNumber: null },
    };
    const order = orderFixture({
      items: base.items.map((l, i) => (i === 0 || i === 2 ? { ...l, careLabel: stored } : l)),
    });
    const read = async (po: number) =>
      (
        await extractTextItems(
          new Uint8Array(await renderProductionPO(order, po, { brandName: 'S', showCosts: false })),
        )
      ).items
        .flat()
        .map((i) => i.str.trim());
    const a = await read(FIXTURE_IDS.poA);
    expect(a).toContain('CARE LABELS');
    expect(a).toContain('100% Wool / Laine');
    expect(a).toContain('CA 12345');
    expect(a).toContain(base.items[0]?.productSubcode);
    expect(a).not.toContain(base.items[2]?.productSubcode);
    const none = orderFixture();
    const plain = (
      await extractTextItems(
        new Uint8Array(await renderProductionPO(none, FIXTURE_IDS.poA, { brandName: 'S', showCosts: false })),
      )
    ).items
      .flat()
      .map((i) => i.str.trim());
    expect(plain).not.toContain('CARE LABELS');
  });

  it("draws a line's product passport QR code beside its label, a GS1 Digital Link under PUBLIC_URL", async () => {
    const stored: CareLabel = {
      ...(label as CareLabel),
      printed: { icons, markets: ['CA'], caNumber: null, rnNumber: null },
    };
    const gtin = gtin14Of('0200000003010');
    const serial = 'Ab3-_xYz0123456789Qq';
    const base = orderFixture();
    const order = orderFixture({
      items: base.items.map((l, i) =>
        i === 0 ? { ...l, careLabel: stored, passportGtin: gtin, passportSerial: serial } : l,
      ),
    });
    const opts = { brandName: 'S', showCosts: false };
    const texts = async (pdf: Buffer) =>
      (await extractTextItems(new Uint8Array(pdf))).items.flat().map((i) => i.str.trim());
    const pdf = await renderProductionPO(order, FIXTURE_IDS.poA, {
      ...opts,
      publicUrl: 'https://labels.example.com',
    });
    if (process.env.PDF_OUT) writeFileSync(process.env.PDF_OUT, pdf);
    expect(await texts(pdf)).toContain('Product passport');
    // without a public URL (or a passport) there is no link to print
    expect(await texts(await renderProductionPO(order, FIXTURE_IDS.poA, opts))).not.toContain(
      'Product passport',
    );
    // the QR is the Digital Link's, drawn as vector modules
    const qr = await passportQr(`https://labels.example.com/01/${gtin}/21/${serial}`);
    expect(qr.size).toBeGreaterThan(80);
    expect(qr.path).toMatch(/^M[\d.]+ [\d.]+/);
    await expect(passportQr(`https://labels.example.com/01/02000000030105/21/${serial}`)).rejects.toThrow(
      /checksum/i,
    );
  });
});
