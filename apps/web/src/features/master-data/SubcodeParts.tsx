/**
 * The pieces product subcode details add to the generic detail screen (master-data §2 Product
 * subcodes, §4, §5): the attribute schema choice tied to the customer, the product image (chosen
 * here, uploaded after the save), the tier section (only once a factory is chosen) and the Product
 * Items table with Add and Convert to Dynamic / Convert to Standard.
 */
import {
  Anchor,
  Button,
  FileInput,
  Group,
  Image,
  Input,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  type EditTier,
  LABELS,
  type MinValue,
  PRODUCT_IMAGE_MAX_MB,
  type ProductSubcode,
  schemaFitsCustomer,
} from '@selvedge/shared';
import { IconPhoto, IconPlus, IconTransform } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useObjectUrl } from '../../api/files';
import { subcodeItemsFilters, useConvertProductType, useRecordSearch } from '../../api/master-data';
import { useProductImageUrl } from '../../api/products';
import { showApiError } from '../../ui/messages';
import { MISSING, orDash } from '../orders/format';
import { useAllSchemas, useCurrencyOptions } from './options';
import { MIN_VALUE_RULES, PriceRowsEditor, type RowRules, TIER_RULES } from './PriceRowsEditor';

/** Image types the upload takes (checked again by content on the server). */
const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif,image/tiff';

/**
 * The subcode's attribute schema: only the global schemas and the chosen customer's are offered.
 * Changing the customer while editing clears a schema that is neither (master-data §4).
 */
export function SchemaField({
  value,
  customer,
  editing,
  onChange,
  error,
}: {
  value: string;
  customer: string;
  editing: boolean;
  onChange: (next: string) => void;
  error?: ReactNode;
}) {
  const q = useAllSchemas();
  const customerId = customer ? Number(customer) : null;
  const all = q.data?.listContent ?? [];
  const fitting = all
    .filter((s) => schemaFitsCustomer(s, customerId) || String(s.id) === value)
    .map((s) => ({ value: String(s.id), label: s.global ? `${s.name} (global)` : s.name }))
    .sort((a, b) => a.label.localeCompare(b.label));

  const lastCustomer = useRef(customer);
  useEffect(() => {
    if (lastCustomer.current === customer) return;
    lastCustomer.current = customer;
    if (!editing || !value || !q.data) return;
    const chosen = q.data.listContent.find((s) => String(s.id) === value);
    if (chosen && !schemaFitsCustomer(chosen, customerId)) onChange('');
  }, [customer, customerId, editing, value, q.data, onChange]);

  return (
    <Select
      label="Attribute Schema"
      description={editing ? 'Global schemas and the customer’s own' : undefined}
      data={fitting}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      placeholder={q.isPending ? 'Loading…' : editing ? 'None' : MISSING}
      clearable={editing}
      searchable={editing && fitting.length > 10}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      readOnly={!editing}
      variant={editing ? 'default' : 'filled'}
      error={error}
      data-testid="subcode-field-schema"
    />
  );
}

/**
 * The product image: the current one, and while editing a file choice whose preview replaces it.
 * The file is uploaded after the subcode is saved (the entity's afterSave).
 */
