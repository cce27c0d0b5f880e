/**
 * Fibre names, kept in ONE table: the English and French names a Canadian label prints, whether a
 * name is a generic fibre name in the United States (16 CFR 303.7, which also admits the names of
 * ISO 2076) and whether it is a fibre name of Annex I of Regulation (EU) No 1007/2011. A material
 * option of a customer's list (by its name, any case) is looked up here by the preview (bilingual
 * lines) and the market checks (markets.ts). Pure data. Decision 0043.
 */

export interface FibreName {
  /** English name as printed. */
  en: string;
  /** French name as printed on Canadian labels; null when there is no generic French name. */
  fr: string | null;
  /** A generic fibre name under 16 CFR 303.7 (including the ISO 2076 names it admits). */
  us: boolean;
  /** A fibre name of Regulation (EU) No 1007/2011 Annex I. */
  eu: boolean;
  /** The generic name to use instead where this one is not admitted (trade names, regional names). */
  instead?: string;
}

/** Known fibre names, keyed by the lower-case English name. */
export const FIBRE_NAMES: Readonly<Record<string, FibreName>> = {
  cotton: { en: 'Cotton', fr: 'Coton', us: true, eu: true },
  wool: { en: 'Wool', fr: 'Laine', us: true, eu: true },
  silk: { en: 'Silk', fr: 'Soie', us: true, eu: true },
  linen: { en: 'Linen', fr: 'Lin', us: true, eu: true },
  flax: { en: 'Flax', fr: 'Lin', us: true, eu: true },
  hemp: { en: 'Hemp', fr: 'Chanvre', us: true, eu: true },
  cashmere: { en: 'Cashmere', fr: 'Cachemire', us: true, eu: true },
  alpaca: { en: 'Alpaca', fr: 'Alpaga', us: true, eu: true },
  mohair: { en: 'Mohair', fr: 'Mohair', us: true, eu: true },
  polyester: { en: 'Polyester', fr: 'Polyester', us: true, eu: true },
  nylon: { en: 'Nylon', fr: 'Nylon', us: true, eu: true },
  polyamide: { en: 'Polyamide', fr: 'Polyamide', us: true, eu: true },
  acrylic: { en: 'Acrylic', fr: 'Acrylique', us: true, eu: true },
  elastane: { en: 'Elastane', fr: 'Élasthanne', us: true, eu: true },
  spandex: { en: 'Spandex', fr: 'Spandex', us: true, eu: false, instead: 'Elastane' },
  viscose: { en: 'Viscose', fr: 'Viscose', us: true, eu: true },
  rayon: { en: 'Rayon', fr: 'Rayonne', us: true, eu: false, instead: 'Viscose' },
  modal: { en: 'Modal', fr: 'Modal', us: true, eu: true },
  lyocell: { en: 'Lyocell', fr: 'Lyocell', us: true, eu: true },
  acetate: { en: 'Acetate', fr: 'Acétate', us: true, eu: true },
  polypropylene: { en: 'Polypropylene', fr: 'Polypropylène', us: true, eu: true },
  olefin: { en: 'Olefin', fr: 'Oléfine', us: true, eu: false, instead: 'Polypropylene' },
  // Trade and marketing names: no generic name anywhere.
  lycra: { en: 'Lycra', fr: null, us: false, eu: false, instead: 'Elastane' },
  tencel: { en: 'Tencel', fr: null, us: false, eu: false, instead: 'Lyocell' },
  bamboo: { en: 'Bamboo', fr: null, us: false, eu: false, instead: 'Viscose (rayon made from bamboo)' },
};

/** The table's entry for a material name (trimmed, any case), or null when the name is unknown. */
export function fibreName(material: string): FibreName | null {
  return FIBRE_NAMES[material.trim().toLowerCase()] ?? null;
}

/** The name a Canadian label prints: 'English / Français', or the name alone without a French one. */
export function bilingualFibreName(material: string): string {
  const known = fibreName(material);
  if (!known?.fr) return material;
  return known.fr.toLowerCase() === known.en.toLowerCase() ? known.en : `${known.en} / ${known.fr}`;
}
