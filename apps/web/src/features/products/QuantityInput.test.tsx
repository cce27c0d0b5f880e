import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { QuantityInput } from './QuantityInput';

function Field({ max = null }: { max?: number | null }) {
  const [value, setValue] = useState('');
  return (
    <QuantityInput
      label="Quantity"
      value={value}
      onChange={setValue}
      limits={{ minOrderQuantity: 100, packSize: 50, max }}
    />
  );
}

const field = () => screen.getByLabelText('Quantity') as HTMLInputElement;

describe('a quantity field (ordering §5 Quantity fields)', () => {
  it('keeps the digits of what is typed, at most 9', async () => {
    renderWithProviders(<Field />);
    await userEvent.type(field(), '1a2-3.4 5678901');
    expect(field().value).toBe('123456789');
  });

  it('rounds on blur: the minimum, then whole packs', async () => {
    renderWithProviders(<Field />);
    await userEvent.type(field(), '7');
    await userEvent.tab();
    expect(field().value).toBe('100');
    await userEvent.clear(field());
    await userEvent.type(field(), '120{Enter}');
    expect(field().value).toBe('150');
    expect(document.activeElement).not.toBe(field());
  });

  it('takes the maximum when above it, and leaves 0 and empty as they are', async () => {
    renderWithProviders(<Field max={130} />);
    await userEvent.type(field(), '500');
    await userEvent.tab();
    expect(field().value).toBe('130');
    await userEvent.clear(field());
    await userEvent.type(field(), '0');
    await userEvent.tab();
    expect(field().value).toBe('0');
  });
});
