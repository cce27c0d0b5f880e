/**
 * A quantity field (ordering §5 Quantity fields): keeps digits only as typed; on blur an entered
 * quantity becomes the minimum order quantity when below it, the maximum when above it, else is rounded
 * up to a multiple of the pack size (empty or 0 stays as is). Enter blurs the field.
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { digitsOnly, type QuantityLimits } from '@selvedge/shared';
import { roundedText } from './product-line';

export interface QuantityInputProps
  extends Omit<TextInputProps, 'value' | 'onChange' | 'onBlur' | 'onKeyDown' | 'type'> {
  value: string;
  onChange: (value: string) => void;
  limits: QuantityLimits;
}

/** Longest quantity a field takes (9 digits; the server's limit is 100,000,000). */
const MAX_DIGITS = 9;

/** The quantity field. */
export function QuantityInput({ value, onChange, limits, ...rest }: QuantityInputProps) {
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="off"
      placeholder="0"
      {...rest}
      value={value}
      onChange={(e) => onChange(digitsOnly(e.currentTarget.value).slice(0, MAX_DIGITS))}
      onBlur={() => {
        const next = roundedText(value, limits);
        if (next !== value) onChange(next);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          e.currentTarget.blur();
        }
      }}
      styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
    />
  );
}
