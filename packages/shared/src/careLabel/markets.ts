/**
 * Market checks of a care label: whether it says what the customer's markets require (a customer
 * setting, CustomerCareConfig.markets). Each warning cites its source. They are warnings shown under
 * the preview, not refusals: the label's content is the brand's responsibility, and the spec's rules
 * (rules.ts) decide what may be ordered. Pure functions. Decision 0043.
 *
 * - Canada: Textile Labelling Act (R.S.C. 1985, c. T-10) and Textile Labelling and Advertising
 *   Regulations (C.R.C., c. 1551): fibre content by generic names in English AND French, and the
 *   dealer's identity (a CA identification number).
 * - United States: Textile Fiber Products Identification Act (15 U.S.C. 70) and 16 CFR Part 303:
 *   generic fibre names (§ 303.7) in order of predominance (§ 303.16), the manufacturer's identity
 *   (RN number, §§ 303.19–303.20) and the country of origin (§ 303.33).
 * - European Union: Regulation (EU) No 1007/2011: only the fibre names of Annex I (Art. 5), '100%'
 *   or 'pure' only for a product of a single fibre (Art. 7), the fibre composition on the label (Art. 14),
 *   'Contains non-textile parts of animal origin' when the product has such parts (Art. 12), as down
 *   and feather filling are.
 * Qualified names ('Organic cotton', 'Recycled polyester') are judged by their fibre (fibres.ts);
 * down and feather are plumage, not fibres: no generic or Annex I name is asked of them.
 */
import type { CareMarket } from './config';
import { fibreName } from './fibres';
import { type CareLabelDraft, type FabricCompositionDraft, labelCountries } from './rules';

export interface MarketWarning {
  market: CareMarket;
  /** A stable code per check (for tests and styling). */
  code:
    | 'frenchName'
    | 'caNumber'
    | 'genericName'
    | 'rnNumber'
    | 'origin'
    | 'annexName'
    | 'hundredPercent'
    | 'fibreContent'
    | 'animalOrigin';
  message: string;
}

/** The dealer identities a customer's labels carry (customer care settings). */
export interface CareIdentity {
  caNumber?: string | null;
  rnNumber?: string | null;
}

const CA_SOURCE = 'Textile Labelling and Advertising Regulations, C.R.C., c. 1551';
const EU_SOURCE = 'Regulation (EU) No 1007/2011';
/** The phrase of Regulation (EU) No 1007/2011 Art. 12(1). */
export const ANIMAL_ORIGIN = 'Contains non-textile parts of animal origin';

/** Every composition of the label (its components' rows and the flat fibre content). */
function compositions(label: CareLabelDraft): FabricCompositionDraft[][] {
  return [
    ...(label.garmentComponents ?? []).map((c) => c.fabricCompositions),
    ...(label.fibreContents?.length ? [label.fibreContents] : []),
  ];
}

const materialsOf = (label: CareLabelDraft): string[] => [
  ...new Set(
    compositions(label)
      .flat()
      .map((r) => r.material)
      .filter((m) => m.trim() !== ''),
  ),
];

const instead = (material: string) => {
  const known = fibreName(material);
  return known?.instead ? `; use '${known.instead}'` : '';
};

/** Canada: English and French fibre names, CA number, fibre content present. */
export function canadaWarnings(label: CareLabelDraft, identity: CareIdentity = {}): MarketWarning[] {
  const out: MarketWarning[] = [];
  if (compositions(label).length === 0)
    out.push({
      market: 'CA',
      code: 'fibreContent',
      message: `Fibre content is missing (Textile Labelling Act, s. 3)`,
    });
  for (const m of materialsOf(label)) {
    if (!fibreName(m)?.fr)
      out.push({
        market: 'CA',
        code: 'frenchName',
        message: `'${m}' has no generic French fibre name: fibre content must be in English and French (${CA_SOURCE})${instead(m)}`,
      });
  }
  if (!identity.caNumber?.trim())
    out.push({
      market: 'CA',
      code: 'caNumber',
      message: `The dealer identity is missing: a CA number is required (${CA_SOURCE})`,
    });
  return out;
}

/** United States: generic fibre names, RN number, country of origin, fibre content present. */
export function unitedStatesWarnings(label: CareLabelDraft, identity: CareIdentity = {}): MarketWarning[] {
  const out: MarketWarning[] = [];
  if (compositions(label).length === 0)
    out.push({ market: 'US', code: 'fibreContent', message: 'Fibre content is missing (16 CFR 303.16)' });
  for (const m of materialsOf(label)) {
    const known = fibreName(m);
    if (!known?.us && !known?.plumage)
      out.push({
        market: 'US',
        code: 'genericName',
        message: `'${m}' is not a generic fibre name (16 CFR 303.7)${instead(m)}`,
      });
  }
  if (!identity.rnNumber?.trim())
    out.push({ market: 'US', code: 'rnNumber', message: 'The RN number is missing (16 CFR 303.20)' });
  if (labelCountries(label).length === 0)
    out.push({ market: 'US', code: 'origin', message: 'The country of origin is missing (16 CFR 303.33)' });
  return out;
}

/** European Union: Annex I fibre names, '100%' only for a single fibre, fibre composition present. */
export function europeanUnionWarnings(label: CareLabelDraft): MarketWarning[] {
  const out: MarketWarning[] = [];
  const all = compositions(label);
  if (all.length === 0)
    out.push({
      market: 'EU',
      code: 'fibreContent',
      message: `The fibre composition is missing (${EU_SOURCE}, Art. 14)`,
    });
  for (const m of materialsOf(label)) {
    if (!fibreName(m)?.eu && !fibreName(m)?.plumage)
      out.push({
        market: 'EU',
        code: 'annexName',
        message: `'${m}' is not a fibre name of Annex I (${EU_SOURCE}, Art. 5)${instead(m)}`,
      });
  }
  const plumage = materialsOf(label).filter((m) => fibreName(m)?.plumage);
  const says = [label.cautionMaintenance ?? '', ...(label.specialInstructions ?? [])].some((t) =>
    t.toLowerCase().includes(ANIMAL_ORIGIN.toLowerCase()),
  );
  if (plumage.length > 0 && !says)
    out.push({
      market: 'EU',
      code: 'animalOrigin',
      message: `${plumage.map((m) => `'${m}'`).join(' and ')} is not a textile fibre: the label must say '${ANIMAL_ORIGIN}' (${EU_SOURCE}, Art. 12)`,
    });
  if (all.some((rows) => rows.length > 1 && rows.some((r) => r.percentage === 100)))
    out.push({
      market: 'EU',
      code: 'hundredPercent',
      message: `'100%' may only be used for a product of a single fibre (${EU_SOURCE}, Art. 7)`,
    });
  return out;
}

/** The warnings of every market the customer sells in, in the order of `markets`. */
export function marketWarnings(
  label: CareLabelDraft,
  markets: readonly CareMarket[],
  identity: CareIdentity = {},
): MarketWarning[] {
  return markets.flatMap((market) =>
    market === 'CA'
      ? canadaWarnings(label, identity)
      : market === 'US'
        ? unitedStatesWarnings(label, identity)
        : europeanUnionWarnings(label),
  );
}
