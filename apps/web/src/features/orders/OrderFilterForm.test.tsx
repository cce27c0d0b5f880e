import { NEEDS_ACTION_RULES } from '@selvedge/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api';
import { renderWithProviders } from '../../test/render';
import { OrderFilterForm } from './OrderFilterForm';
import { defaultCriteria, type OrderSearchCriteria } from './order-search';

afterEach(() => vi.unstubAllGlobals());

function form(value: OrderSearchCriteria, role: 'CSR' | 'ADMIN' = 'ADMIN') {
  stubApi({
    'GET /customers': { body: { customers: [] } },
    'GET /vendors': { body: { vendors: [] } },
    'GET /entity/production-regions': { body: { productionRegions: [] } },
  });
  const handlers = { onChange: vi.fn(), onSearch: vi.fn(), onReset: vi.fn(), onClearNeedsAction: vi.fn() };
  renderWithProviders(
    <OrderFilterForm value={value} role={role} orderNumberError={null} activeCount={1} {...handlers} />,
  );
  return handlers;
}

describe('the order filter form (ordering §2 Order list, §4, §5)', () => {
  it('searches on Enter and on Search, resets on Reset', async () => {
    const { onSearch, onReset } = form(defaultCriteria('ADMIN'));
    await userEvent.type(screen.getByLabelText('Order Number'), '{Enter}');
    expect(onSearch).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByTestId('order-search-button'));
    expect(onSearch).toHaveBeenCalledTimes(2);
    await userEvent.click(screen.getByTestId('order-reset-button'));
    expect(onReset).toHaveBeenCalledTimes(1);
  });

  it('keeps only the digits typed into Order Number', async () => {
    const { onChange } = form(defaultCriteria('ADMIN'));
    await userEvent.type(screen.getByLabelText('Order Number'), 'a');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ orderNumber: '' }));
    await userEvent.type(screen.getByLabelText('Order Number'), '7');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ orderNumber: '7' }));
  });

  it('shows a "Needs my action" step as a filter the user can remove', async () => {
    const { onClearNeedsAction } = form({ ...defaultCriteria('ADMIN'), needsAction: 'financeToApprove' });
    const label = NEEDS_ACTION_RULES.financeToApprove.label;
    expect(screen.getByTestId('order-filter-needs-action').textContent).toContain(label);
    await userEvent.click(screen.getByRole('button', { name: `Remove the filter ${label}` }));
    expect(onClearNeedsAction).toHaveBeenCalledTimes(1);
  });

  it('disables the Company filter for a CSR only', async () => {
    form(defaultCriteria('CSR'), 'CSR');
    await waitFor(() =>
      expect(screen.getByTestId('order-filter-company').hasAttribute('disabled')).toBe(true),
    );
  });

  it('lets an ADMIN filter by company', async () => {
    form(defaultCriteria('ADMIN'));
    await waitFor(() =>
      expect(screen.getByTestId('order-filter-company').hasAttribute('disabled')).toBe(false),
    );
  });
});
