/**
 * RFID (docs/rfid.md): the vendor places an order of an RFID hang tag (RT-HT-201) through the
 * screens; a CSR opens its order details, sees the RFID card and downloads the encoding file: one
 * row per piece, its header as docs/rfid.md lists it, the first and last rows' EPC Hex decoding
 * (SGTIN-96, TDS §14.5.1) to the row's GTIN-14 and serial. axe checks that page with the card.
 */
import { apiCall, emptyCart, productItemIdOf } from '../support/api';
import { expectNoBlockingViolations } from '../support/axe';
import { downloadText } from '../support/files';
import { expect, test } from '../support/fixtures';
import { placeCart } from '../support/ordering';
import { userPage } from '../support/session';

test.setTimeout(120_000);

/** GS1 check digit of the first 13 digits of a GTIN-14. */
function checkDigit(body: string): string {
  const sum = [...body].reverse().reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return String((10 - (sum % 10)) % 10);
}

/** An SGTIN-96 EPC (24 hex) as its GTIN-14 and serial (partition table TDS Table 14-2). */
function decodeSgtin96(hex: string): { gtin14: string; serial: number } {
  const bits = BigInt(`0x${hex}`);
  expect(Number(bits >> 88n)).toBe(0x30);
  const partition = Number((bits >> 82n) & 7n);
  const prefixDigits = 12 - partition;
  const prefixBits = [40, 37, 34, 30, 27, 24, 20][partition]!;
  const companyAndItem = (bits >> 38n) & ((1n << 44n) - 1n);
  const prefix = String(companyAndItem >> BigInt(44 - prefixBits)).padStart(prefixDigits, '0');
  const item = String(companyAndItem & ((1n << BigInt(44 - prefixBits)) - 1n)).padStart(
    13 - prefixDigits,
    '0',
  );
  const body = `${item[0]}${prefix}${item.slice(1)}`;
  return { gtin14: `${body}${checkDigit(body)}`, serial: Number(bits & ((1n << 38n) - 1n)) };
}

test('a placed RFID order gives its encoding file, one tag per piece, on order details', async ({
  browser,
}) => {
  const vendor = await userPage(browser, 'vendor@example.com');
  await emptyCart(vendor);
  const productItemId = await productItemIdOf(vendor, 'RT-HT-201');
  await vendor.goto(`/product-details?productItemId=${productItemId}`);
  await expect(vendor.getByTestId('rfid-badge').first()).toBeVisible();
  const quantity = vendor.locator('input[data-testid^="quantity-"]').first();
  await quantity.fill('500');
  await quantity.blur();
  await vendor.getByTestId('add-to-order').click();
  await expect(vendor).toHaveURL(/\/cart$/);
  await expect(vendor.getByTestId('rfid-badge').first()).toBeVisible();
  const orderId = await placeCart(vendor, `PO-RFID-E2E-${Date.now()}`);
  await vendor.close();

  const csr = await userPage(browser, 'csr@example.com', `/order-details?orderId=${orderId}`);
  const order = await apiCall<{ orderItems: { quantity: number; rfid: boolean }[] }>(
    csr,
    'GET',
    `/orders/${orderId}`,
  );
  const pieces = order.body.orderItems.reduce((n, i) => n + i.quantity, 0);
  expect(order.body.orderItems.every((i) => i.rfid)).toBe(true);
  await expect(csr.getByTestId('order-rfid-line').first()).toBeVisible();

  const { name, text } = await downloadText(csr.getByTestId('rfid-encoding-download'));
  expect(name).toBe(`order-${orderId}-rfid.csv`);
  const lines = text.split(/\r?\n/).filter((l) => l !== '');
  const [header, ...rows] = lines.map((l) => l.split(','));
  expect(header!.slice(0, 6)).toEqual(['Tag', 'EPC Hex', 'EPC Tag URI', 'GTIN-14', 'Serial', 'Filter']);
  expect(rows).toHaveLength(pieces);
  for (const [row, tag] of [
    [rows[0]!, 1],
    [rows.at(-1)!, pieces],
  ] as const) {
    expect(row[0]).toBe(String(tag));
    expect(decodeSgtin96(row[1]!)).toEqual({ gtin14: row[3], serial: Number(row[4]) });
  }
  expect(Number(rows.at(-1)![4]) - Number(rows[0]![4])).toBe(pieces - 1);

  await expectNoBlockingViolations(csr, 'order details with the RFID card');
  await csr.close();
});
