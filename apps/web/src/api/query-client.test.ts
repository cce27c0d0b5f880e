import { describe, expect, it } from 'vitest';
import { ApiError } from './client';
import { shouldRetry } from './query-client';

describe('retries of queries', () => {
  it('asks once more only when no answer arrived', () => {
    expect(shouldRetry(0, new ApiError(0, 'offline'))).toBe(true);
    expect(shouldRetry(1, new ApiError(0, 'offline'))).toBe(false);
    expect(shouldRetry(0, new ApiError(500, 'boom'))).toBe(false);
    expect(shouldRetry(0, new ApiError(404, 'gone'))).toBe(false);
    expect(shouldRetry(0, new Error('other'))).toBe(false);
  });
});
