import type { CartItem } from '@selvedge/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { cartLine } from '../../test/answers';
import { renderWithProviders } from '../../test/render';
import { CartItemCard } from './CartItemCard';

/** A cart line of two sizes in Red, as a role that sees neither prices nor costs gets it. */
const lineOf = (fields: Partial<CartItem> = {}): CartItem =>
  cartLine({
    sizes: [
      { productItemId: 1, size: 'S', quantity: 100, attributesItem: { Colour: 'Red' } },
      { productItemId: 2, size: 'M', quantity: 200, attributesItem: { Colour: 'Red' } },
    ],
    attributes: { Colour: 'Red' },
    ...fields,
  });

function card(item: CartItem) {
  const onRemove = vi.fn();
  renderWithProviders(<CartItemCard item={item} onRemove={onRemove} removing={false} disabled={false} />, {
    route: '/cart',
  });
  return { onRemove, sizes: screen.getByTestId('cart-item-sizes') };
}

const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);

describe('a cart line (ordering §2 Cart, §3 Order item, §6 Visibility)', () => {
  it('shows the RFID badge on a line of an RFID subcode only (docs/rfid.md)', () => {
    card(lineOf({ rfid: true }));
    expect(screen.getByTestId('rfid-badge').textContent).toBe('RFID');
  });

  it("shows no amount the answer leaves out, and no attribute column when every size has the line's", () => {
    const { sizes } = card(lineOf());
    expect(screen.queryByTestId('rfid-badge')).toBeNull();
    expect(headers(sizes)).toEqual(['Size', 'Quantity']);
    expect(screen.queryByTestId('cart-item-total-price')).toBeNull();
    expect(screen.getByTestId('cart-item-quantity').textContent).toBe('300');
  });

  it("shows the amounts a price and cost role gets, a size without its own price at the line's", () => {
    const usd = (price: string) => ({ currency: 'USD', price });
    const { sizes } = card(
      lineOf({
        unitPrice: usd('0.5'),
        unitCost: usd('0.2'),
        totalPrice: usd('150'),
        totalCost: usd('60'),
        sizes: [
          { productItemId: 1, size: 'S', quantity: 100, attributesItem: {}, unitPrice: usd('0.6') },
          { productItemId: 2, size: 'M', quantity: 200, attributesItem: {} },
        ],
      }),
    );
    expect(headers(sizes)).toEqual(['Size', 'Quantity', 'Unit price', 'Unit cost']);
    expect(screen.getAllByTestId('cart-item-unit-price').map((c) => c.textContent)).toEqual([
      'USD 0.6000',
      'USD 0.5000',
    ]);
    expect(screen.getByTestId('cart-item-total-price').textContent).toBe('USD 150.00');
    expect(screen.getByTestId('cart-item-total-cost').textContent).toBe('USD 60.00');
  });

  it("adds an attribute column when a size's attributes differ from the line's", () => {
    const { sizes } = card(
      lineOf({
        sizes: [
          { productItemId: 1, size: 'S', quantity: 100, attributesItem: { Colour: 'Red' } },
          { productItemId: 2, size: 'M', quantity: 200, attributesItem: { Colour: 'Blue' } },
        ],
      }),
    );
    expect(headers(sizes)).toContain('Attributes');
  });

  it('edits the line on product details and removes it on request', async () => {
    const { onRemove } = card(lineOf());
    expect(screen.getByTestId('cart-item-edit').getAttribute('href')).toBe('/product-details?orderItemId=7');
    await userEvent.click(screen.getByTestId('cart-item-remove'));
    expect(onRemove).toHaveBeenCalledWith(expect.objectContaining({ orderItemId: 7 }));
  });
});
