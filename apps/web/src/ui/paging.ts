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
