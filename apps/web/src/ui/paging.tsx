/**
 * Paged lists (ordering §2 Order list, Product list; docs/decisions/0019): the 'Showing 51–100 of
 * 123 orders' text and the results frame with its pager above and below.
 */
import { Group, Pagination, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * 'Showing 51–100 of 123 orders' for a page of a list (pages count from 0); 'of 1000+ orders' when
 * the list counted only up to `total` (`capped`, docs/decisions/0019).
 */
export function showingText(
  page: number,
  pageSize: number,
  count: number,
  total: number,
  noun: { one: string; many: string },
  capped = false,
): string {
  const from = count === 0 ? 0 : page * pageSize + 1;
  const to = count === 0 ? 0 : page * pageSize + count;
  return `Showing ${from}–${to} of ${total}${capped ? '+' : ''} ${total === 1 && !capped ? noun.one : noun.many}`;
}

/** The paging fields of a list answer (pages count from 0). */
export interface PageInfo {
  currentPage: number;
  pageSize: number;
  totalItems: number;
  /** The list counted only up to `totalItems` (docs/decisions/0019). */
  totalItemsCapped?: boolean;
}

/**
 * A page of results: the showing text (`count` rows of the page, named by `noun`; `summaryTestId`)
 * and the pager beside it, the results (`children`), and the pager again below them. The pager shows
 * only when there is more than one page; `onPage` gets the page chosen (from 0).
 */
export function PagedResults({
  page,
  count,
  noun,
  onPage,
  summaryTestId,
  pagerLabel,
  pagerTestId,
  children,
}: {
  page: PageInfo;
  count: number;
  noun: { one: string; many: string };
  onPage: (page: number) => void;
  summaryTestId: string;
  pagerLabel: string;
  pagerTestId?: string;
  children: ReactNode;
}) {
  const pageCount = Math.max(1, Math.ceil(page.totalItems / page.pageSize));
  const pager =
    pageCount > 1 ? (
      <Pagination
        total={pageCount}
        value={page.currentPage + 1}
        onChange={(p) => onPage(p - 1)}
        size="sm"
        withEdges
        aria-label={pagerLabel}
        data-testid={pagerTestId}
      />
    ) : null;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center" wrap="wrap">
        <Text size="sm" c="dimmed" data-testid={summaryTestId}>
          {showingText(page.currentPage, page.pageSize, count, page.totalItems, noun, page.totalItemsCapped)}
        </Text>
        {pager}
      </Group>
      {children}
      {pager && <Group justify="flex-end">{pager}</Group>}
    </Stack>
  );
}
