import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { PagedResults } from './paging';

const noun = { one: 'order', many: 'orders' };

function paged(currentPage: number, totalItems: number, count: number) {
  const onPage = vi.fn();
  renderWithProviders(
    <PagedResults
      page={{ currentPage, pageSize: 50, totalItems }}
      count={count}
      noun={noun}
      onPage={onPage}
      summaryTestId="summary"
      pagerLabel="Order pages"
    >
      <p>rows</p>
    </PagedResults>,
  );
  return onPage;
}

describe('a page of results (ordering §2 Order list, Product list; decision 0019)', () => {
  it('shows the count line and no pager when everything fits on one page', () => {
    paged(0, 12, 12);
    expect(screen.getByTestId('summary').textContent).toBe('Showing 1–12 of 12 orders');
    expect(screen.getByText('rows')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '2' })).toBeNull();
  });

  it('shows a pager above and below the rows, and gives the page chosen counted from 0', async () => {
    const onPage = paged(1, 120, 50);
    expect(screen.getByTestId('summary').textContent).toBe('Showing 51–100 of 120 orders');
    const threes = screen.getAllByRole('button', { name: '3' });
    expect(threes).toHaveLength(2);
    await userEvent.click(threes[1]);
    expect(onPage).toHaveBeenCalledWith(2);
  });
});
