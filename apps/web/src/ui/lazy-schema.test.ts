import { loginRequest } from '@selvedge/shared';
import { describe, expect, it, vi } from 'vitest';
import { lazySchemaResolver } from './lazy-schema';

describe('a shared schema loaded on the first validation', () => {
  it('loads once and validates with the shared rule', async () => {
    const load = vi.fn(async () => loginRequest);
    const validate = lazySchemaResolver(load);
    expect(await validate({ email: 'a@example.com', password: 'x' })).toEqual({});
    expect(Object.keys(await validate({ email: '', password: '' }))).toContain('email');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('lets the form through when the code does not arrive, and tries again next time', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(loginRequest);
    const validate = lazySchemaResolver(load);
    expect(await validate({ email: '' })).toEqual({});
    expect(Object.keys(await validate({ email: '' }))).toContain('email');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
