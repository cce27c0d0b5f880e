/**
 * A window whose media queries match `matching` only (jsdom has no layout): for the components
 * that render by the window's width (ui/phone.ts).
 */
import { vi } from 'vitest';

/** Stubs `window.matchMedia` until `vi.unstubAllGlobals()`. */
export function stubMatchMedia(matching: string | null): void {
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
