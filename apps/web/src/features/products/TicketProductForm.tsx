/**
 * The VARIABLE_DATA and DYNAMIC layouts of product details (ordering §2 Product details; §3
 * Order-line payload; §5 Quantity fields, Dynamic search; §8; §9 Refresh and the size order;
 * docs/decisions/0050, 0051). One section per product of the answer:
 * - VARIABLE_DATA: the PO and style's uploaded sizes and colours with their barcode, retail prices,
 *   customer quantity and order quantity; for a vendor (§2 "vendor may use"), 'Adjust Quantity'
 *   opens the adjustment (by units or by percent) and 'Refresh' sets every order quantity from the
 *   customer quantity (rounded, raised to the minimum order quantity, then up to a multiple of the
 *   pack size; decision 0057).
 * - DYNAMIC: a search by Style Number and PO Number ('Style Number AND PO Number are required.')
 *   loads the variants; 'Clear Quantities' sets all to 0; 'No dynamic data found for search' inline.
 * Price and cost tiers and the totals as for standard products. 'Add to Order' (disabled at 0) adds a
 * line per product; in edit mode 'Save Changes' and Cancel back to the cart.
 */
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  canAccessRoute,
  hasCapability,
  LABELS,
  MESSAGES,
  type ProductItemDetails,
  type Role,
} from '@selvedge/shared';
import { IconAdjustments, IconEraser, IconRefresh, IconSearch } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { fetchDynamicVariants } from '../../api/products';
import { errorMessageOf } from '../../ui/messages';
import { AttributesSection } from './AttributeInput';
import { ProductActions, SeveralProductsActions, useOrderLineSubmit, ViewOnlyNote } from './ProductActions';
import { ProductFrame } from './ProductFrame';
import { formatCount, limitsOf, productPricing } from './product-line';
import { TicketRowsTable } from './TicketRowsTable';
import {
  dynamicPayload,
  dynamicRows,
  refreshedQuantities,
  rowsTotal,
  startQuantities,
  type TicketRow,
  variableDataPayload,
  variableDataRows,
} from './variable-line';

export interface TicketProductFormProps {
  products: ProductItemDetails[];
  productType: 'VARIABLE_DATA' | 'DYNAMIC';
  role: Role | null;
  /** Set when editing a cart line (edit-details). */
  orderItemId?: number;
}

/** What one product holds while it is filled in. */
interface TicketInput {
  rows: TicketRow[];
  quantities: Record<number, string>;
  attributes: Record<string, string>;
  /** DYNAMIC: the search that loaded `rows` (null before one ran). */
  search: { styleNumber: string; poNumber: string } | null;
}

function initialInput(p: ProductItemDetails, editing: boolean): TicketInput {
  const attributes = Object.fromEntries(p.attributes.map((f) => [f.name, f.value ?? '']));
  if (p.productType === 'DYNAMIC') {
    const rows = dynamicRows(p.variants ?? []);
    const edit = new Map((p.variants ?? []).map((v) => [v.id, v.quantity ?? 0]));
    return {
      rows,
      quantities: startQuantities(p, rows, editing ? edit : undefined),
      attributes,
      search:
        editing && p.styleNumber && p.poNumber ? { styleNumber: p.styleNumber, poNumber: p.poNumber } : null,
    };
  }
  const rows = variableDataRows(p);
  const edit = new Map(
    p.items.flatMap((i) => (i.variableDataRowId ? [[i.variableDataRowId, i.quantity ?? 0]] : [])),
  );
  return {
    rows,
    quantities: startQuantities(p, rows, editing ? edit : undefined),
    attributes,
    search: null,
  };
}

/**
 * 'Adjust Quantity' and 'Refresh' (ordering §2 "vendor may use", §9), with the rule Refresh applies
 * (decision 0057: a row adjusted to 0 is raised to the minimum too).
 */
