/**
 * Setup of the web unit tests (vitest.config.ts, project 'web'; decision 0059): a clean DOM and
 * clean storage after each test. happy-dom has most of what Mantine reads from the browser
 * (matchMedia, ResizeObserver, scrollIntoView); a component test that needs a particular media
 * query answer stubs `window.matchMedia` itself. It has no `document.fonts`, which Mantine's
 * autosizing Textarea listens to: an empty FontFaceSet stands in for it (decision 0069).
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

if (!('fonts' in document)) {
  // Fonts never finish loading here: the Textarea only adds and removes its listener.
  Object.defineProperty(document, 'fonts', {
    value: Object.assign(new EventTarget(), { ready: Promise.resolve() }),
  });
}

// A screen's answer renders in a few hundred milliseconds, but on the shared 2-core machine with the
// whole project running, findBy's default second ran out (decision 0069): waits get five.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});
