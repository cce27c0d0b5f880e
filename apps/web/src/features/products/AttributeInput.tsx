/**
 * One attribute field (ordering §3 Product item attributes; §5 'Attribute dropdowns and text are
 * required'): DROPDOWN → Select of its options, STRING → TextInput; and the Attributes section of
 * product details, which every layout shows.
 */
import { Paper, Select, SimpleGrid, TextInput, Title } from '@mantine/core';
import type { ProductAttribute } from '@selvedge/shared';

export interface AttributeInputProps {
  field: ProductAttribute;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Visible label (omit in table cells and give `ariaLabel`). */
  label?: string;
  ariaLabel?: string;
  size?: 'xs' | 'sm';
  testId?: string;
}

/** The attribute field. */
export function AttributeInput({
  field,
  value,
  onChange,
  error,
  label,
  ariaLabel,
  size = 'sm',
  testId,
}: AttributeInputProps) {
  if (field.type === 'DROPDOWN') {
    return (
      <Select
        label={label}
        aria-label={label ? undefined : ariaLabel}
        placeholder="Choose…"
        data={field.options}
        value={value || null}
        onChange={(v) => onChange(v ?? '')}
        allowDeselect={false}
        withAsterisk={!!label}
        error={error}
        size={size}
        maxDropdownHeight={340}
        comboboxProps={{ withinPortal: true }}
        data-testid={testId}
      />
    );
  }
  return (
    <TextInput
      label={label}
      aria-label={label ? undefined : ariaLabel}
      placeholder="Enter…"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      withAsterisk={!!label}
      error={error}
      size={size}
      maxLength={255}
      data-testid={testId}
    />
  );
}

/**
 * The Attributes section of product details (ordering §3 Product item attributes): one field per
 * attribute of the product in a two-column grid, nothing when the product has none. `errors` holds
 * the refusal of each field by attribute name (STANDARD; §5 'Attribute dropdowns and text are
 * required').
 */
export function AttributesSection({
  attributes,
  values,
  onChange,
  errors,
}: {
  attributes: readonly ProductAttribute[];
  values: Record<string, string>;
  onChange: (name: string, value: string) => void;
  errors?: Record<string, string | undefined>;
}) {
  if (attributes.length === 0) return null;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label="Attributes"
      data-testid="product-attributes"
    >
      <Title order={4} mb="xs">
        Attributes
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        {attributes.map((f) => (
          <AttributeInput
            key={f.name}
            field={f}
            label={f.name}
            value={values[f.name] ?? ''}
            onChange={(v) => onChange(f.name, v)}
            error={errors?.[f.name]}
            testId={`attribute-${f.name}`}
          />
        ))}
      </SimpleGrid>
    </Paper>
  );
}
