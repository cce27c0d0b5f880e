/**
 * axe-core in the browser tests (accessible to everyone: WCAG 2.1 AA). The app's Content-Security-
 * Policy forbids an injected <script> tag, so axe.min.js is read from node_modules and evaluated in
 * the page through the DevTools protocol (page.evaluate), which the policy does not govern.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Impacts that fail a test: a serious or critical violation blocks some users outright. */
const BLOCKING = new Set(['serious', 'critical']);

/** One rule axe found broken, with the elements that break it. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: string[]; html: string; failureSummary: string }[];
}

/** Runs axe-core (its default rules: WCAG 2.x A and AA, best practices) on the page as it is now. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const { violations } = await (
      window as unknown as { axe: { run: (context: Document) => Promise<{ violations: AxeViolation[] }> } }
    ).axe.run(document);
    return violations.map(({ id, impact, help, helpUrl, nodes }) => ({
      id,
      impact,
      help,
      helpUrl,
      nodes: nodes.map(({ target, html, failureSummary }) => ({ target, html, failureSummary })),
    }));
  });
}

/** The violations as a readable list: rule, impact, help, then each element with what is wrong. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) =>
      [
        `${v.id} (${v.impact}): ${v.help} ${v.helpUrl}`,
        ...v.nodes.map(
          (n) => `  - ${n.target.join(' ')}\n    ${n.html}\n    ${n.failureSummary.replace(/\n/g, '\n    ')}`,
        ),
      ].join('\n'),
    )
    .join('\n');
}

/** Fails the test when axe finds a serious or critical violation on the page; the message lists them. */
export async function expectNoBlockingViolations(page: Page, screen: string) {
  const blocking = (await axeViolations(page)).filter((v) => v.impact && BLOCKING.has(v.impact));
  expect(blocking.length, `axe on ${screen}:\n${describeViolations(blocking)}`).toBe(0);
}
