/**
 * SGTIN-96 EPCs through the `epc-tds` library (docs/rfid.md): the bit layout is the
 * library's, never ours. The partition comes from the company prefix's length (SGTIN_PARTITIONS of
 * packages/shared), the filter from the subcode, the serial from the order's allocated range.
 */
import { SGTIN96_MAX_SERIAL, sgtinPartition } from '@selvedge/shared';
import tds from 'epc-tds';

/** One tag's identity: the GTIN-14, the customer's GS1 Company Prefix, the filter (0..7), the serial. */
export interface SgtinInput {
  gtin14: string;
  companyPrefix: string;
  filter: number;
  serial: number;
}

/** The EPC of one tag: 24 upper-case hex characters and the tag URI (urn:epc:tag:sgtin-96:…). */
export interface EncodedEpc {
  hex: string;
  tagUri: string;
}

/**
 * A reusable encoder: one Sgtin96 per (GTIN, prefix, filter), only its serial set per tag, so that a
 * file of a million tags does not build a million objects' worth of state.
 * @throws Error when the serial is out of range (0..274,877,906,943) or the GTIN not 14 digits.
 */
export function sgtinEncoder(gtin14: string, companyPrefix: string, filter: number) {
  const epc = new tds.Sgtin96().setFilter(filter).setPartition(sgtinPartition(companyPrefix)).setGtin(gtin14);
  return (serial: number): EncodedEpc => {
    if (!Number.isSafeInteger(serial) || serial < 0 || serial > SGTIN96_MAX_SERIAL)
      throw new Error(`sgtinEncoder: serial ${serial} is out of the SGTIN-96 range`);
    epc.setSerial(serial);
    return { hex: epc.toHexString(), tagUri: epc.toTagURI() };
  };
}

/**
 * The hex digits that hold an SGTIN-96 serial: the serial is the EPC's last field (the library's
 * SERIAL_END is its TOTAL_BITS), SERIAL_BITS (38) wide, so it lies within the last 10 hex digits.
 */
const SERIAL_HEX_DIGITS = Math.ceil(tds.Sgtin96.SERIAL_BITS / 4);
if (tds.Sgtin96.SERIAL_END !== tds.Sgtin96.TOTAL_BITS || SERIAL_HEX_DIGITS > 13)
  throw new Error('epc-tds: the SGTIN-96 serial is no longer the last field of at most 52 bits');

/** The EPCs of one allocated range, as functions of the serial (see sgtinRange). */
export interface SgtinRangeEncoder {
  /** 24 upper-case hex characters, as the library writes them. */
  hex(serial: number): string;
  /** urn:epc:tag:sgtin-96:filter.company.item.serial, as the library writes it. */
  tagUri(serial: number): string;
}

/**
 * The EPCs of the range `firstSerial` .. `firstSerial + count - 1` of one GTIN, for the encoding
 * file of a million tags: the library's encoder costs ~8 µs and a dozen BigInts per tag, so it
 * encodes the range's serial 0 once, and each tag's EPC is that one with the serial written into its
 * last field (the library's constants say where: SERIAL_END, SERIAL_BITS) — the serial field of
 * serial 0 is all zeros, so the EPC of serial s is the number of serial 0 plus s. The tag URI keeps
 * the library's text up to the serial. The range's first and last tags are encoded by the library as
 * well and compared, so a library whose layout differed would fail the file, never write a wrong EPC.
 * @throws Error when a serial of the range is out of 0..274,877,906,943, or the derived EPCs of the
 *   range's ends differ from the library's.
 */
export function sgtinRange(
  gtin14: string,
  companyPrefix: string,
  filter: number,
  firstSerial: number,
  count: number,
): SgtinRangeEncoder {
  const encode = sgtinEncoder(gtin14, companyPrefix, filter);
  const zero = encode(0);
  const high = zero.hex.slice(0, -SERIAL_HEX_DIGITS);
  const low = Number.parseInt(zero.hex.slice(-SERIAL_HEX_DIGITS), 16);
  const stem = zero.tagUri.slice(0, zero.tagUri.lastIndexOf('.') + 1);
  const range: SgtinRangeEncoder = {
    hex: (serial) => high + (low + serial).toString(16).toUpperCase().padStart(SERIAL_HEX_DIGITS, '0'),
    tagUri: (serial) => stem + serial,
  };
  if (count > 0) {
    for (const serial of [firstSerial, firstSerial + count - 1]) {
      const epc = encode(serial);
      if (epc.hex !== range.hex(serial) || epc.tagUri !== range.tagUri(serial))
        throw new Error(`sgtinRange: the EPC of serial ${serial} of ${gtin14} differs from epc-tds's`);
    }
  }
  return range;
}

/** The EPC of one tag (see sgtinEncoder). */
export function encodeSgtin96(input: SgtinInput): EncodedEpc {
  return sgtinEncoder(input.gtin14, input.companyPrefix, input.filter)(input.serial);
}

/** Decodes a hex EPC with the library; null when it is not an SGTIN-96. */
export function decodeSgtin96(
  hex: string,
): { gtin14: string; serial: number; filter: number; partition: number } | null {
  let epc: ReturnType<typeof tds.valueOf>;
  try {
    epc = tds.valueOf(hex);
  } catch {
    return null;
  }
  if (!(epc instanceof tds.Sgtin96)) return null;
  return {
    gtin14: epc.getGtin(),
    serial: epc.getSerial(),
    filter: epc.getFilter(),
    partition: epc.getPartition(),
  };
}
