import type { OrderRfidResponse, Role } from '@selvedge/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api';
import { renderWithProviders } from '../../test/render';
import { OrderRfid } from './OrderRfid';

afterEach(() => vi.unstubAllGlobals());

const RFID: OrderRfidResponse = {
  lines: [
    {
      orderItemId: 7,
      productSubcode: 'RT-PT-401',
      filter: 3,
      count: 300,
      gtins: ['00062040000006'],
      ranges: [{ gtin: '00062040000006', firstSerial: 1, lastSerial: 300, count: 300 }],
      firstEpcHex: '3074003C9000000000000001',
      firstTagUri: 'urn:epc:tag:sgtin-96:3.0062040.000000.1',
    },
  ],
};
// Roles as variables: biome reads a literal `role="…"` on any element as an ARIA role.
const CSR: Role = 'CSR';
const FINANCE: Role = 'FINANCE';
const VENDOR: Role = 'VENDOR';

describe('the RFID card of order details', () => {
  it('shows per RFID line its GTIN, serials, tags and first EPC, with the file for a CSR', async () => {
    stubApi({ 'GET /orders/12/rfid': { body: RFID } });
    renderWithProviders(<OrderRfid orderId={12} role={CSR} />);
    const line = await screen.findByTestId('order-rfid-line');
    expect(line.textContent).toContain('RT-PT-401');
    expect(line.textContent).toContain('00062040000006');
    expect(line.textContent).toContain('1–300');
    expect(line.textContent).toContain('3074003C9000000000000001');
    expect(line.textContent).toContain('urn:epc:tag:sgtin-96:3.0062040.000000.1');
    expect(screen.getByTestId('rfid-badge')).toBeTruthy();
    expect(screen.getByTestId('rfid-encoding-download')).toBeTruthy();
  });

  it('offers FINANCE the ranges without the tag file, and asks nothing for a vendor', async () => {
    stubApi({ 'GET /orders/12/rfid': { body: RFID } });
    renderWithProviders(<OrderRfid orderId={12} role={FINANCE} />);
    await screen.findByTestId('order-rfid-line');
    expect(screen.queryByTestId('rfid-encoding-download')).toBeNull();
    vi.unstubAllGlobals();
    const calls = stubApi({});
    renderWithProviders(<OrderRfid orderId={13} role={VENDOR} />);
    expect(screen.queryAllByTestId('order-rfid')).toHaveLength(1); // FINANCE's card only
    expect(calls).toEqual([]);
  });
});