function AdjustQuantities({
  limits,
  onRefresh,
}: {
  limits: { minOrderQuantity: number; packSize: number };
  onRefresh: (by: 'UNIT' | 'PERCENT', amount: number) => void;
}) {
  const [open, setOpen] = useState(false);
  const [by, setBy] = useState<'UNIT' | 'PERCENT'>('PERCENT');
  const [amount, setAmount] = useState('0');
  const value = Number(amount);
  const valid = amount.trim() !== '' && Number.isInteger(value) && Math.abs(value) <= 1_000_000;
  if (!open)
    return (
      <Button
        variant="light"
        size="xs"
        leftSection={<IconAdjustments size={14} />}
        onClick={() => setOpen(true)}
        data-testid="adjust-quantity"
      >
        {LABELS.adjustQuantity}
      </Button>
    );
  return (
    <Stack gap={4} data-testid="adjust-panel">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <SegmentedControl
          size="xs"
          value={by}
          onChange={(v) => setBy(v as 'UNIT' | 'PERCENT')}
          data={[
            { value: 'PERCENT', label: 'By percent' },
            { value: 'UNIT', label: 'By units' },
          ]}
          aria-label="Adjust by"
        />
        <TextInput
          size="xs"
          w={110}
          label={by === 'PERCENT' ? 'Percent' : 'Units'}
          value={amount}
          onChange={(e) => setAmount(e.currentTarget.value.replace(/[^\d-]/g, '').slice(0, 8))}
          error={valid ? undefined : true}
          inputMode="numeric"
          data-testid="adjust-amount"
        />
        <Button
          size="xs"
          leftSection={<IconRefresh size={14} />}
          disabled={!valid}
          onClick={() => onRefresh(by, value)}
          data-testid="refresh-quantities"
        >
          {LABELS.refresh}
        </Button>
      </Group>
      <Text size="xs" c="dimmed" data-testid="refresh-rule">
        Refresh sets each row from its customer quantity: adjusted, rounded, raised to the minimum order
        quantity of {formatCount(limits.minOrderQuantity)} (a row adjusted to 0 too), then up to packs of{' '}
        {formatCount(limits.packSize)}. Type 0 in a row to leave it out.
      </Text>
    </Stack>
  );
}

