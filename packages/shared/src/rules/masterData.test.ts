import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MASTER_DATA_RULE_MESSAGES, MESSAGES } from '../messages';
import { productSubcodeBody, userSearchQuery, vendorBody, warehouseUpdateBody } from '../schemas/masterData';
import {
  addAttributeField,
  addAttributeOption,
  addMinValue,
  addShippingAddress,
  addTier,
  canSubmitShippingAddress,
  checkAttributeFields,
  checkMinValues,
  checkTiers,
  defaultTierCurrency,
  type EditTier,
  normalizeVendorNumber,
  removeAttributeField,
  removeAttributeOption,
  removeMinValue,
  removeShippingAddress,
  removeTier,
  roundMinOrderQuantity,
  schemaAfterCustomerChange,
  sortEditTiers,
  updateAttributeField,
  updateMinValue,
  updateShippingAddress,
  updateTier,
} from './masterData';

const fail = (r: { ok: boolean; message?: string }) => (r.ok ? null : r.message);
const value = <T>(r: { ok: true; value: T } | { ok: false; message: string }): T => {
  if (!r.ok) throw new Error(r.message);
  return r.value;
};

describe('vendor number (master-data §5)', () => {
  it('ignores non-digits', () => {
    expect(normalizeVendorNumber('44-100 23')).toBe('4410023');
    expect(normalizeVendorNumber('abc')).toBe('');
  });
  it('the schema keeps digits, refuses more than 10, and takes empty as none', () => {
    const base = { companyName: 'V' };
    expect(vendorBody.parse({ ...base, vendorNumber: 'V-12' }).vendorNumber).toBe('12');
    expect(vendorBody.parse({ ...base, vendorNumber: '' }).vendorNumber).toBeNull();
    expect(vendorBody.safeParse({ ...base, vendorNumber: '12345678901' }).success).toBe(false);
  });
  it('property: the result is digits only and every digit typed is kept in order', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const n = normalizeVendorNumber(s);
        expect(n).toMatch(/^\d*$/);
        expect(n).toBe([...s].filter((c) => c >= '0' && c <= '9').join(''));
      }),
    );
  });
});

describe('shipping addresses (master-data §5, §8)', () => {
  const list = [{ optionName: 'Main', address: '1 Road' }];
  it('adds sorted by short name and refuses duplicates with the spec text', () => {
    expect(value(addShippingAddress(list, { optionName: ' Annex ', address: '2 Road' }))).toEqual([
      { optionName: 'Annex', address: '2 Road' },
      { optionName: 'Main', address: '1 Road' },
    ]);
    expect(fail(addShippingAddress(list, { optionName: 'main', address: 'x' }))).toBe(
      MESSAGES.duplicateEntry,
    );
  });
  it('updates and removes by short name; a missing one is the spec text', () => {
    expect(value(updateShippingAddress(list, 'Main', { optionName: 'Main', address: '9 Road' }))).toEqual([
      { optionName: 'Main', address: '9 Road' },
    ]);
    expect(fail(updateShippingAddress(list, 'Other', { optionName: 'x', address: 'y' }))).toBe(
      MESSAGES.addressNotFound,
    );
    expect(value(removeShippingAddress(list, 'Main'))).toEqual([]);
  });
  it('Add/Update need both fields', () => {
    expect(canSubmitShippingAddress({ optionName: 'A', address: ' ' })).toBe(false);
    expect(canSubmitShippingAddress({ optionName: 'A', address: 'B' })).toBe(true);
  });
  it('property: a list built by adds never holds two equal short names and stays sorted', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ optionName: fc.string({ minLength: 1, maxLength: 4 }), address: fc.string() })),
        (entries) => {
          let current: { optionName: string; address: string }[] = [];
          for (const e of entries) {
            const r = addShippingAddress(current, e);
            if (r.ok) current = r.value;
          }
          const names = current.map((a) => a.optionName.toLowerCase());
          expect(new Set(names).size).toBe(names.length);
          const sorted = [...current].sort(
            (a, b) =>
              a.optionName.localeCompare(b.optionName, 'en', { sensitivity: 'base' }) ||
              a.optionName.localeCompare(b.optionName),
          );
          expect(current).toEqual(sorted);
        },
      ),
    );
  });
});

