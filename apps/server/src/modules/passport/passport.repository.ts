/**
 * All SQL of the product passport (decision 0044) but the serial's making (passport.sql.ts): the one
 * narrow read of a passport — a placed, not cancelled order's care-labelled line found by its serial, and
 * only its label and GTIN. Never the order record (orders.record), which holds prices and parties.
 */
import type { CareLabel } from '@selvedge/shared';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { orderItems, orders } from '../../platform/db/schema';
import { NEW_PASSPORT_SERIAL } from './passport.sql';

type Q = Db | Tx;

export const passportRepository = {
  /**
   * A new serial as the SQL expression of passport.sql.ts, for the demo seed, which writes its
   * care-labelled lines with its own statements and, as a tool, reads repositories, not fragments
   * (decision 0065). A module's statement imports passport.sql.ts in its own repository instead.
   */
  newSerial: NEW_PASSPORT_SERIAL,
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
