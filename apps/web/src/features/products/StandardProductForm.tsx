/**
 * The STANDARD layout of product details (ordering §2 Product details; §3 Order-line payload; §5
 * Quantity fields and attributes; §6 Visibility; §8 Success messages). One section per product of
 * the answer (a details call may name several), each with its header, size rows, attributes, price and
 * cost tiers and summary.
 *
 * 'Add to Order' (disabled while the total quantity is 0) adds one cart line per product with a
 * quantity, then 'Product added to your cart' and the cart. In edit mode the button reads 'Save
 * Changes' (PUT /orders) and Cancel returns to the cart. A refusal from the server shows as a red
 * message (global handler) and keeps the user's input. Roles without the cart get no buttons.
 */
import { Alert, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import {
  type CareLabelDraft,
  type CustomerCareConfig,
  canAccessRoute,
  careLabelAgainst,
  careLabelMessage,
  MESSAGES,
  type ProductItemDetails,
  type Role,
} from '@selvedge/shared';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useProductCareLabelQueries } from '../../api/products';
import { hideMessage, showError, showSuccess } from '../../ui/messages';
import { CareLabelEditor } from '../care-label/CareLabelEditor';
import { AttributesSection } from './AttributeInput';
import { InventoryPanel } from './InventoryPanel';
import { ProductActions, SeveralProductsActions, useOrderLineSubmit, ViewOnlyNote } from './ProductActions';
import { ProductFrame } from './ProductFrame';
import {
  type AttributeErrors,
  attributeErrors,
  formatCount,
  hasErrors,
  initialLineInput,
  type LineInput,
  productPricing,
  roundAll,
  toOrderLinePayload,
  totalQuantity,
} from './product-line';
import { SizeQuantityTable } from './SizeQuantityTable';

export interface StandardProductFormProps {
  products: ProductItemDetails[];
  role: Role | null;
  /** Set when editing a cart line (edit-details). */
  orderItemId?: number;
  /** The user may change inventory quantities (the answer's canUpdateInventory). */
  canUpdateInventory?: boolean;
  /** The user may restock (the answer's canRestock): inventory sizes' quantities are capped at the restock maximum. */
  canRestock?: boolean;
}

type Inputs = Record<number, LineInput>;

const NO_ERRORS: AttributeErrors = { line: {}, items: {} };

/** One product: header, sizes, attributes, tiers and summary (actions passed in for a single product). */
function ProductSection({
  product,
  input,
  role,
  errors,
  onChange,
  actions,
  added,
  canUpdateInventory,
  canRestock,
  care,
  checked,
}: {
  product: ProductItemDetails;
  input: LineInput;
  role: Role | null;
  canUpdateInventory: boolean;
  canRestock: boolean;
  errors: AttributeErrors;
  onChange: (next: LineInput) => void;
  actions?: ReactNode;
  added: boolean;
  /** The care label configuration of a product with a care label (loading: undefined config). */
  care?: { config: CustomerCareConfig | undefined; failed: boolean };
  checked: boolean;
}) {
  const quantity = totalQuantity(product, input);
  const pricing = productPricing(product, quantity, role);

  const setQuantity = (id: number, value: string) =>
    onChange({ ...input, quantities: { ...input.quantities, [id]: value } });
  const setAttribute = (name: string, value: string) =>
    onChange({ ...input, attributes: { ...input.attributes, [name]: value } });
  const setItemAttribute = (id: number, name: string, value: string) =>
    onChange({
      ...input,
      itemAttributes: { ...input.itemAttributes, [id]: { ...input.itemAttributes[id], [name]: value } },
    });

  return (
    <ProductFrame
      product={product}
      pricing={pricing}
      actions={actions}
      notice={
        added && (
          <Alert color="green" variant="light" data-testid="product-added">
            This product was added to your cart.
          </Alert>
        )
      }
    >
      <Paper withBorder radius="md" p="md" component="section" aria-label="Sizes" data-testid="product-sizes">
        <Group justify="space-between" mb="xs" gap="xs" align="baseline">
          <Title order={4}>{product.hasSizes ? 'Sizes' : 'Quantity'}</Title>
          <Text size="xs" c="dimmed">
            Quantities round up to packs of {formatCount(product.packSize)}; at least{' '}
            {formatCount(product.minOrderQuantity)} per size.
          </Text>
        </Group>
        <SizeQuantityTable
          product={product}
          input={input}
          role={role}
          onQuantity={setQuantity}
          onItemAttribute={setItemAttribute}
          itemErrors={errors.items}
          pricing={pricing}
          canRestock={canRestock}
          canUpdateInventory={canUpdateInventory}
        />
      </Paper>
      <AttributesSection
        attributes={product.attributes}
        values={input.attributes}
        onChange={setAttribute}
        errors={errors.line}
      />
      <InventoryPanel product={product} role={role} canUpdateInventory={canUpdateInventory} />
      {product.careLabelType &&
        care &&
        input.careLabel &&
        (care.config ? (
          <CareLabelEditor
            type={product.careLabelType}
            config={care.config}
            label={input.careLabel}
            onChange={(careLabel: CareLabelDraft) => onChange({ ...input, careLabel })}
            checked={checked}
          />
        ) : care.failed ? (
          <Alert color="red" variant="light" data-testid="care-label-failed">
            The care label options could not be loaded. Please refresh the page.
          </Alert>
        ) : (
          <Group gap="xs" data-testid="care-label-loading">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              Loading care label options…
            </Text>
          </Group>
        ))}
    </ProductFrame>
  );
}