describe('MOQ and pack size (master-data §5)', () => {
  it('rounds the MOQ down to a multiple of the pack size, never below 0', () => {
    expect(roundMinOrderQuantity(1050, 100)).toBe(1000);
    expect(roundMinOrderQuantity(99, 100)).toBe(0);
    expect(roundMinOrderQuantity(-5, 10)).toBe(0);
    expect(roundMinOrderQuantity(7, 0)).toBe(7);
  });
  it('the subcode schema re-rounds the MOQ with the pack size', () => {
    const body = productSubcodeBody.parse({
      productSubcode: 'A',
      description: 'B',
      customer: { id: 1 },
      productCode: { id: 1 },
      minOrderQuantity: 250,
      packSize: 100,
    });
    expect(body).toMatchObject({
      minOrderQuantity: 200,
      packSize: 100,
      fulfillmentProcess: 'PICK_AND_PACK',
      sustainable: false,
    });
  });
  it('property: the MOQ is a multiple of the pack size, at most the input, less than a pack below it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -100, max: 1_000_000 }),
        fc.integer({ min: 1, max: 5000 }),
        (moq, pack) => {
          const r = roundMinOrderQuantity(moq, pack);
          expect(r % pack).toBe(0);
          expect(r).toBeGreaterThanOrEqual(0);
          expect(r).toBeLessThanOrEqual(Math.max(0, moq));
          expect(Math.max(0, moq) - r).toBeLessThan(pack);
          expect(roundMinOrderQuantity(r, pack)).toBe(r);
        },
      ),
    );
  });
});

