import { describe, expect, it } from 'vitest';
import { parseDetailsTarget } from '.';

const of = (query: string) => parseDetailsTarget(new URLSearchParams(query));

describe('what product details are asked for (ordering §2 Product details)', () => {
  it('are new lines of the product item ids, in either spelling, duplicates dropped', () => {
    expect(of('productItemId=3,1,3')).toEqual({ kind: 'new', ids: [3, 1] });
    expect(of('productItemId=3&productItemId=1')).toEqual({ kind: 'new', ids: [3, 1] });
  });

  it('is the edit of a cart line by its orderItemId', () => {
    expect(of('orderItemId=12')).toEqual({ kind: 'edit', orderItemId: 12 });
  });

  it('is nothing valid for both, neither, or a malformed id', () => {
    expect(of('productItemId=1&orderItemId=2')).toBeNull();
    expect(of('')).toBeNull();
    expect(of('orderItemId=x')).toBeNull();
    expect(of('orderItemId=2147483648')).toBeNull();
    expect(of('productItemId=0')).toBeNull();
  });
});
