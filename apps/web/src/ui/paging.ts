/** 'Showing 51–100 of 123 orders' for a page of a list (pages count from 0). */
export function showingText(
  page: number,
  pageSize: number,
  count: number,
  total: number,
  noun: { one: string; many: string },
): string {
  const from = count === 0 ? 0 : page * pageSize + 1;
  const to = count === 0 ? 0 : page * pageSize + count;
  return `Showing ${from}–${to} of ${total} ${total === 1 ? noun.one : noun.many}`;
}
