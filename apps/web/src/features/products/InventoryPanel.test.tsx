import type { Role } from '@selvedge/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api';
import { productDetails, sizeItem } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { showSuccess } from '../../ui/messages';
import { InventoryPanel } from './InventoryPanel';

vi.mock('../../ui/messages', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../ui/messages')>()),
  showSuccess: vi.fn(),
}));

afterEach(() => vi.unstubAllGlobals());

const stocked = (productItemId: number, productSize: string, inventoryQuantity: number) =>
  sizeItem({
    productItemId,
    productSize,
    hasInventory: true,
    inventoryQuantity,
    inventoryMin: 10,
    inventoryMax: 500,
  });
const product = productDetails({
  hasInventory: true,
  items: [stocked(1, 'S', 40), stocked(2, 'M', 80), sizeItem({ productItemId: 3, productSize: 'L' })],
});

// Roles as variables: biome reads a literal `role="…"` on any element as an ARIA role.
const VENDOR: Role = 'VENDOR';
const ADMIN: Role = 'ADMIN';

describe('inventory of a product (ordering §2 Product details, §5 Inventory fields, §6)', () => {
  it('is not shown to a role that does not see inventory', () => {
    renderWithProviders(<InventoryPanel product={product} role={VENDOR} canUpdateInventory={false} />);
    expect(screen.queryByTestId('product-inventory')).toBeNull();
  });

  it('shows the stocked sizes, read-only without the permission', () => {
    renderWithProviders(<InventoryPanel product={product} role={ADMIN} canUpdateInventory={false} />);
    expect(screen.getByTestId('inventory-row-S')).toBeTruthy();
    expect(screen.queryByTestId('inventory-row-L')).toBeNull();
    expect(screen.queryByTestId('update-inventory')).toBeNull();
  });

  it('reads what is typed as a whole number on blur and sends only the changed sizes', async () => {
    const calls = stubApi({ 'PUT /products/inventory': { body: { message: 'ok' } } });
    renderWithProviders(<InventoryPanel product={product} role={ADMIN} canUpdateInventory />);
    const save = screen.getByTestId('update-inventory') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    const small = screen.getByLabelText('Current inventory S') as HTMLInputElement;
    await userEvent.clear(small);
    await userEvent.type(small, '-12.7x{Enter}');
    expect(small.value).toBe('-12');
    expect(save.disabled).toBe(false);
    await userEvent.click(save);
    await vi.waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Inventory successfully updated.'));
    expect(calls).toEqual([
      { method: 'PUT', path: '/products/inventory', body: { inventories: { 1: -12 } } },
    ]);
  });
});
