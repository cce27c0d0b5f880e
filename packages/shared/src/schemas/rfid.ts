/**
 * RFID on order details (docs/rfid.md): GET /orders/{id}/rfid — per RFID line its
 * GTIN(s), serial ranges and piece count, and its first EPC as hex and as tag URI. Roles that see
 * production documents (VISIBILITY.productionPurchaseOrders).
 */
import { z } from 'zod';

export const rfidSerialRange = z
  .object({
    gtin: z.string().describe('GTIN-14'),
    firstSerial: z.number().int(),
    lastSerial: z.number().int(),
    count: z.number().int(),
  })
  .meta({ id: 'RfidSerialRange' });

export const rfidLine = z
  .object({
    orderItemId: z.number().int(),
    productSubcode: z.string(),
    filter: z.number().int().describe('GS1 EPC filter value 0..7'),
    count: z.number().int().describe('Tags (pieces) of the line'),
    gtins: z.array(z.string()),
    ranges: z.array(rfidSerialRange).describe('Contiguous serial ranges, in print order'),
    firstEpcHex: z.string().describe('24 hex characters, SGTIN-96'),
    firstTagUri: z.string().describe('urn:epc:tag:sgtin-96:…'),
  })
  .meta({ id: 'RfidLine' });

export const orderRfidResponse = z.object({ lines: z.array(rfidLine) }).meta({ id: 'OrderRfid' });
export type RfidSerialRangeView = z.infer<typeof rfidSerialRange>;
export type RfidLine = z.infer<typeof rfidLine>;
export type OrderRfidResponse = z.infer<typeof orderRfidResponse>;
