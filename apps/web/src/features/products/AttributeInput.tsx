/**
 * One attribute field (ordering §3 Product item attributes; §5 'Attribute dropdowns and text are
 * required'): DROPDOWN → Select of its options, STRING → TextInput.
 */
import { Select, TextInput } from '@mantine/core';
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
