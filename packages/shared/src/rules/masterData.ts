/**
 * Rules of the master-data detail screens (master-data §4, §5, §8, §9), written once: the form runs
 * them while editing, the shared schemas (schemas/masterData.ts) run them again when the server
 * validates a save. Editor operations answer the new list, or the spec's message when refused;
 * lists come back sorted the way the spec keeps them.
 */
import Decimal from 'decimal.js';
import { MASTER_DATA_RULE_MESSAGES, MESSAGES } from '../messages';

/**
 * What an editor operation answers: the new value, or the message to show and, when it is about one
 * input, that input ('quantity', 'price', 'currency'), so the editor shows it on that field.
 */
export type EditResult<T> = { ok: true; value: T } | { ok: false; message: string; field?: string };
const ok = <T>(value: T): EditResult<T> => ({ ok: true, value });
const refuse = <T>(message: string, field?: string): EditResult<T> =>
  field ? { ok: false, message, field } : { ok: false, message };

// ---------------------------------------------------------------- keyed lists

/**
 * How one of the detail screens' list editors behaves (shipping addresses, price and cost tiers,
 * minimum order values, attribute fields): ONE mechanism, configured per list. `T` is an entry, `S`
 * what the screen names as the selected entry, `I` what the editor's inputs hold.
 */
interface KeyedListSpec<T, S, I> {
  /** The entry an input makes (trimmed, checked), or the message refusing it. */
  entry: (input: I) => EditResult<T>;
  /** Two entries that may not both be in the list. */
  sameKey: (a: T, b: T) => boolean;
  /** True for the entry `selected` names. */
  isSelected: (entry: T, selected: S) => boolean;
  /** The list as the spec keeps it. */
  sort: (list: readonly T[]) => T[];
  /** The refusal of a second entry with the same key. */
  duplicate: string;
  /** The refusal when no entry is the selected one. */
  notFound: string;
  /** The refusal when nothing is selected (lists whose selection may be empty). */
  noSelection?: string;
  /** A rule of this list on replacing `old` by `next` (e.g. the quantity-1 tier keeps its quantity). */
  canReplace?: (old: T, next: T) => string | null;
  /** A rule of this list on removing `entry` (e.g. the quantity-1 tier stays). */
  canRemove?: (entry: T) => string | null;
}

/**
 * The add, update and remove of a keyed list (master-data §5): add refuses a duplicate key and
 * answers the list sorted; update finds the selected entry, checks the input, refuses a key another
 * entry has, answers the list sorted; remove finds the selected entry and answers the list without it.
 */
function keyedList<T, S, I>(spec: KeyedListSpec<T, S, I>) {
  const find = (list: readonly T[], selected: S | null | undefined): EditResult<number> => {
    if (selected == null && spec.noSelection) return refuse(spec.noSelection);
    const index = selected == null ? -1 : list.findIndex((x) => spec.isSelected(x, selected));
    return index < 0 ? refuse(spec.notFound) : ok(index);
  };
  return {
    add(list: readonly T[], input: I): EditResult<T[]> {
      const made = spec.entry(input);
      if (!made.ok) return made;
      if (list.some((x) => spec.sameKey(x, made.value))) return refuse(spec.duplicate);
      return ok(spec.sort([...list, made.value]));
    },
    update(list: readonly T[], selected: S | null | undefined, input: I): EditResult<T[]> {
      const found = find(list, selected);
      if (!found.ok) return found;
      const index = found.value;
      const made = spec.entry(input);
      if (!made.ok) return made;
      const rule = spec.canReplace?.(list[index] as T, made.value);
      if (rule) return refuse(rule);
      if (list.some((x, i) => i !== index && spec.sameKey(x, made.value))) return refuse(spec.duplicate);
      return ok(spec.sort(list.map((x, i) => (i === index ? made.value : x))));
    },
    remove(list: readonly T[], selected: S | null | undefined): EditResult<T[]> {
      const found = find(list, selected);
      if (!found.ok) return found;
      const rule = spec.canRemove?.(list[found.value] as T);
      if (rule) return refuse(rule);
      return ok(list.filter((x) => !spec.isSelected(x, selected as S)));
    },
  };
}

