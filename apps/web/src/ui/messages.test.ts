import { MESSAGES } from '@selvedge/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { apiFieldErrors, errorMessageOf, showApiError } from './messages';

const { show } = vi.hoisted(() => ({ show: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show, hide: vi.fn(), clean: vi.fn() } }));

const refusal = new ApiError(400, 'Bad', {
  message: 'Bad',
  fields: [
    { field: 'priceTiers.1.quantity', message: 'Quantity must be whole' },
    { field: 'priceTiers.2.price', message: 'Second of the same input' },
    { field: 'secret', message: 'Not on this form' },
  ],
});

describe('refusals on a form (decision 0058)', () => {
  it("go under the form's input the path begins with, one message each", () => {
    expect(apiFieldErrors(refusal, ['priceTiers', 'name'])).toEqual({ priceTiers: 'Quantity must be whole' });
  });

  it('are none when the answer names no input of the form, or the session expired', () => {
    expect(apiFieldErrors(refusal, ['name'])).toBeNull();
    expect(apiFieldErrors(new Error('x'), ['name'])).toBeNull();
    const expired = new ApiError(401, MESSAGES.authExpired, { field: 'name' }, true);
    expect(apiFieldErrors(expired, ['name'])).toBeNull();
  });
});

describe('a failed call as a red message (ordering §8)', () => {
  it("says the ApiError's message, else the unexpected error", () => {
    expect(errorMessageOf(new ApiError(500, 'Server said'))).toBe('Server said');
    expect(errorMessageOf(new TypeError('x'))).toBe(MESSAGES.unexpectedError);
  });

  it('is retained until clicked, and not shown for an expired session or an abort', () => {
    showApiError(new ApiError(500, 'Server said'));
    expect(show).toHaveBeenCalledTimes(1);
    expect(show.mock.calls[0][0]).toMatchObject({ message: 'Server said', color: 'red', autoClose: false });
    showApiError(new ApiError(401, MESSAGES.authExpired, undefined, true));
    showApiError(new DOMException('stop', 'AbortError'));
    expect(show).toHaveBeenCalledTimes(1);
  });
});
