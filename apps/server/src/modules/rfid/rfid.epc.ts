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
