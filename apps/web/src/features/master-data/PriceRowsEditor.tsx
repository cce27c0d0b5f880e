/**
 * The editor of a subcode's price tiers, cost tiers and minimum order values (master-data §2 Product
 * subcodes, §3, §5, §8), written once: a table of rows (Quantity, Price, Currency — or Currency and
 * Price for minimum order values), inputs with Add, Update, Remove and Clear while editing. A row's
 * first cell selects it (its values fill the inputs); Update and Remove act on the selection, matched
 * on quantity, price and currency. The rules and their refusals are the shared ones (tiers:
 * addTier/updateTier/removeTier; minimum order values: addMinValue/...), shown verbatim: under the
 * input a refusal is about (quantity, price, currency), else under the inputs. What is typed reaches
 * the rule as typed — a quantity of 2.6 or a price of -1 is refused with its message, never cut to
 * 2 or 1.00 unseen (decision 0058). The quantity-1 tier keeps its quantity: the input is read-only
 * while it is selected.
 */
import { Button, Group, Input, NumberInput, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  addMinValue,
  addTier,
  defaultTierCurrency,
  type EditResult,
  type EditTier,
  type MinValue,
  removeMinValue,
  removeTier,
  type TierInput,
  updateMinValue,
  updateTier,
} from '@selvedge/shared';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { SelectableRowsTable } from './SelectableRowsTable';

/** A row as the editor keeps it: a tier, or a minimum order value (no quantity). */
type Row = EditTier | MinValue;

/** The rule functions of one kind of row. */
export interface RowRules<R extends Row> {
  withQuantity: boolean;
  add(rows: readonly R[], input: TierInput): EditResult<R[]>;
  update(rows: readonly R[], selected: R | null, input: TierInput): EditResult<R[]>;
  remove(rows: readonly R[], selected: R | null): EditResult<R[]>;
}

/** Price and cost tiers (master-data §5 Tiers). */
export const TIER_RULES: RowRules<EditTier> = {
  withQuantity: true,
  add: addTier,
  update: updateTier,
  remove: removeTier,
};

/** Minimum order values: one per currency (master-data §3). */
export const MIN_VALUE_RULES: RowRules<MinValue> = {
  withQuantity: false,
  add: (rows, input) => addMinValue(rows, input),
  update: (rows, selected, input) => updateMinValue(rows, selected, input),
  remove: removeMinValue,
};

const quantityOf = (row: Row | null) => (row && 'quantity' in row ? row.quantity : null);
const sameRow = (a: Row, b: Row | null) =>
  b !== null && a.currency === b.currency && a.price === b.price && quantityOf(a) === quantityOf(b);

export interface PriceRowsEditorProps<R extends Row> {
  /** 'Price Tiers', 'Cost Tiers', 'Minimum Order Values'. */
  title: string;
  rules: RowRules<R>;
  value: R[];
  onChange: (next: R[]) => void;
  editing: boolean;
  /** ISO codes the currency choice offers. */
  currencies: string[];
  /** The schema's refusal of the whole list on save. */
  error?: ReactNode;
  /** test ids: `${testId}`, `${testId}-quantity`, `-price`, `-currency`, `-add`, `-update`, `-remove`, `-row`. */
  testId: string;
}

