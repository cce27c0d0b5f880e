import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '../test/media';
import { renderHookWithProviders } from '../test/render';
import { PHONE_QUERY, usePhone } from './phone';

afterEach(() => vi.unstubAllGlobals());

describe('a phone-wide window (every screen fits 390 px)', () => {
  it('is known at the first render, so a phone never renders the desktop layout first', () => {
    stubMatchMedia(PHONE_QUERY);
    const seen: boolean[] = [];
    renderHookWithProviders(() => {
      const phone = usePhone();
      seen.push(phone);
      return phone;
    });
    expect(seen[0]).toBe(true);
  });

  it('is not a desktop window', () => {
    stubMatchMedia(null);
    expect(renderHookWithProviders(() => usePhone()).result.current).toBe(false);
  });
});
