import { describe, expect, it, vi } from 'vitest';
import { readStoredCriteria, sameCriteria, writeStoredCriteria } from './stored-criteria';

describe('criteria kept per screen (ordering §2 Product list, §3 Session state)', () => {
  it('belong to the user who searched', () => {
    writeStoredCriteria('screen', 'u1', { a: 1 });
    expect(readStoredCriteria('screen', 'u1')).toEqual({ a: 1 });
    expect(readStoredCriteria('screen', 'u2')).toBeNull();
    expect(readStoredCriteria('other-screen', 'u1')).toBeNull();
  });

  it('of nobody signed in are kept under the empty user', () => {
    writeStoredCriteria('screen', null, { a: 2 });
    expect(readStoredCriteria('screen', null)).toEqual({ a: 2 });
    expect(readStoredCriteria('screen', 'u1')).toBeNull();
  });

  it('read as none when the stored text is not JSON', () => {
    sessionStorage.setItem('screen', '{oops');
    expect(readStoredCriteria('screen', 'u1')).toBeNull();
  });

  it('are not kept, without an error, when storage refuses', () => {
    vi.spyOn(sessionStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => writeStoredCriteria('screen', 'u1', { a: 1 })).not.toThrow();
    expect(readStoredCriteria('screen', 'u1')).toBeNull();
  });

  it('compare by value', () => {
    expect(sameCriteria({ a: 1, b: [2] }, { a: 1, b: [2] })).toBe(true);
    expect(sameCriteria({ a: 1 }, { a: 2 })).toBe(false);
  });
});