describe('tiers (master-data §5, §8)', () => {
  const one: EditTier = { quantity: 1, price: '0.10', currency: 'USD' };
  const hundred: EditTier = { quantity: 100, price: '0.08', currency: 'USD' };
  it('adds sorted; refuses missing fields, missing currency, quantity 0, duplicates — in the spec words', () => {
    expect(value(addTier([hundred], { quantity: 1, price: '0.1', currency: 'USD' }))).toEqual([
      { quantity: 1, price: '0.10', currency: 'USD' },
      hundred,
    ]);
    expect(fail(addTier([one], { quantity: null, price: '1', currency: 'USD' }))).toBe(
      MESSAGES.tierFieldsMissing,
    );
    expect(fail(addTier([one], { quantity: 5, price: '', currency: 'USD' }))).toBe(
      MESSAGES.tierFieldsMissing,
    );
    expect(fail(addTier([one], { quantity: 5, price: '1', currency: null }))).toBe(
      MESSAGES.noCurrencySelected,
    );
    expect(fail(addTier([one], { quantity: 0, price: '1', currency: 'USD' }))).toBe(
      MESSAGES.tierQuantityZero,
    );
    expect(fail(addTier([one], { quantity: 1, price: '2', currency: 'USD' }))).toBe(MESSAGES.tierExists);
    expect(value(addTier([one], { quantity: 1, price: '2', currency: 'CAD' }))).toHaveLength(2);
    expect(fail(addTier([one], { quantity: 5, price: '-1', currency: 'USD' }))).toBe(
      'A price cannot be below 0.',
    );
  });
  it('refuses a quantity of 2.6 or -1 and a price of -1 on their field, never rounding them (decision 0058)', () => {
    const whole = { ok: false, field: 'quantity', message: MASTER_DATA_RULE_MESSAGES.tierQuantityWhole };
    expect(addTier([one], { quantity: 2.6, price: '1', currency: 'USD' })).toEqual(whole);
    expect(addTier([one], { quantity: 0.2, price: '1', currency: 'USD' })).toEqual(whole);
    expect(addTier([one], { quantity: -1, price: '1', currency: 'USD' })).toEqual(whole);
    expect(updateTier([one, hundred], hundred, { quantity: 2.6, price: '1', currency: 'USD' })).toEqual(
      whole,
    );
    expect(addTier([one], { quantity: 5, price: '-1', currency: 'USD' })).toEqual({
      ok: false,
      field: 'price',
      message: MASTER_DATA_RULE_MESSAGES.priceBelowZero,
    });
    expect(addTier([one], { quantity: 5, price: '1.2.3', currency: 'USD' })).toEqual({
      ok: false,
      field: 'price',
      message: MASTER_DATA_RULE_MESSAGES.priceNotAmount,
    });
    // The save refuses them alike: the body schema is the same rule's.
    const body = (tier: { quantity: number; price: string }) =>
      productSubcodeBody.safeParse({
        productSubcode: 'S-1',
        description: 'Woven label',
        productCode: { id: 1 },
        customer: { id: 1 },
        factory: { id: 1 },
        priceTiers: [
          { quantity: 1, price: '0.10', currency: 'USD' },
          { ...tier, currency: 'USD' },
        ],
        costTiers: [{ quantity: 1, price: '0.05', currency: 'USD' }],
      });
    const issues = (r: ReturnType<typeof body>) =>
      r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues(body({ quantity: 2.6, price: '1' }))).toEqual([
      ['priceTiers.1.quantity', MASTER_DATA_RULE_MESSAGES.tierQuantityWhole],
    ]);
    expect(issues(body({ quantity: 5, price: '-1' }))).toEqual([
      ['priceTiers.1.price', 'price cannot be below 0'],
    ]);
  });
  it('the quantity-1 tier keeps its quantity and cannot be removed', () => {
    expect(fail(updateTier([one, hundred], one, { quantity: 2, price: '1', currency: 'USD' }))).toBe(
      MESSAGES.tierQuantityNotEditable,
    );
    expect(
      value(updateTier([one, hundred], one, { quantity: 1, price: '0.2', currency: 'USD' }))[0]!.price,
    ).toBe('0.20');
    expect(fail(removeTier([one, hundred], one))).toBe(MESSAGES.tierOfOneRequired);
  });
  it('update and remove match on quantity, price and currency', () => {
    expect(fail(removeTier([one, hundred], null))).toBe(MESSAGES.tierSelectionMissing);
    expect(fail(removeTier([one, hundred], { ...hundred, price: '0.09' }))).toBe(MESSAGES.tierNotFound);
    expect(value(removeTier([one, hundred], { ...hundred, price: '0.0800' }))).toEqual([one]);
    expect(fail(updateTier([one, hundred], { ...hundred, currency: 'CAD' }, hundred))).toBe(
      MESSAGES.tierNotFound,
    );
    expect(fail(updateTier([one, hundred], hundred, { quantity: 1, price: '1', currency: 'USD' }))).toBe(
      MESSAGES.tierExists,
    );
  });
  it('a whole list needs the quantity-1 tier of every currency and one tier per quantity and currency', () => {
    expect(checkTiers([])).toBeNull();
    expect(checkTiers([one, hundred])).toBeNull();
    expect(checkTiers([hundred])).toBe(MESSAGES.tierOfOneRequired);
    expect(checkTiers([one, { ...hundred, currency: 'CAD' }])).toBe(MESSAGES.tierOfOneRequired);
    expect(checkTiers([one, { ...one, price: '9' }])).toBe(MESSAGES.tierExists);
  });
  it('USD is the default currency when offered', () => {
    expect(defaultTierCurrency(['CAD', 'USD'])).toBe('USD');
    expect(defaultTierCurrency(['CAD'])).toBe('CAD');
    expect(defaultTierCurrency([])).toBeNull();
  });
  it('property: whatever is added, the list stays sorted, valid and never loses its quantity-1 tier', () => {
    const currency = fc.constantFrom('USD', 'CAD');
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('add' as const),
        quantity: fc.integer({ min: 0, max: 50 }),
        price: fc.nat(1000),
        currency,
      }),
      fc.record({ kind: fc.constant('remove' as const), index: fc.nat(20) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
        let tiers: EditTier[] = sortEditTiers([one, { quantity: 1, price: '1', currency: 'CAD' }]);
        for (const o of ops) {
          const r =
            o.kind === 'add'
              ? addTier(tiers, { quantity: o.quantity, price: String(o.price / 100), currency: o.currency })
              : removeTier(tiers, tiers[o.index % tiers.length]);
          if (r.ok) tiers = r.value;
        }
        expect(checkTiers(tiers)).toBeNull();
        expect(tiers).toEqual(sortEditTiers(tiers));
        expect(tiers.filter((t) => t.quantity === 1)).toHaveLength(2);
      }),
    );
  });
  it('the subcode schema refuses a tier list without the quantity-1 tier and keeps tiers sorted', () => {
    const base = { productSubcode: 'A', description: 'B', customer: { id: 1 }, productCode: { id: 1 } };
    const bad = productSubcodeBody.safeParse({
      ...base,
      priceTiers: [{ quantity: 10, price: '1', currency: 'USD' }],
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(MESSAGES.tierOfOneRequired);
    // 10.4 is refused rather than rounded (decision 0058): the user sees why, nothing changes unseen.
    expect(
      productSubcodeBody.safeParse({ ...base, priceTiers: [{ quantity: 10.4, price: 1, currency: 'USD' }] })
        .success,
    ).toBe(false);
    const ok = productSubcodeBody.parse({
      ...base,
      priceTiers: [
        { quantity: 10, price: 1, currency: 'USD' },
        { quantity: 1, price: '2.5', currency: 'USD' },
      ],
    });
    expect(ok.priceTiers).toEqual([
      { quantity: 1, price: '2.5', currency: 'USD' },
      { quantity: 10, price: '1', currency: 'USD' },
    ]);
  });
});

