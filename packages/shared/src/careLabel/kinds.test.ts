import { describe, expect, it } from 'vitest';
import { compareCareSortKeys } from './kinds';

describe('compareCareSortKeys (master-data §3: by name, or by number when the sort key is numeric)', () => {
  it('sorts numbers and numeric texts as numbers, not as text', () => {
    expect([10, 2, 0, 1].sort(compareCareSortKeys)).toEqual([0, 1, 2, 10]);
    expect(['10', '9', '100'].sort(compareCareSortKeys)).toEqual(['9', '10', '100']);
  });

  it('sorts names alphabetically, ignoring case, numbers first', () => {
    expect(['cotton', 'Acrylic', 'Wool', '2', 'bamboo'].sort(compareCareSortKeys)).toEqual([
      '2',
      'Acrylic',
      'bamboo',
      'cotton',
      'Wool',
    ]);
  });

  it('is a total order on names differing only by case', () => {
    expect(['b', 'B', 'a'].sort(compareCareSortKeys)).toEqual(['a', 'B', 'b']);
  });
});