/** One editable list of tiers or minimum order values. */
export function PriceRowsEditor<R extends Row>({
  title,
  rules,
  value,
  onChange,
  editing,
  currencies,
  error,
  testId,
}: PriceRowsEditorProps<R>) {
  const [quantity, setQuantity] = useState<number | string>('');
  const [price, setPrice] = useState('');
  const [currency, setCurrency] = useState<string | null>(null);
  const [selected, setSelected] = useState<R | null>(null);
  const [problem, setProblem] = useState<{ message: string; field?: string } | null>(null);
  /** The refusal shown on `field`'s input, if it is about that input. */
  const problemOn = (field: string) => (problem?.field === field ? problem.message : undefined);
  const general = problem && !problem.field ? problem.message : null;
  const chosenCurrency = currency ?? defaultTierCurrency(currencies);
  const input: TierInput = {
    quantity: rules.withQuantity ? (quantity === '' ? null : Number(quantity)) : 1,
    price,
    currency: chosenCurrency,
  };
  // The quantity-1 tier keeps its quantity (master-data §5).
  const quantityLocked = quantityOf(selected) === 1;

  const clear = () => {
    setQuantity('');
    setPrice('');
    setCurrency(null);
    setSelected(null);
  };
  const apply = (result: EditResult<R[]>) => {
    if (!result.ok) {
      setProblem({ message: result.message, field: result.field });
      return;
    }
    setProblem(null);
    onChange(result.value);
    clear();
  };
  const select = (row: R) => {
    setSelected(row);
    setQuantity(quantityOf(row) ?? '');
    setPrice(row.price);
    setCurrency(row.currency);
    setProblem(null);
  };
  // Enter adds (or updates the selection) here; it would otherwise save the whole subcode.
  const onEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    apply(selected ? rules.update(value, selected, input) : rules.add(value, input));
  };

  return (
    <Paper withBorder radius="sm" p="sm" data-testid={testId}>
      <Stack gap="xs">
        <Input.Label labelElement="div">{title}</Input.Label>
        {editing && (
          // Top-aligned, with help and refusals below each input: a refusal under the price must not
          // shift the other inputs (decision 0058).
          <Group align="flex-start" gap="sm" wrap="wrap">
            {rules.withQuantity && (
              <NumberInput
                label="Quantity"
                value={quantity}
                onChange={(v) => {
                  setQuantity(v);
                  setProblem(null);
                }}
                onKeyDown={onEnter}
                min={1}
                // Not clamped, decimals and minus kept: a typed 0, 2.6 or -1 must reach the rule and
                // its message ('A tier cannot have quantity 0.', master-data §8), not silently become
                // 1, 2 or 1 (decision 0058).
                clampBehavior="none"
                allowDecimal
                allowNegative
                thousandSeparator=","
                error={problemOn('quantity')}
                readOnly={quantityLocked}
                description={quantityLocked ? 'The quantity-1 tier keeps its quantity' : undefined}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                w={150}
                data-testid={`${testId}-quantity`}
              />
            )}
            <TextInput
              label="Price"
              value={price}
              onChange={(e) => {
                // As typed: the rule refuses what is not an amount or below 0 (decision 0058).
                setPrice(e.currentTarget.value);
                setProblem(null);
              }}
              onKeyDown={onEnter}
              error={problemOn('price')}
              inputMode="decimal"
              w={140}
              data-testid={`${testId}-price`}
            />
            <Select
              label="Currency"
              data={currencies}
              value={chosenCurrency}
              onChange={(v) => {
                setCurrency(v);
                setProblem(null);
              }}
              error={problemOn('currency')}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              w={110}
              data-testid={`${testId}-currency`}
            />
            <Stack gap={0}>
              {/* An empty label, so the buttons line up with the inputs below their labels. */}
              <Input.Label aria-hidden>&nbsp;</Input.Label>
              <Group gap="xs">
                <Button
                  variant="light"
                  onClick={() => apply(rules.add(value, input))}
                  data-testid={`${testId}-add`}
                >
                  Add
                </Button>
                <Button
                  variant="light"
                  onClick={() => apply(rules.update(value, selected, input))}
                  data-testid={`${testId}-update`}
                >
                  Update
                </Button>
                <Button
                  variant="light"
                  color="red"
                  onClick={() => apply(rules.remove(value, selected))}
                  data-testid={`${testId}-remove`}
                >
                  Remove
                </Button>
                <Button
                  variant="subtle"
                  color="gray"
                  onClick={clear}
                  disabled={!selected && price === '' && quantity === ''}
                >
                  Clear
                </Button>
              </Group>
            </Stack>
          </Group>
        )}
        {(general ?? (problem ? null : error)) && (
          <Text size="sm" c="red.8" role="alert" data-testid={`${testId}-problem`}>
            {general ?? error}
          </Text>
        )}
        <SelectableRowsTable
          rows={value}
          columns={[
            {
              header: rules.withQuantity ? 'Quantity' : 'Currency',
              cell: (row) =>
                rules.withQuantity ? (quantityOf(row) ?? 0).toLocaleString('en-US') : row.currency,
            },
            { header: 'Price', cell: (row) => row.price, style: { fontFamily: 'monospace' } },
            ...(rules.withQuantity ? [{ header: 'Currency', cell: (row: R) => row.currency }] : []),
          ]}
          rowKey={(row) => `${row.currency}-${quantityOf(row) ?? ''}`}
          isSelected={(row) => sameRow(row, selected)}
          onSelect={select}
          editing={editing}
          rowTestId={`${testId}-row`}
          label={title}
        />
      </Stack>
    </Paper>
  );
}
