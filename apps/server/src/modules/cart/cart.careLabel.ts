/**
 * The care label of an order line at Add to Order / Save Changes (ordering §3 Care label, §5) and at
 * placing (§8 -3/-4), judged by the one rule of packages/shared (careLabelAgainst; decision 0043).
 */
import {
  CARE_LABEL_API_MESSAGES,
  type CareLabel,
  type CareLabelType,
  type CustomerCareConfig,
  careLabelAgainst,
  careLabelIcons,
  careLabelPlaceRefusal,
  careLabelRefusal,
} from '@selvedge/shared';
import { badRequest } from '../../platform/errors';

/**
 * The label to store on a line of a subcode with care label type `type` (null: none): checked
 * against the customer's configuration (400 with careLabelRefusal's sentence when not valid, its
 * field `careLabel.<path>`, or the spec's percentages text), with its `printed` part fixed from the configuration
 * (the icons of its instructions, the customer's markets and identities) so that the cart, order
 * details and the production PO draw it the same forever. A label sent for a subcode without one
 * answers 400; none for a subcode with one answers 400.
 */
export function checkLineCareLabel(
  subcode: string,
  type: CareLabelType | null,
  label: CareLabel | null | undefined,
  config: CustomerCareConfig | null,
): CareLabel | null {
  if (type === null) {
    if (label) throw badRequest(CARE_LABEL_API_MESSAGES.notCarried(subcode), 'careLabel');
    return null;
  }
  if (!label || !config) throw badRequest(CARE_LABEL_API_MESSAGES.required(subcode), 'careLabel');
  const { printed: _ignored, ...choices } = label;
  const verdict = careLabelAgainst(config, choices, type);
  const refusal = careLabelRefusal(verdict);
  if (refusal) throw badRequest(refusal.message, `careLabel.${refusal.field}`);
  return {
    ...choices,
    printed: {
      icons: type === 'CARELABEL_STANDARD' ? careLabelIcons(config, choices) : {},
      markets: config.markets,
      caNumber: config.caNumber ?? null,
      rnNumber: config.rnNumber ?? null,
    },
  };
}

/**
 * Placing's care-label refusal (ordering §8): each line with a care label, or of a subcode that now
 * carries one, judged against the customer's configuration as the placing lock read it (`config`;
 * null when no line has a label): -3 ('careLabelChangedRefresh') or -4 ('careLabelChangedEdit'), or
 * null. A line of a subcode that now has a care label type but was added without a label is -3 (its
 * label is missing entirely, there is nothing to keep).
 */
export function careLabelRefusalAtPlacing(
  lines: readonly { careLabel: CareLabel | null; careLabelType: CareLabelType | null }[],
  config: CustomerCareConfig | null,
): 'careLabelChangedRefresh' | 'careLabelChangedEdit' | null {
  const labelled = lines.filter((l) => l.careLabel || l.careLabelType);
  if (labelled.length === 0) return null;
  if (labelled.some((l) => !l.careLabel || !l.careLabelType || !config)) return 'careLabelChangedRefresh';
  return careLabelPlaceRefusal(
    labelled.map((l) =>
      careLabelAgainst(
        config as CustomerCareConfig,
        l.careLabel as CareLabel,
        l.careLabelType as CareLabelType,
      ),
    ),
  );
}
