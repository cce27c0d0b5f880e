/**
 * The journeys' `test` and `expect`: Playwright's, with one check every journey gets (decision 0058).
 * A message a screen shows — a red or green message, a field's error, an alert — must be a sentence
 * in the user's words, never an answer's field path and validator text ('careLabel.instructionCode:
 * Required…', 'gtin: must be…'). Each page of the journey's browser context watches those places
 * while the journey runs; a journey during which one showed such a text fails at its end, naming it.
 * Pages of contexts a journey opens itself (`browser.newContext()`) are not watched.
 *
 * Import `test` and `expect` from here instead of '@playwright/test'.
 */
import { test as base, expect } from '@playwright/test';
import { trackRequests } from './quiet';

/**
 * Where the app shows messages: the message service's notifications (ui/messages.tsx), the inputs'
 * error texts, alerts and inline alerts.
 */
const MESSAGE_PLACES =
  '[data-testid^="message-"], .mantine-InputWrapper-error, .mantine-Alert-message, [role="alert"]';

/**
 * A field path of the contract and a colon at the start of a text: packages/shared FIELD_PATH_PREFIX
 * (the e2e package does not load the shared one; the two are kept alike).
 */
export const FIELD_PATH_PREFIX = /^[a-z][\w.[\]]*: /;

/** Runs in every page before its scripts: reports each watched text that starts with a field path. */
function watchMessages({ places, pattern }: { places: string; pattern: string }) {
  const path = new RegExp(pattern);
  const reported = new Set<string>();
  let pending = false;
  const check = () => {
    pending = false;
    for (const node of document.querySelectorAll(places)) {
      const text = (node.textContent ?? '').trim();
      if (!path.test(text) || reported.has(text)) continue;
      reported.add(text);
      (window as unknown as { __fieldPathShown?: (t: string) => void }).__fieldPathShown?.(text);
    }
  };
  const start = () =>
    new MutationObserver(() => {
      if (pending) return;
      pending = true;
      setTimeout(check, 0);
    }).observe(document.documentElement, { subtree: true, childList: true, characterData: true });
  if (document.documentElement) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
}

export const test = base.extend<{ fieldPathMessages: string[]; requestTracking: undefined }>({
  /**
   * Every page of the journey's context counts its requests from the start, so that
   * waitForQuietNetwork (support/quiet.ts: networkidle without the live-update stream) sees them all.
   */
  requestTracking: [
    async ({ context }, use) => {
      for (const page of context.pages()) trackRequests(page);
      context.on('page', trackRequests);
      await use(undefined);
    },
    { auto: true },
  ],
  /** The texts starting with a field path that the journey's pages showed (empty, or the journey fails). */
  fieldPathMessages: [
    async ({ context }, use) => {
      const shown: string[] = [];
      await context.exposeBinding('__fieldPathShown', ({ page }, text: string) => {
        shown.push(`${text} (at ${page.url()})`);
      });
      await context.addInitScript(watchMessages, {
        places: MESSAGE_PLACES,
        pattern: FIELD_PATH_PREFIX.source,
      });
      await use(shown);
      expect(shown, 'a screen showed a message that starts with a field path (decision 0058)').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
