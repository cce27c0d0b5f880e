/**
 * Setup of the web unit tests (vitest.config.ts, project 'web'; decision 0059): a clean DOM and
 * clean storage after each test. happy-dom has what Mantine reads from the browser (matchMedia,
 * ResizeObserver, scrollIntoView), so no stubs are needed for it; a component test that needs a
 * particular media query answer stubs `window.matchMedia` itself.
 */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});
