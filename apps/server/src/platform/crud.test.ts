import { describe, expect, it } from 'vitest';
import { diffRecords, pgError } from './crud';

describe('diffRecords (history of master data)', () => {
  it('lists the fields that differ, with before and after; id and version are never changes', () => {
    expect(
      diffRecords(
        { id: 1, version: 1, name: 'A', customers: [{ id: 1, name: 'Roots' }], note: null },
        { id: 1, version: 2, name: 'B', customers: [{ id: 1, name: 'Roots' }], note: 'x' },
      ),
    ).toEqual([
      { field: 'name', before: 'A', after: 'B' },
      { field: 'note', before: null, after: 'x' },
    ]);
  });
  it('a new record lists every field that has a value', () => {
    expect(diffRecords(null, { id: 3, version: 1, name: 'A', address: null, tiers: [] })).toEqual([
      { field: 'name', before: null, after: 'A' },
      { field: 'tiers', before: null, after: [] },
    ]);
  });
  it('nothing changed, nothing listed', () => {
    const r = { id: 1, version: 1, a: { b: [1, 2] } };
    expect(diffRecords(r, { ...r, version: 2 })).toEqual([]);
  });
});

describe('pgError', () => {
  it('finds the PostgreSQL error inside a wrapping error', () => {
    const inner = Object.assign(new Error('dup'), { code: '23505', constraint: 'x' });
    expect(pgError(new Error('query failed', { cause: inner }))).toBe(inner);
    expect(pgError(new Error('plain'))).toBeNull();
    expect(pgError(Object.assign(new Error('node'), { code: 'ECONNRESET' }))).toBeNull();
  });
});
