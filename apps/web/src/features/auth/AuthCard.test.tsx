import { MESSAGES } from '@selvedge/shared';
import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { renderHookWithProviders } from '../../test/render';
import { useAuthFailure } from './AuthCard';

describe('the refusal of an auth form (ordering §5)', () => {
  it("shows the answer's message, else the unexpected error, and clears it on the next attempt", async () => {
    const { result } = renderHookWithProviders(() => useAuthFailure());
    await act(() =>
      result.current.attempt(async () => {
        throw new ApiError(401, 'Invalid email or password');
      }),
    );
    expect(result.current.failure).toBe('Invalid email or password');
    await act(() =>
      result.current.attempt(async () => {
        throw new TypeError('offline');
      }),
    );
    expect(result.current.failure).toBe(MESSAGES.unexpectedError);
    await act(() => result.current.attempt(async () => {}));
    expect(result.current.failure).toBeNull();
  });
});