describe('attribute schema of a subcode (master-data §4)', () => {
  it('changing the customer clears a schema that is neither global nor theirs', () => {
    const roots = { id: 5, global: false, customerId: 1 };
    const global = { id: 6, global: true, customerId: null };
    expect(schemaAfterCustomerChange(roots, 1)).toBe(roots);
    expect(schemaAfterCustomerChange(roots, 2)).toBeNull();
    expect(schemaAfterCustomerChange(global, 2)).toBe(global);
    expect(schemaAfterCustomerChange(null, 2)).toBeNull();
  });
});

describe('attribute fields (master-data §5, §8)', () => {
  const colour = { name: 'Colour', type: 'DROPDOWN' as const, options: ['Red'] };
  it('adds fields sorted, refuses duplicates; updates and removes by name', () => {
    const fields = value(addAttributeField([colour], { name: 'Art', type: 'STRING', options: ['x'] }));
    expect(fields).toEqual([{ name: 'Art', type: 'STRING', options: [] }, colour]);
    expect(fail(addAttributeField(fields, { name: 'colour', type: 'STRING', options: [] }))).toBe(
      MESSAGES.duplicateField,
    );
    expect(fail(updateAttributeField(fields, 'Nope', colour))).toBe(MESSAGES.fieldNotFound);
    expect(fail(updateAttributeField(fields, 'Art', { ...colour }))).toBe(MESSAGES.duplicateField);
    expect(value(removeAttributeField(fields, 'Art'))).toEqual([colour]);
  });
  it('options: sorted, no duplicates, only on dropdown fields', () => {
    const fields = value(addAttributeOption([colour], 'Colour', 'Black'));
    expect(fields[0]!.options).toEqual(['Black', 'Red']);
    expect(fail(addAttributeOption(fields, 'Colour', 'black'))).toBe(MESSAGES.duplicateOption);
    expect(fail(addAttributeOption([{ name: 'S', type: 'STRING', options: [] }], 'S', 'x'))).toBe(
      MESSAGES.noOptionsOnField,
    );
    expect(fail(removeAttributeOption(fields, 'Colour', 'Blue'))).toBe(MESSAGES.optionNotSpecified);
    expect(value(removeAttributeOption(fields, 'Colour', 'Red'))[0]!.options).toEqual(['Black']);
    expect(checkAttributeFields([{ ...colour, options: ['a', 'A'] }])).toBe(MESSAGES.duplicateOption);
  });
});

