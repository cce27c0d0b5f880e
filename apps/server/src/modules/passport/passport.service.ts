/**
 * The product passport's use case (decision 0044): the label of a passport link, as the
 * public page shows it (packages/shared passportOf), or 404 with one text for every reason it is not
 * there, so an answer tells nothing about which serials exist.
 */
import { gtin14, PASSPORT_MESSAGES, type PassportResponse, passportOf } from '@selvedge/shared';
import type { Db } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import { passportRepository as repo } from './passport.repository';

export function createPassportService(db: Db) {
  return {
    /**
     * The passport of `gtin` (GTIN-14) and `serial` (shapes checked by the route's schema).
     * @throws 400 when the GTIN's check digit is wrong; 404 when no placed, not cancelled order has a
     *   care-labelled line with this serial and GTIN.
     */
    async passport(gtin: string, serial: string): Promise<PassportResponse> {
      if (gtin14(gtin) !== gtin) throw badRequest(PASSPORT_MESSAGES.badGtin, 'gtin');
      const label = await repo.labelOf(db, gtin, serial);
      if (!label) throw notFound(PASSPORT_MESSAGES.notFound);
      return passportOf(label, gtin, serial);
    },
  };
}
