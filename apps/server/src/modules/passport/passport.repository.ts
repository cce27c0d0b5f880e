/**
 * All SQL of the product passport (issue 25; decision 0044): the serial's making, and the one narrow
 * read of a passport — a placed, not cancelled order's care-labelled line found by its serial, and
 * only its label and GTIN. Never the order record (orders.record), which holds prices and parties.
 */
import type { CareLabel } from '@selvedge/shared';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { orderItems, orders } from '../../platform/db/schema';

type Q = Db | Tx;

/**
 * A new passport serial, made by the database in the statement that stores it: 20 characters of
 * base64url (PASSPORT_SERIAL_ALPHABET) from a random UUID's 16 bytes (the first 15 of them; 114 random
 * bits, the UUID's version and variant bits being fixed), so a serial cannot be guessed from another.
 * PostgreSQL's gen_random_uuid draws from its strong random source, on PGlite too. Migration 0016
 * writes the same expression for its backfill.
 */
export const NEW_PASSPORT_SERIAL = sql.raw(
  `translate(substr(encode(uuid_send(gen_random_uuid()), 'base64'), 1, 20), '+/', '-_')`,
);

export const passportRepository = {
  /**
   * The stored care label of the line with passport `serial` and `gtin` (GTIN-14), or null when there
   * is none, its order is still the cart, cancelled, or the GTIN is not the line's. One statement by
   * the unique index on the serial.
   */
  labelOf: async (q: Q, gtin: string, serial: string): Promise<CareLabel | null> => {
    const [row] = await q
      .select({ careLabel: orderItems.careLabel })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(
        and(
          eq(orderItems.passportSerial, serial),
          eq(orderItems.passportGtin, gtin),
          isNotNull(orderItems.careLabel),
          ne(orders.orderStatus, 'PENDING'),
          eq(orders.cancelled, false),
        ),
      )
      .limit(1);
    return row?.careLabel ?? null;
  },
};