/** True when two entries of `list` have the same `key` (the whole-list check the server runs on save). */
function hasDuplicateKey<T>(list: readonly T[], key: (entry: T) => string): boolean {
  const seen = new Set<string>();
  for (const entry of list) {
    const k = key(entry);
    if (seen.has(k)) return true;
    seen.add(k);
  }
  return false;
}

// ---------------------------------------------------------------- vendors

/** Vendor number as typed: non-digits are ignored (master-data §5); '' when nothing is left. */
export function normalizeVendorNumber(text: string): string {
  return text.replace(/\D+/g, '');
}

export interface ShippingAddress {
  /** The short name shown in the cart's choice. */
  optionName: string;
  address: string;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Shipping addresses sorted by short name (case-insensitive), as the vendor keeps them. */
export function sortShippingAddresses<T extends ShippingAddress>(list: readonly T[]): T[] {
  return [...list].sort(
    (a, b) =>
      a.optionName.localeCompare(b.optionName, 'en', { sensitivity: 'base' }) ||
      a.optionName.localeCompare(b.optionName),
  );
}

/** Add and Update are enabled only when short name and address are both filled (master-data §5). */
export function canSubmitShippingAddress(entry: ShippingAddress): boolean {
  return entry.optionName.trim() !== '' && entry.address.trim() !== '';
}

const nameKey = (name: string) => name.trim().toLowerCase();

const shippingAddresses = keyedList<ShippingAddress, string, ShippingAddress>({
  entry: (e) => ok({ optionName: e.optionName.trim(), address: e.address.trim() }),
  sameKey: (a, b) => sameName(a.optionName, b.optionName),
  isSelected: (a, selected) => sameName(a.optionName, selected),
  sort: sortShippingAddresses,
  duplicate: MESSAGES.duplicateEntry,
  notFound: MESSAGES.addressNotFound,
});

/** Adds an address; a second address with the same short name is 'This is a duplicate entry.'. */
export function addShippingAddress(
  list: readonly ShippingAddress[],
  entry: ShippingAddress,
): EditResult<ShippingAddress[]> {
  return shippingAddresses.add(list, entry);
}

/** Replaces the address whose short name is `selected`; "Couldn't find the address to update." when none. */
export function updateShippingAddress(
  list: readonly ShippingAddress[],
  selected: string,
  entry: ShippingAddress,
): EditResult<ShippingAddress[]> {
  return shippingAddresses.update(list, selected, entry);
}

/** Removes the address whose short name is `selected`. */
export function removeShippingAddress(
  list: readonly ShippingAddress[],
  selected: string,
): EditResult<ShippingAddress[]> {
  return shippingAddresses.remove(list, selected);
}

/** The first problem of a whole list (what the server checks on save), or null. */
export function checkShippingAddresses(list: readonly ShippingAddress[]): string | null {
  return hasDuplicateKey(list, (a) => nameKey(a.optionName)) ? MESSAGES.duplicateEntry : null;
}

// ---------------------------------------------------------------- product subcodes

/** Pack size as saved: a whole number, at least 1 (master-data §5). */
export function normalizePackSize(packSize: number): number {
  return Math.max(1, Math.floor(Number.isFinite(packSize) ? packSize : 1));
}

/**
 * Minimum order quantity as saved (master-data §5): not below 0, rounded down to a multiple of the
 * pack size. Changing the pack size re-rounds the MOQ through the same function.
 */
export function roundMinOrderQuantity(minOrderQuantity: number, packSize: number): number {
  const pack = normalizePackSize(packSize);
  const moq = Math.max(0, Math.floor(Number.isFinite(minOrderQuantity) ? minOrderQuantity : 0));
  return Math.floor(moq / pack) * pack;
}

/** A price or cost tier being edited: quantity and price may still be empty, currency unchosen. */
export interface TierInput {
  quantity: number | null | undefined;
  price: string | number | null | undefined;
  currency: string | null | undefined;
}
export interface EditTier {
  /** Pieces from which the tier applies, a whole number ≥ 1. */
  quantity: number;
  /** Unit price, a decimal string ≥ 0. */
  price: string;
  /** ISO 4217 code. */
  currency: string;
}

/** The default currency of a new tier: USD when it is offered, else the first offered (master-data §5). */
export function defaultTierCurrency(offered: readonly string[]): string | null {
  return offered.includes('USD') ? 'USD' : (offered[0] ?? null);
}

/** Tiers sorted by quantity ascending, then currency (master-data §3). */
export function sortEditTiers<T extends EditTier>(tiers: readonly T[]): T[] {
  return [...tiers].sort((a, b) => a.quantity - b.quantity || a.currency.localeCompare(b.currency));
}

const samePrice = (a: string, b: string) => {
  try {
    return new Decimal(a).eq(new Decimal(b));
  } catch {
    return a === b;
  }
};

/**
 * Checks one tier's fields: quantity and price required, currency chosen, quantity a whole number
 * over 0 (2.6 and -1 are refused, not rounded: decision 0058; 0 has the spec's own text), price an
 * amount ≥ 0. A refusal about one input names it in `field`.
 */
export function checkTierInput(input: TierInput): EditResult<EditTier> {
  const price = input.price == null ? '' : String(input.price).trim();
  if (input.quantity == null || Number.isNaN(input.quantity) || price === '')
    return refuse(MESSAGES.tierFieldsMissing);
  if (!input.currency) return refuse(MESSAGES.noCurrencySelected, 'currency');
  const quantity = input.quantity;
  if (quantity === 0) return refuse(MESSAGES.tierQuantityZero, 'quantity');
  if (!Number.isInteger(quantity) || quantity < 0)
    return refuse(MASTER_DATA_RULE_MESSAGES.tierQuantityWhole, 'quantity');
  // The amounts the server takes (schemas/masterData.ts `amount`): no exponent, hex or fifth decimal.
  if (!/^-?\d{1,10}(\.\d{1,4})?$/.test(price))
    return refuse(MASTER_DATA_RULE_MESSAGES.priceNotAmount, 'price');
  const value = new Decimal(price);
  if (value.isNegative()) return refuse(MASTER_DATA_RULE_MESSAGES.priceBelowZero, 'price');
  return ok({
    quantity,
    price: value.toFixed(Math.max(2, Math.min(4, value.decimalPlaces()))),
    currency: input.currency,
  });
}

const tiers = keyedList<EditTier, EditTier, TierInput>({
  entry: checkTierInput,
  sameKey: (a, b) => a.quantity === b.quantity && a.currency === b.currency,
  isSelected: (t, selected) =>
    t.quantity === selected.quantity &&
    t.currency === selected.currency &&
    samePrice(t.price, selected.price),
  sort: sortEditTiers,
  duplicate: MESSAGES.tierExists,
  notFound: MESSAGES.tierNotFound,
  noSelection: MESSAGES.tierSelectionMissing,
  canReplace: (old, next) =>
    old.quantity === 1 && next.quantity !== 1 ? MESSAGES.tierQuantityNotEditable : null,
  canRemove: (t) => (t.quantity === 1 ? MESSAGES.tierOfOneRequired : null),
});

/** Adds a tier; a tier of the same quantity and currency exists → the spec's 'A tier for this quantity already exists…'. */
export function addTier(list: readonly EditTier[], input: TierInput): EditResult<EditTier[]> {
  return tiers.add(list, input);
}

/**
 * Replaces the `selected` tier (matched on quantity, price and currency) with `input`. The
 * quantity-1 tier keeps its quantity ('This tiers quantity is not editable.').
 */
export function updateTier(
  list: readonly EditTier[],
  selected: EditTier | null | undefined,
  input: TierInput,
): EditResult<EditTier[]> {
  return tiers.update(list, selected, input);
}

/** Removes the `selected` tier (matched on quantity, price and currency); the quantity-1 tier stays. */
export function removeTier(
  list: readonly EditTier[],
  selected: EditTier | null | undefined,
): EditResult<EditTier[]> {
  return tiers.remove(list, selected);
}

/**
 * The first problem of a whole tier list (what the server checks on save), or null: one tier per
 * quantity and currency, and every currency that has tiers has the quantity-1 tier. An empty list
 * is allowed (the tier section shows only once a factory is chosen).
 */
export function checkTiers(tiers: readonly EditTier[]): string | null {
  const seen = new Set<string>();
  for (const t of tiers) {
    if (t.quantity <= 0) return MESSAGES.tierQuantityZero;
    const key = `${t.currency}:${t.quantity}`;
    if (seen.has(key)) return MESSAGES.tierExists;
    seen.add(key);
  }
  const currencies = new Set(tiers.map((t) => t.currency));
  for (const c of currencies) if (!seen.has(`${c}:1`)) return MESSAGES.tierOfOneRequired;
  return null;
}

/** A minimum order value: one per currency, not below 0. */
export interface MinValue {
  currency: string;
  price: string;
}

/** The first problem of the minimum order values, or null: one per currency. */
export function checkMinValues(values: readonly MinValue[]): string | null {
  return hasDuplicateKey(values, (v) => v.currency) ? MASTER_DATA_RULE_MESSAGES.minValueExists : null;
}

const sortMinValues = <T extends MinValue>(values: readonly T[]): T[] =>
  [...values].sort((a, b) => a.currency.localeCompare(b.currency));

/** Checks one minimum order value: price required and ≥ 0, currency chosen. */
function checkMinValueInput(input: Omit<TierInput, 'quantity'>): EditResult<MinValue> {
  const checked = checkTierInput({ ...input, quantity: 1 });
  return checked.ok ? ok({ currency: checked.value.currency, price: checked.value.price }) : checked;
}

const minValues = keyedList<MinValue, MinValue, Omit<TierInput, 'quantity'>>({
  entry: checkMinValueInput,
  sameKey: (a, b) => a.currency === b.currency,
  isSelected: (v, selected) => v.currency === selected.currency && samePrice(v.price, selected.price),
  sort: sortMinValues,
  duplicate: MASTER_DATA_RULE_MESSAGES.minValueExists,
  notFound: MESSAGES.tierNotFound,
  noSelection: MESSAGES.tierSelectionMissing,
});

/** Adds a minimum order value (master-data §3: one per currency); kept sorted by currency. */
export function addMinValue(
  values: readonly MinValue[],
  input: Omit<TierInput, 'quantity'>,
): EditResult<MinValue[]> {
  return minValues.add(values, input);
}

/** Replaces the `selected` minimum order value (matched on currency and price) with `input`. */
export function updateMinValue(
  values: readonly MinValue[],
  selected: MinValue | null | undefined,
  input: Omit<TierInput, 'quantity'>,
): EditResult<MinValue[]> {
  return minValues.update(values, selected, input);
}

/** Removes the `selected` minimum order value (matched on currency and price). */
export function removeMinValue(
  values: readonly MinValue[],
  selected: MinValue | null | undefined,
): EditResult<MinValue[]> {
  return minValues.remove(values, selected);
}

/** An attribute schema as far as the customer rule needs it. */
export interface SchemaOwner {
  global: boolean;
  customerId: number | null;
}

/** True when a subcode of `customerId` may use the schema: it is global or belongs to that customer. */
export function schemaFitsCustomer(schema: SchemaOwner, customerId: number | null | undefined): boolean {
  return schema.global || (customerId != null && schema.customerId === customerId);
}

/** The schema a subcode keeps after its customer changes (master-data §4): cleared unless it fits. */
export function schemaAfterCustomerChange<T extends SchemaOwner>(
  schema: T | null | undefined,
  customerId: number | null | undefined,
): T | null {
  return schema && schemaFitsCustomer(schema, customerId) ? schema : null;
}

// ---------------------------------------------------------------- attribute schemas

export interface EditAttributeField {
  name: string;
  type: 'STRING' | 'DROPDOWN';
  /** Options of a DROPDOWN field, sorted; always empty for STRING. */
  options: string[];
}

const byText = (a: string, b: string) =>
  a.localeCompare(b, 'en', { sensitivity: 'base' }) || a.localeCompare(b);

/** Fields sorted by name, each dropdown's options sorted; STRING fields carry no options. */
export function sortAttributeFields<T extends EditAttributeField>(fields: readonly T[]): T[] {
  return [...fields]
    .map((f) => ({ ...f, options: f.type === 'DROPDOWN' ? [...f.options].sort(byText) : [] }))
    .sort((a, b) => byText(a.name, b.name));
}

const attributeFields = keyedList<EditAttributeField, string, EditAttributeField>({
  entry: (field) => {
    const clean = { ...field, name: field.name.trim() };
    return clean.name === '' ? refuse(MASTER_DATA_RULE_MESSAGES.fieldNameRequired) : ok(clean);
  },
  sameKey: (a, b) => sameName(a.name, b.name),
  isSelected: (f, selected) => sameName(f.name, selected),
  sort: sortAttributeFields,
  duplicate: MESSAGES.duplicateField,
  notFound: MESSAGES.fieldNotFound,
});

/** Adds a field; the same name twice is 'This is a duplicate field.'. */
export function addAttributeField(
  fields: readonly EditAttributeField[],
  field: EditAttributeField,
): EditResult<EditAttributeField[]> {
  return attributeFields.add(fields, field);
}

/** Replaces the field named `selected`; "Couldn't find the field to update." when none. */
export function updateAttributeField(
  fields: readonly EditAttributeField[],
  selected: string,
  field: EditAttributeField,
): EditResult<EditAttributeField[]> {
  return attributeFields.update(fields, selected, field);
}

/** Removes the field named `selected`. */
export function removeAttributeField(
  fields: readonly EditAttributeField[],
  selected: string,
): EditResult<EditAttributeField[]> {
  return attributeFields.remove(fields, selected);
}

/** Adds an option to the dropdown field named `fieldName`; duplicates are 'This is a duplicate option.'. */
export function addAttributeOption(
  fields: readonly EditAttributeField[],
  fieldName: string,
  option: string,
): EditResult<EditAttributeField[]> {
  const index = fields.findIndex((f) => sameName(f.name, fieldName));
  if (index < 0) return refuse(MESSAGES.fieldNotFound);
  const field = fields[index]!;
  if (field.type !== 'DROPDOWN') return refuse(MESSAGES.noOptionsOnField);
  const clean = option.trim();
  if (clean === '') return refuse(MASTER_DATA_RULE_MESSAGES.optionRequired);
  if (field.options.some((o) => sameName(o, clean))) return refuse(MESSAGES.duplicateOption);
  return ok(
    sortAttributeFields(fields.map((f, i) => (i === index ? { ...f, options: [...f.options, clean] } : f))),
  );
}

/** Removes an option of the field named `fieldName`; "Couldn't option specified." when it has no such option. */
export function removeAttributeOption(
  fields: readonly EditAttributeField[],
  fieldName: string,
  option: string,
): EditResult<EditAttributeField[]> {
  const index = fields.findIndex((f) => sameName(f.name, fieldName));
  if (index < 0) return refuse(MESSAGES.fieldNotFound);
  const field = fields[index]!;
  if (field.type !== 'DROPDOWN' || field.options.length === 0) return refuse(MESSAGES.noOptionsOnField);
  if (!field.options.some((o) => o === option)) return refuse(MESSAGES.optionNotSpecified);
  return ok(
    fields.map((f, i) => (i === index ? { ...f, options: f.options.filter((o) => o !== option) } : f)),
  );
}

/** The first problem of a whole field list (what the server checks on save), or null. */
export function checkAttributeFields(fields: readonly EditAttributeField[]): string | null {
  if (hasDuplicateKey(fields, (f) => nameKey(f.name))) return MESSAGES.duplicateField;
  if (fields.some((f) => hasDuplicateKey(f.options, nameKey))) return MESSAGES.duplicateOption;
  return null;
}