export function ImageField({
  current,
  file,
  editing,
  onChange,
}: {
  current: { path: string; type: string } | null;
  file: File | null;
  editing: boolean;
  onChange: (file: File | null) => void;
}) {
  const saved = useProductImageUrl(current?.path);
  const preview = useObjectUrl(file ?? undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = preview ?? saved;
  return (
    <Stack gap={4}>
      <Input.Label labelElement="div">Product Image</Input.Label>
      <Group align="flex-start" gap="md" wrap="nowrap">
        {shown ? (
          <Image
            src={shown}
            alt="Product image"
            w={120}
            h={120}
            fit="contain"
            radius="sm"
            bg="gray.0"
            data-testid="subcode-image"
          />
        ) : (
          <Paper w={120} h={120} bg="gray.0" radius="sm" style={{ display: 'grid', placeItems: 'center' }}>
            <IconPhoto size={32} stroke={1.2} color="var(--mantine-color-gray-6)" aria-hidden />
          </Paper>
        )}
        {editing && (
          <FileInput
            label="New image"
            placeholder="Choose an image…"
            // The placeholder is a span here, not an input's placeholder: the theme's contrast fix misses it.
            styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
            accept={IMAGE_TYPES}
            value={file}
            clearable
            onChange={(next) => {
              if (next && next.size > PRODUCT_IMAGE_MAX_MB * 1024 * 1024) {
                setProblem(`The image is larger than ${PRODUCT_IMAGE_MAX_MB} MB.`);
                onChange(null);
                return;
              }
              setProblem(null);
              onChange(next);
            }}
            description={`PNG, JPEG, WebP, GIF or TIFF, up to ${PRODUCT_IMAGE_MAX_MB} MB; uploaded when you save`}
            error={problem}
            w={280}
            data-testid="subcode-image-input"
          />
        )}
      </Group>
    </Stack>
  );
}

/** What the tier section edits. */
export interface TierValues {
  factory: string;
  priceTiers: EditTier[];
  costTiers: EditTier[];
  minValues: MinValue[];
}

/**
 * Price tiers, cost tiers and minimum order values, shown only once a factory is chosen
 * (master-data §2); while editing without a factory, a line says why the section is missing.
 */
export function TierSection({
  values,
  editing,
  errors,
  setValue,
}: {
  values: TierValues;
  editing: boolean;
  errors: Partial<Record<'priceTiers' | 'costTiers' | 'minValues', ReactNode>>;
  setValue: <F extends keyof TierValues>(field: F, value: TierValues[F]) => void;
}) {
  const { options } = useCurrencyOptions();
  const currencies = useMemo(() => options.map((o) => o.label).sort(), [options]);
  /** The editor of one of the three lists (master-data §2 Product subcodes: tiers and minimum order values). */
  const rowsEditor = <F extends 'priceTiers' | 'costTiers' | 'minValues'>(
    field: F,
    title: string,
    rules: RowRules<TierValues[F][number]>,
    testId: string,
  ) => (
    <PriceRowsEditor
      title={title}
      rules={rules}
      value={values[field]}
      // The rows are the field's own (rules of its row type); tsc cannot follow F through the union.
      onChange={(next) => setValue(field, next as TierValues[F])}
      editing={editing}
      currencies={currencies}
      error={errors[field]}
      testId={testId}
    />
  );
  if (!values.factory) {
    return editing ? (
      <Text size="sm" c="dimmed" data-testid="subcode-tiers-hint">
        Price and cost tiers can be set once a factory is chosen.
      </Text>
    ) : null;
  }
  return (
    <Stack gap="sm" data-testid="subcode-tiers">
      <Title order={3} size="h4">
        Tiers
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        {rowsEditor('priceTiers', 'Price Tiers', TIER_RULES, 'price-tiers')}
        {rowsEditor('costTiers', 'Cost Tiers', TIER_RULES, 'cost-tiers')}
        {rowsEditor('minValues', 'Minimum Order Values', MIN_VALUE_RULES, 'min-values')}
      </SimpleGrid>
    </Stack>
  );
}

/** The note under the Product Items table (master-data §2 Product subcodes). */
export const VARIABLE_DATA_HIDDEN_NOTE =
  'Variable data products are temporarily hidden on all subcodes for performance reasons.';

/**
 * The subcode's active product items (variable data skipped): Product Group, Product Subcode,
 * Product Size, Product Type, Product Subgroup; STANDARD rows open product item details. Add (only
 * when there are no items or the type is STANDARD, hidden while editing) and Convert to Dynamic /
 * Convert to Standard (when items exist), confirmed first; the table is read again afterwards.
 */
export function SubcodeItems({ subcode, editing }: { subcode: ProductSubcode; editing: boolean }) {
  const query = useRecordSearch('productItems', subcodeItemsFilters(subcode.id));
  const convert = useConvertProductType(subcode.id);
  const items = query.data ?? [];
  const type = items.find((i) => i.productType !== 'VARIABLE_DATA')?.productType ?? subcode.productType;
  const canAdd = !editing && (items.length === 0 || type === 'STANDARD');
  const target = type === 'STANDARD' ? 'DYNAMIC' : type === 'DYNAMIC' ? 'STANDARD' : null;
  const convertLabel = target === 'DYNAMIC' ? LABELS.convertToDynamic : LABELS.convertToStandard;
  const confirmConvert = () => {
    if (!target) return;
    const from = target === 'DYNAMIC' ? 'standard' : 'dynamic';
    modals.openConfirmModal({
      title: convertLabel,
      centered: true,
      children: (
        <Text size="sm">
          Every {from} item of {subcode.productSubcode} becomes {target.toLowerCase()}.
          {target === 'DYNAMIC' && ' Dynamic items are not opened from this table.'}
        </Text>
      ),
      labels: { confirm: convertLabel, cancel: 'Cancel' },
      confirmProps: { 'data-testid': 'subcode-convert-ok' } as Record<string, unknown>,
      onConfirm: () => convert.mutate(target, { onError: showApiError }),
    });
  };
  const itemLink = (id: number) => `/product-item-details?id=${id}&subcode=${subcode.id}`;

  return (
    <Paper withBorder radius="md" p="md" data-testid="subcode-items">
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={3} size="h4" id="subcode-items-title">
          Product Items
        </Title>
        <Group gap="xs">
          {items.length > 0 && target && !editing && (
            <Button
              variant="default"
              leftSection={<IconTransform size={18} />}
              onClick={confirmConvert}
              loading={convert.isPending}
              data-testid="subcode-convert"
            >
              {convertLabel}
            </Button>
          )}
          {canAdd && (
            <Button
              component={Link}
              to={`/product-item-details?createMode=true&subcode=${subcode.id}`}
              leftSection={<IconPlus size={18} />}
              data-testid="subcode-items-add"
            >
              Add
            </Button>
          )}
        </Group>
      </Group>
      {query.isPending ? (
        <Text size="sm" c="dimmed" role="status">
          Loading…
        </Text>
      ) : query.isError ? (
        <Text size="sm" c="red.8" role="alert">
          The product items could not be loaded.
        </Text>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="subcode-items-empty">
          This subcode has no product items yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover aria-labelledby="subcode-items-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product Group</Table.Th>
                <Table.Th>Product Subcode</Table.Th>
                <Table.Th>Product Size</Table.Th>
                <Table.Th>Product Type</Table.Th>
                <Table.Th>Product Subgroup</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => {
                // Only STANDARD items open their details (master-data §2).
                const linked = (text: string) =>
                  item.productType === 'STANDARD' ? (
                    <Anchor component={Link} to={itemLink(item.id)} size="sm">
                      {text}
                    </Anchor>
                  ) : (
                    text
                  );
                return (
                  <Table.Tr key={item.id} data-testid="subcode-item-row">
                    <Table.Td>{linked(orDash(item.productGroup?.name))}</Table.Td>
                    <Table.Td>{item.productSubcode.name}</Table.Td>
                    <Table.Td>{linked(item.productSize)}</Table.Td>
                    <Table.Td>{item.productType}</Table.Td>
                    <Table.Td>{orDash(item.productSubgroup?.name)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Text size="xs" c="dimmed" mt="sm">
        {VARIABLE_DATA_HIDDEN_NOTE}
      </Text>
    </Paper>
  );
}