/** The DYNAMIC search (ordering §5 Dynamic search). */
function DynamicSearch({
  productItemId,
  initial,
  onFound,
}: {
  productItemId: number;
  initial: { styleNumber: string; poNumber: string } | null;
  onFound: (search: { styleNumber: string; poNumber: string }, rows: TicketRow[]) => void;
}) {
  const [styleNumber, setStyleNumber] = useState(initial?.styleNumber ?? '');
  const [poNumber, setPoNumber] = useState(initial?.poNumber ?? '');
  const [note, setNote] = useState<{ kind: 'error' | 'empty'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const search = { styleNumber: styleNumber.trim(), poNumber: poNumber.trim() };
    if (!search.styleNumber || !search.poNumber) {
      setNote({ kind: 'error', text: MESSAGES.dynamicSearchRequired });
      return;
    }
    setBusy(true);
    try {
      const { variants } = await fetchDynamicVariants(productItemId, search);
      setNote(variants.length === 0 ? { kind: 'empty', text: MESSAGES.noDynamicData } : null);
      onFound(search, dynamicRows(variants));
    } catch (e) {
      setNote({ kind: 'error', text: errorMessageOf(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Dynamic search">
      <Stack gap="xs">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="Style Number"
            value={styleNumber}
            onChange={(e) => setStyleNumber(e.currentTarget.value)}
            maxLength={100}
            withAsterisk
            error={note?.kind === 'error' && !styleNumber.trim() ? true : undefined}
            data-testid="dynamic-style-number"
          />
          <TextInput
            label="PO Number"
            value={poNumber}
            onChange={(e) => setPoNumber(e.currentTarget.value)}
            maxLength={100}
            withAsterisk
            error={note?.kind === 'error' && !poNumber.trim() ? true : undefined}
            data-testid="dynamic-po-number"
          />
          <Button
            type="submit"
            loading={busy}
            leftSection={<IconSearch size={16} />}
            data-testid="dynamic-search"
          >
            Search
          </Button>
        </Group>
        {note && (
          <Text
            size="sm"
            c={note.kind === 'error' ? 'red.8' : 'dimmed'}
            role="status"
            data-testid="dynamic-search-note"
          >
            {note.text}
          </Text>
        )}
      </Stack>
    </form>
  );
}

/** One product: header, search (DYNAMIC), rows, attributes, pricing. */
function TicketSection({
  product,
  input,
  role,
  onChange,
  actions,
}: {
  product: ProductItemDetails;
  input: TicketInput;
  role: Role | null;
  onChange: (next: TicketInput) => void;
  actions?: ReactNode;
}) {
  const total = rowsTotal(input.rows, input.quantities);
  const pricing = productPricing(product, total, role);
  const dynamic = product.productType === 'DYNAMIC';
  const setQuantity = (id: number, value: string) =>
    onChange({ ...input, quantities: { ...input.quantities, [id]: value } });
  return (
    <ProductFrame product={product} pricing={pricing} actions={actions}>
      <Paper
        withBorder
        radius="md"
        p="md"
        component="section"
        aria-label="Tickets"
        data-testid="ticket-section"
      >
        <Stack gap="sm">
          <Group justify="space-between" gap="xs" align="center" wrap="wrap">
            <Group gap="xs" wrap="wrap">
              <Title order={4}>{dynamic ? 'Variants' : 'Tickets'}</Title>
              {!dynamic && product.poNumber && (
                <Badge variant="light" data-testid="ticket-po">
                  PO Number {product.poNumber}
                </Badge>
              )}
              {!dynamic && product.styleNumber && (
                <Badge variant="light" color="gray" data-testid="ticket-style">
                  Style No. {product.styleNumber}
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              Quantities round up to packs of {formatCount(product.packSize)}; at least{' '}
              {formatCount(product.minOrderQuantity)} per row.
            </Text>
          </Group>
          {dynamic && (
            <DynamicSearch
              productItemId={product.productItemId}
              initial={input.search}
              onFound={(search, rows) =>
                onChange({ ...input, search, rows, quantities: startQuantities(product, rows) })
              }
            />
          )}
          {!dynamic && hasCapability('adjustVariableDataQuantities', role) && (
            <AdjustQuantities
              limits={limitsOf(product)}
              onRefresh={(by, amount) =>
                onChange({
                  ...input,
                  quantities: refreshedQuantities(product, input.rows, { by, amount }),
                })
              }
            />
          )}
          {input.rows.length > 0 && (
            <TicketRowsTable
              rows={input.rows}
              quantities={input.quantities}
              onQuantity={setQuantity}
              limits={limitsOf(product)}
            />
          )}
          {dynamic && input.rows.length > 0 && (
            <Group justify="flex-end">
              <Button
                variant="default"
                size="xs"
                leftSection={<IconEraser size={14} />}
                onClick={() =>
                  onChange({
                    ...input,
                    quantities: Object.fromEntries(input.rows.map((r) => [r.id, '0'])),
                  })
                }
                data-testid="clear-quantities"
              >
                {LABELS.clearQuantities}
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
      <AttributesSection
        attributes={product.attributes}
        values={input.attributes}
        onChange={(name, v) => onChange({ ...input, attributes: { ...input.attributes, [name]: v } })}
      />
    </ProductFrame>
  );
}

/** The VARIABLE_DATA / DYNAMIC product details form. */
export function TicketProductForm({ products, role, orderItemId }: TicketProductFormProps) {
  const editing = orderItemId !== undefined;
  const canOrder = canAccessRoute('/cart', role);
  const { busy, submit: submitLines } = useOrderLineSubmit(orderItemId);
  const [inputs, setInputs] = useState<Record<number, TicketInput>>(() =>
    Object.fromEntries(products.map((p) => [p.productItemId, initialInput(p, editing)])),
  );

  const inputOf = (p: ProductItemDetails) => inputs[p.productItemId] ?? initialInput(p, editing);
  const payloadOf = (p: ProductItemDetails) => {
    const input = inputOf(p);
    return p.productType === 'DYNAMIC'
      ? dynamicPayload(
          p.productItemId,
          input.search ?? { styleNumber: '', poNumber: '' },
          input.rows,
          input.quantities,
          input.attributes,
        )
      : variableDataPayload(p.productItemId, input.rows, input.quantities, input.attributes);
  };
  const ordered = products.filter((p) => rowsTotal(inputOf(p).rows, inputOf(p).quantities) > 0);
  const grandTotal = ordered.reduce((s, p) => s + rowsTotal(inputOf(p).rows, inputOf(p).quantities), 0);

  const submit = async () => {
    if (busy || ordered.length === 0) return;
    await submitLines(ordered.map((p) => ({ key: p.productItemId, payload: payloadOf(p) })));
  };

  const actions = canOrder ? (
    <ProductActions
      editing={editing}
      busy={busy}
      disabled={grandTotal === 0}
      onSubmit={() => void submit()}
    />
  ) : (
    <ViewOnlyNote />
  );
  const single = products.length === 1;

  return (
    <Stack gap="xl">
      {products.map((p) => (
        <TicketSection
          key={p.productItemId}
          product={p}
          input={inputOf(p)}
          role={role}
          onChange={(next) => setInputs((current) => ({ ...current, [p.productItemId]: next }))}
          actions={single ? actions : undefined}
        />
      ))}
      {!single && (
        <SeveralProductsActions ordered={ordered.length} pieces={grandTotal}>
          {actions}
        </SeveralProductsActions>
      )}
      {products.length === 0 && <Alert color="gray">No product to show.</Alert>}
    </Stack>
  );
}
