/**
 * RFID for the other modules (issue 38; docs/rfid.md): serial allocation at placing (decision
 * 0067) and the ranges of a placed order.
 */
import { RFID_MESSAGES } from '@selvedge/shared';
import type { Db, Tx } from '../../platform/db';
import { conflict } from '../../platform/errors';
import { type RangeRow, rfidRepository } from './rfid.repository';

export type { RangeRow };

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
