/**
 * The production PO notes each RFID line's GTIN, serial ranges, tag count and filter; every order
 * document marks an RFID line 'RFID' under its subcode (docs/rfid.md).
 */
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { FIXTURE_IDS as ID, orderFixture } from '../../test/factories';
import { renderPackingSlip, renderProductionPO, renderVendorPO } from '../documents/pdf';

describe('production PO with RFID', () => {
  it('lists per RFID line its GTIN, range, count and filter', async () => {
    const order = orderFixture();
    const line = order.items.find(
      (l) =>
        l.factoryId === order.productionPurchaseOrders.find((p) => p.purchaseOrderId === ID.poA)!.factoryId,
    )!;
    const pdf = await renderProductionPO(order, ID.poA, {
      brandName: 'Selvedge',
      showCosts: false,
      rfid: [
        {
          orderItemId: line.orderItemId,
          productSubcode: line.productSubcode,
          filter: 3,
          count: 1500,
          gtins: ['00099881000014'],
          ranges: [{ gtin: '00099881000014', firstSerial: 1001, lastSerial: 2500, count: 1500 }],
          firstEpcHex: '',
          firstTagUri: '',
        },
      ],
    });
    const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
    const all = text.replace(/\s+/g, ' ');
    expect(all).toContain('RFID: 1500 tags, SGTIN-96 filter 3');
    expect(all).toContain('RFID GTIN 00099881000014: serials 1001-2500 (1500)');
    const plain = await renderProductionPO(order, ID.poA, { brandName: 'Selvedge', showCosts: false });
    expect((await extractText(new Uint8Array(plain), { mergePages: true })).text).not.toContain('RFID');
  });

  it("marks an RFID line 'RFID' under its subcode on the vendor PO, production PO and packing slip", async () => {
    const order = orderFixture();
    const [tagged, ...rest] = order.items;
    const withRfid = { ...order, items: [{ ...tagged!, rfid: true }, ...rest] };
    const textOf = async (pdf: Promise<Buffer>) =>
      (await extractText(new Uint8Array(await pdf), { mergePages: true })).text.replace(/\s+/g, ' ');
    const opts = { brandName: 'Selvedge' };
    const poOf = withRfid.productionPurchaseOrders.find((p) => p.factoryId === tagged!.factoryId)!;
    for (const [name, pdf] of [
      ['vendor PO', renderVendorPO(withRfid, { ...opts, showPrices: false })],
      ['production PO', renderProductionPO(withRfid, poOf.purchaseOrderId, { ...opts, showCosts: false })],
      ['packing slip', renderPackingSlip(withRfid, ID.vendorSlip, opts)],
    ] as const)
      expect(await textOf(pdf), name).toContain(`${tagged!.productSubcode} RFID`);
    expect(await textOf(renderVendorPO(order, { ...opts, showPrices: false }))).not.toContain('RFID');
  });
});
