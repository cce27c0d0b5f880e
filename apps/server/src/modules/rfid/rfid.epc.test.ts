import {
  gtin14Of,
  gtinMatchesPrefix,
  SGTIN_PARTITIONS,
  SGTIN96_MAX_SERIAL,
  sgtinPartition,
  toGtin14,
} from '@selvedge/shared';
import tds from 'epc-tds';
import { describe, expect, it } from 'vitest';
import { decodeSgtin96, encodeSgtin96, sgtinEncoder, sgtinRange } from './rfid.epc';

describe('SGTIN-96 through epc-tds', () => {
  it('answers the TDS example: 0614141 / 812345 / 6789 filter 3', () => {
    // TDS §14.5.1 example: urn:epc:tag:sgtin-96:3.0614141.812345.6789 = 3074257BF7194E4000001A85.
    const gtin = '80614141123458';
    const epc = encodeSgtin96({ gtin14: gtin, companyPrefix: '0614141', filter: 3, serial: 6789 });
    expect(epc).toEqual({
      hex: '3074257BF7194E4000001A85',
      tagUri: 'urn:epc:tag:sgtin-96:3.0614141.812345.6789',
    });
    expect(decodeSgtin96(epc.hex)).toEqual({ gtin14: gtin, serial: 6789, filter: 3, partition: 5 });
  });

  it('round-trips every partition, filter and the serial bounds', () => {
    for (const [length, partition] of Object.entries(SGTIN_PARTITIONS)) {
      const prefix = '0614141234567'.slice(0, Number(length));
      const gtin = gtin14Of(`1${prefix}${'9'.repeat(12 - prefix.length)}`);
      expect(gtinMatchesPrefix(gtin, prefix)).toBe(true);
      for (const filter of [0, 3, 7])
        for (const serial of [0, 1, 123_456_789, SGTIN96_MAX_SERIAL]) {
          const epc = encodeSgtin96({ gtin14: gtin, companyPrefix: prefix, filter, serial });
          expect(epc.hex).toMatch(/^30[0-9A-F]{22}$/);
          expect(epc.tagUri).toBe(
            `urn:epc:tag:sgtin-96:${filter}.${prefix}.${gtin[0]}${gtin.slice(1 + prefix.length, 13)}.${serial}`,
          );
          expect(decodeSgtin96(epc.hex)).toEqual({ gtin14: gtin, serial, filter, partition });
          expect(tds.fromTagURI(epc.tagUri).toHexString()).toBe(epc.hex);
        }
    }
  });

  it('refuses a serial past 274,877,906,943', () => {
    const encode = sgtinEncoder(gtin14Of('0061414112345'), '0614141', 3);
    expect(() => encode(SGTIN96_MAX_SERIAL + 1)).toThrow(/out of the SGTIN-96 range/);
    expect(() => encode(-1)).toThrow();
  });

  it("derives a range's EPCs exactly as the library encodes them, every partition and filter", () => {
    for (const length of Object.keys(SGTIN_PARTITIONS)) {
      const prefix = '0614141234567'.slice(0, Number(length));
      const gtin = gtin14Of(`1${prefix}${'9'.repeat(12 - prefix.length)}`);
      for (const filter of [0, 3, 7])
        for (const [first, count] of [
          [0, 1],
          [1, 40],
          [2 ** 32 - 5, 10], // across a 32-bit boundary
          [SGTIN96_MAX_SERIAL - 20, 21],
        ]) {
          const range = sgtinRange(gtin, prefix, filter, first, count);
          for (let serial = first; serial < first + count; serial++)
            expect({ hex: range.hex(serial), tagUri: range.tagUri(serial) }).toEqual(
              encodeSgtin96({ gtin14: gtin, companyPrefix: prefix, filter, serial }),
            );
        }
    }
  });

  it('refuses a range that runs past 274,877,906,943', () => {
    expect(() => sgtinRange(gtin14Of('0061414112345'), '0614141', 3, SGTIN96_MAX_SERIAL, 2)).toThrow(
      /out of the SGTIN-96 range/,
    );
  });

  it('decodes only SGTIN-96', () => {
    expect(decodeSgtin96('3178E61C883950F59A000000')).toBeNull(); // an SSCC-96
    expect(decodeSgtin96('zz')).toBeNull();
  });
});

describe('the shared rules', () => {
  it('is the standard partition table', () => {
    expect([12, 11, 10, 9, 8, 7, 6].map((n) => sgtinPartition('1'.repeat(n)))).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(() => sgtinPartition('12345')).toThrow();
    expect(() => sgtinPartition('1234567890123')).toThrow();
  });

  it('converts UPC-A and EAN-13 to GTIN-14 and checks the check digit', () => {
    expect(toGtin14('012345678905')).toBe('00012345678905');
    expect(toGtin14('4006381333931')).toBe('04006381333931');
    expect(toGtin14('012345678906')).toBeNull();
    expect(toGtin14('12345')).toBeNull();
  });

  it('matches the prefix after the indicator digit', () => {
    expect(gtinMatchesPrefix('012345678905', '0012345')).toBe(true);
    expect(gtinMatchesPrefix('012345678905', '0012346')).toBe(false);
    expect(gtinMatchesPrefix('4006381333931', '4006381')).toBe(true);
    expect(gtinMatchesPrefix('4006381333931', '400638')).toBe(true);
    expect(gtinMatchesPrefix('4006381333931', '40063')).toBe(false); // 5 digits: no prefix
  });
});