/** The STANDARD product details form. */
export function StandardProductForm({
  products,
  role,
  orderItemId,
  canUpdateInventory = false,
  canRestock = false,
}: StandardProductFormProps) {
  const editing = orderItemId !== undefined;
  const canOrder = canAccessRoute('/cart', role);
  const { busy, submit: submitLines } = useOrderLineSubmit(orderItemId);
  const rootRef = useRef<HTMLDivElement>(null);

  const [inputs, setInputs] = useState<Inputs>(() =>
    Object.fromEntries(products.map((p) => [p.productSubcodeId, initialLineInput(p)])),
  );
  const [checked, setChecked] = useState(false);
  const [added, setAdded] = useState<ReadonlySet<number>>(new Set());

  const careProducts = products.filter((p) => p.careLabelType);
  const careQueries = useProductCareLabelQueries(careProducts.map((p) => p.productSubcodeId));
  const careOf = (p: ProductItemDetails) => {
    const i = careProducts.indexOf(p);
    if (i < 0) return undefined;
    return { config: careQueries[i]?.data?.config, failed: careQueries[i]?.isError ?? false };
  };
  // Edit (also after a -3/-4 refusal): once the configuration is known, the line's label keeps
  // only what is still valid (ordering §8; careLabelAgainst's `kept`).
  const keptDone = useRef(new Set<number>());
  const configsKey = careQueries.map((q) => q.dataUpdatedAt).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a configuration arrives (configsKey)
  useEffect(() => {
    careProducts.forEach((p, i) => {
      const config = careQueries[i]?.data?.config;
      if (!config || !p.careLabel || !p.careLabelType || keptDone.current.has(p.productSubcodeId)) return;
      keptDone.current.add(p.productSubcodeId);
      const type = p.careLabelType;
      setInputs((current) => {
        const input = current[p.productSubcodeId];
        if (!input?.careLabel) return current;
        return {
          ...current,
          [p.productSubcodeId]: { ...input, careLabel: careLabelAgainst(config, input.careLabel, type).kept },
        };
      });
    });
  }, [configsKey]);

  const inputOf = (p: ProductItemDetails) => inputs[p.productSubcodeId] ?? initialLineInput(p);
  const ordered = products.filter((p) => totalQuantity(p, inputOf(p)) > 0);
  const grandTotal = ordered.reduce((s, p) => s + totalQuantity(p, inputOf(p)), 0);
  const errorsOf = (p: ProductItemDetails): AttributeErrors =>
    checked && totalQuantity(p, inputOf(p)) > 0 ? attributeErrors(p, inputOf(p)) : NO_ERRORS;

  const focusFirstError = () =>
    requestAnimationFrame(() =>
      rootRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );

  // The care label refusal's red message (retained, as errors are) lasts while what it says holds:
  // it goes once that problem is put right (the others stay on their fields), at the next Add to
  // Order and when the screen is left.
  const careMessage = useRef<{ id: string; text: string } | null>(null);
  const hideCareMessage = () => {
    if (careMessage.current) hideMessage(careMessage.current.id);
    careMessage.current = null;
  };
  const careRefusalOf = (p: ProductItemDetails, input: LineInput) => {
    const config = careOf(p)?.config;
    if (!p.careLabelType || !input.careLabel || !config) return null;
    return careLabelMessage(careLabelAgainst(config, input.careLabel, p.careLabelType));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: judged again when the input or a configuration changes
  useEffect(() => {
    const shown = careMessage.current?.text;
    if (shown && !products.some((p) => careRefusalOf(p, inputOf(p)) === shown)) hideCareMessage();
  }, [inputs, configsKey]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on leaving the screen only
  useEffect(() => hideCareMessage, []);

  const submit = async () => {
    if (busy) return;
    // Fields still holding typed text take their rounded value first (as on blur).
    const rounded: Inputs = Object.fromEntries(
      products.map((p) => [p.productSubcodeId, roundAll(p, inputOf(p), canRestock)]),
    );
    setInputs(rounded);
    hideCareMessage();
    const lines = products.filter((p) => totalQuantity(p, rounded[p.productSubcodeId]) > 0);
    if (lines.length === 0) return;
    setChecked(true);
    if (lines.some((p) => hasErrors(attributeErrors(p, rounded[p.productSubcodeId])))) {
      focusFirstError();
      return;
    }
    // The care label rules block Add to Order (ordering §5), with the spec's percentages text or the
    // first problem's sentence (each problem also shows on its field).
    for (const p of lines) {
      const input = rounded[p.productSubcodeId];
      if (!p.careLabelType || !input.careLabel) continue;
      if (!careOf(p)?.config) return;
      const message = careRefusalOf(p, input);
      if (message) {
        careMessage.current = { id: showError(message), text: message };
        focusFirstError();
        return;
      }
    }
    await submitLines(
      lines.map((p) => ({
        key: p.productSubcodeId,
        payload: toOrderLinePayload(p, rounded[p.productSubcodeId]),
      })),
      (done) => {
        // What was added before the refusal stays added and leaves the form, so that a second try
        // does not add it twice.
        const fresh = done.filter((id) => !added.has(id));
        if (fresh.length === 0) return;
        setAdded(new Set([...added, ...fresh]));
        setInputs((current) => {
          const next = { ...current };
          for (const id of fresh) {
            const product = products.find((x) => x.productSubcodeId === id);
            if (product) next[id] = { ...initialLineInput(product), quantities: {} };
          }
          return next;
        });
        showSuccess(MESSAGES.productAdded);
      },
    );
  };

  const actions = canOrder ? (
    <ProductActions
      editing={editing}
      busy={busy}
      disabled={grandTotal === 0}
      onSubmit={() => void submit()}
    />
  ) : null;

  const single = products.length === 1;
  const viewOnly = canOrder ? null : <ViewOnlyNote />;

  return (
    <Stack gap="xl" ref={rootRef}>
      {products.map((p) => (
        <ProductSection
          key={p.productSubcodeId}
          product={p}
          input={inputOf(p)}
          role={role}
          errors={errorsOf(p)}
          onChange={(next) => setInputs((current) => ({ ...current, [p.productSubcodeId]: next }))}
          actions={single ? (actions ?? viewOnly) : undefined}
          added={added.has(p.productSubcodeId)}
          canUpdateInventory={canUpdateInventory}
          canRestock={canRestock}
          care={careOf(p)}
          checked={checked}
        />
      ))}
      {!single && actions && (
        <SeveralProductsActions ordered={ordered.length} pieces={grandTotal}>
          {actions}
        </SeveralProductsActions>
      )}
      {!single && viewOnly}
    </Stack>
  );
}
