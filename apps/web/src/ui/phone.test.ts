import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHookWithProviders } from '../test/render';
import { PHONE_QUERY, usePhone } from './phone';

afterEach(() => vi.unstubAllGlobals());

/** A window whose media queries match `matching` only. */
function stubMatchMedia(matching: string | null) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === matching,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

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
