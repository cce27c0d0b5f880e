/**
 * RFID for the other modules (docs/rfid.md): serial allocation at placing (decision
 * 0067) and the ranges of a placed order.
 */
import {
  canSee,
  ORDER_MESSAGES,
  type OrderRfidResponse,
  RFID_MESSAGES,
  type RfidLine,
} from '@selvedge/shared';
import { sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth';
import type { Db, Tx } from '../../platform/db';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { orderScope } from '../access/access';
import { encodeSgtin96 } from './rfid.epc';
import { type LineRange, type RangeRow, rfidRepository } from './rfid.repository';

export type { LineRange, RangeRow };

/**
 * Allocates the serials of the order's RFID lines in one statement (call inside placing's
 * transaction, only when a line is RFID). Throws 409 naming the size without a GTIN, or the GTIN
 * whose SGTIN-96 serials would run out; the caller's transaction then rolls back the rest.
 */
export async function allocateRfidSerials(tx: Tx, orderId: number): Promise<void> {
  const [refused] = await rfidRepository.allocate(tx, orderId);
  if (!refused) return;
  throw conflict(
    refused.kind === 'noGtin'
      ? RFID_MESSAGES.noGtin(refused.subcode, refused.size)
      : RFID_MESSAGES.serialsExhausted(refused.gtin),
  );
}

/** The order's serial ranges in print order. */
export const rfidRangesOf = (q: Db | Tx, orderId: number) => rfidRepository.rangesOf(q, orderId);

/**
 * GET /orders/{id}/rfid: per RFID line its GTINs, serial ranges (adjacent ranges of one GTIN
 * joined), piece count and first EPC (hex and tag URI); lines in print order, none for an order
 * without RFID. 404 outside the user's order scope; 403 for roles that do not see production
 * documents (VISIBILITY.productionPurchaseOrders).
 */
export async function orderRfid(db: Db, user: AuthUser, orderId: number): Promise<OrderRfidResponse> {
  if (!canSee('productionPurchaseOrders', user.role)) throw forbidden();
  const ranges = await rfidRepository.linesOf(db, orderId, orderScope(user));
  if (!ranges) throw notFound(ORDER_MESSAGES.notFound);
  return { lines: rfidLinesOf(ranges) };
}

/** The ranges of an order grouped per line (see orderRfid); also the production PO's RFID table. */
export function rfidLinesOf(ranges: readonly LineRange[]): RfidLine[] {
  const lines = new Map<number, RfidLine>();
  for (const r of ranges) {
    let line = lines.get(r.orderItemId);
    if (!line) {
      const first = r.prefix
        ? encodeSgtin96({ gtin14: r.gtin, companyPrefix: r.prefix, filter: r.filter, serial: r.firstSerial })
        : null;
      line = {
        orderItemId: r.orderItemId,
        productSubcode: r.productSubcode,
        filter: r.filter,
        count: 0,
        gtins: [],
        ranges: [],
        firstEpcHex: first?.hex ?? '',
        firstTagUri: first?.tagUri ?? '',
      };
      lines.set(r.orderItemId, line);
    }
    line.count += r.count;
    if (!line.gtins.includes(r.gtin)) line.gtins.push(r.gtin);
    const last = line.ranges.at(-1);
    if (last && last.gtin === r.gtin && last.lastSerial + 1 === r.firstSerial) {
      last.lastSerial += r.count;
      last.count += r.count;
    } else {
      line.ranges.push({
        gtin: r.gtin,
        firstSerial: r.firstSerial,
        lastSerial: r.firstSerial + r.count - 1,
        count: r.count,
      });
    }
  }
  return [...lines.values()];
}

/** The RFID lines of an order already found in the caller's scope (the production PO's notes). */
export async function orderRfidLines(db: Db, orderId: number): Promise<RfidLine[]> {
  return rfidLinesOf((await rfidRepository.linesOf(db, orderId, sql`true`)) ?? []);
}
