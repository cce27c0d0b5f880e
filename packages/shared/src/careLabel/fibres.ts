/**
 * Fibre names, kept in ONE table: the English and French names a Canadian label prints, whether a
 * name is a generic fibre name in the United States (16 CFR 303.7, which also admits the names of
 * ISO 2076) and whether it is a fibre name of Annex I of Regulation (EU) No 1007/2011. A material
 * option of a customer's list (by its name, any case) is looked up here by the preview (bilingual
 * lines) and the market checks (markets.ts). Pure data. Decision 0043.
 *
 * A material name may carry qualifiers before the fibre ('Organic cotton', 'Recycled polyester'):
 * the fibre is what follows the qualifiers, and the qualifiers are translated with it. Down and
 * feather are plumage used as filling, not textile fibres: they have Canadian names but are judged
 * by their own rules (markets.ts).
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
  /** The French name is feminine (a French qualifier agrees with it: 'Laine recyclée'). */
  frFeminine?: boolean;
  /**
   * Plumage used as filling (down, feather), not a textile fibre: not a name of 16 CFR 303.7 nor of
   * Regulation (EU) No 1007/2011 Annex I, and not to be replaced by one (markets.ts).
   */
  plumage?: boolean;
}

/**
 * Qualifiers a material name may carry before its fibre: a claim about the fibre, not another fibre
 * (the fibre's generic name stays the one that counts). French forms by the fibre name's gender.
 */
export const FIBRE_QUALIFIERS: Readonly<Record<string, { en: string; fr: string; frFeminine: string }>> = {
  organic: { en: 'Organic', fr: 'biologique', frFeminine: 'biologique' },
  recycled: { en: 'Recycled', fr: 'recyclé', frFeminine: 'recyclée' },
};

/** Known fibre names, keyed by the lower-case English name. */
export const FIBRE_NAMES: Readonly<Record<string, FibreName>> = {
  cotton: { en: 'Cotton', fr: 'Coton', us: true, eu: true },
  wool: { en: 'Wool', fr: 'Laine', us: true, eu: true, frFeminine: true },
  silk: { en: 'Silk', fr: 'Soie', us: true, eu: true, frFeminine: true },
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
  viscose: { en: 'Viscose', fr: 'Viscose', us: true, eu: true, frFeminine: true },
  rayon: { en: 'Rayon', fr: 'Rayonne', us: true, eu: false, instead: 'Viscose', frFeminine: true },
  modal: { en: 'Modal', fr: 'Modal', us: true, eu: true },
  lyocell: { en: 'Lyocell', fr: 'Lyocell', us: true, eu: true },
  acetate: { en: 'Acetate', fr: 'Acétate', us: true, eu: true },
  polypropylene: { en: 'Polypropylene', fr: 'Polypropylène', us: true, eu: true },
  olefin: { en: 'Olefin', fr: 'Oléfine', us: true, eu: false, instead: 'Polypropylene', frFeminine: true },
  // Plumage (filling): Canadian names of CAN/CGSB-4.165 (duvet, plume); not textile fibres in the US
  // (the Textile Act's generic names do not cover them; the FTC Act governs down claims) nor in the
  // EU (Annex I has no such names; Art. 12 asks for 'Contains non-textile parts of animal origin').
  down: { en: 'Down', fr: 'Duvet', us: false, eu: false, plumage: true },
  feather: { en: 'Feather', fr: 'Plume', us: false, eu: false, frFeminine: true, plumage: true },
  // Trade and marketing names: no generic name anywhere.
  lycra: { en: 'Lycra', fr: null, us: false, eu: false, instead: 'Elastane' },
  tencel: { en: 'Tencel', fr: null, us: false, eu: false, instead: 'Lyocell' },
  bamboo: { en: 'Bamboo', fr: null, us: false, eu: false, instead: 'Viscose (rayon made from bamboo)' },
};

/**
 * A material name split into its qualifiers (keys of FIBRE_QUALIFIERS, in order) and its fibre's
 * entry: 'Organic cotton' is cotton qualified 'organic'. Null when the fibre is unknown.
 */
export function qualifiedFibre(material: string): { fibre: FibreName; qualifiers: string[] } | null {
  const words = material.trim().toLowerCase().split(/\s+/);
  const qualifiers: string[] = [];
  while (words.length > 1 && words[0] !== undefined && FIBRE_QUALIFIERS[words[0]]) {
    qualifiers.push(words.shift() as string);
  }
  const fibre = FIBRE_NAMES[words.join(' ')];
  return fibre ? { fibre, qualifiers } : null;
}

/**
 * The table's entry for a material name (trimmed, any case, qualifiers before the fibre allowed:
 * 'Organic cotton' answers cotton's entry), or null when the fibre is unknown.
 */
export function fibreName(material: string): FibreName | null {
  return qualifiedFibre(material)?.fibre ?? null;
}

/**
 * A material's name in English and in French, qualifiers translated with it ('Recycled polyester',
 * 'Polyester recyclé'); `fr` is null when the fibre is unknown or has no French name. The English
 * name is the material as written when the fibre is unknown. The Canadian label (bilingualFibreName)
 * and the product passport (passport.ts) print these.
 */
export function fibreNames(material: string): { en: string; fr: string | null } {
  const known = qualifiedFibre(material);
  if (!known?.fibre.fr) return { en: material, fr: null };
  const { fibre, qualifiers } = known;
  const fr = [
    fibre.fr,
    ...qualifiers.map((q) => {
      const f = FIBRE_QUALIFIERS[q];
      return (fibre.frFeminine ? f?.frFeminine : f?.fr) ?? q;
    }),
  ].join(' ');
  const en = [...qualifiers.map((q, i) => (i === 0 ? (FIBRE_QUALIFIERS[q]?.en ?? q) : q)), fibre.en]
    .map((w, i) => (i === 0 ? w : w.toLowerCase()))
    .join(' ');
  return { en, fr };
}

/**
 * The name a Canadian label prints: 'English / Français' ('Recycled polyester / Polyester recyclé'),
 * or the name as written when there is no French name or both are the same.
 */
export function bilingualFibreName(material: string): string {
  const { en, fr } = fibreNames(material);
  if (fr === null) return material;
  return fr.toLowerCase() === en.toLowerCase() ? en : `${en} / ${fr}`;
}