describe('contract details', () => {
  it('user search: active defaults to true, NONE is no role filter', () => {
    expect(userSearchQuery.parse({})).toEqual({ active: true });
    expect(userSearchQuery.parse({ role: 'NONE', active: 'false' })).toEqual({ active: false });
  });
  it('an update needs the version it started from', () => {
    const body = {
      warehouseName: 'W',
      contactName: 'C',
      email: 'a@b.co',
      telephone: '1',
      address: 'A',
      preferredShippingMethod: 'Sea',
    };
    expect(warehouseUpdateBody.safeParse(body).success).toBe(false);
    expect(warehouseUpdateBody.parse({ ...body, version: 3 }).version).toBe(3);
  });
});

describe('minimum order values (master-data §3, §5)', () => {
  it('adds one per currency, kept sorted, and refuses a second of the same currency', () => {
    const one = addMinValue([], { currency: 'USD', price: '50' });
    expect(one).toEqual({ ok: true, value: [{ currency: 'USD', price: '50.00' }] });
    if (!one.ok) return;
    const two = addMinValue(one.value, { currency: 'CAD', price: 10 });
    expect(two.ok && two.value.map((v) => v.currency)).toEqual(['CAD', 'USD']);
    expect(addMinValue(one.value, { currency: 'USD', price: '60' })).toEqual({
      ok: false,
      message: MASTER_DATA_RULE_MESSAGES.minValueExists,
    });
  });

  it('refuses a price below 0, a missing price and a missing currency', () => {
    expect(addMinValue([], { currency: 'USD', price: '-1' })).toEqual({
      ok: false,
      field: 'price',
      message: MASTER_DATA_RULE_MESSAGES.priceBelowZero,
    });
    expect(addMinValue([], { currency: 'USD', price: '' })).toEqual({
      ok: false,
      message: MESSAGES.tierFieldsMissing,
    });
    expect(addMinValue([], { currency: null, price: '5' })).toEqual({
      ok: false,
      field: 'currency',
      message: MESSAGES.noCurrencySelected,
    });
  });

  it('updates and removes the selected value only', () => {
    const list = [
      { currency: 'CAD', price: '10.00' },
      { currency: 'USD', price: '50.00' },
    ];
    const updated = updateMinValue(list, list[1], { currency: 'USD', price: '75' });
    expect(updated.ok && updated.value[1]).toEqual({ currency: 'USD', price: '75.00' });
    expect(updateMinValue(list, list[1], { currency: 'CAD', price: '75' })).toEqual({
      ok: false,
      message: MASTER_DATA_RULE_MESSAGES.minValueExists,
    });
    expect(removeMinValue(list, null)).toEqual({ ok: false, message: MESSAGES.tierSelectionMissing });
    expect(removeMinValue(list, { currency: 'EUR', price: '1' })).toEqual({
      ok: false,
      message: MESSAGES.tierNotFound,
    });
    const removed = removeMinValue(list, { currency: 'CAD', price: '10' });
    expect(removed.ok && removed.value).toEqual([{ currency: 'USD', price: '50.00' }]);
  });

  it('any sequence of adds keeps one value per currency, sorted (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ currency: fc.constantFrom('CAD', 'USD', 'EUR'), price: fc.nat(1000) })),
        (inputs) => {
          let values: { currency: string; price: string }[] = [];
          for (const input of inputs) {
            const next = addMinValue(values, input);
            if (next.ok) values = next.value;
          }
          const currencies = values.map((v) => v.currency);
          expect(new Set(currencies).size).toBe(currencies.length);
          expect(currencies).toEqual([...currencies].sort());
          expect(checkMinValues(values)).toBeNull();
        },
      ),
    );
  });
});
