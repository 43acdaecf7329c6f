import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's browser build, read once. */
let axeSource: string | undefined;
function axeScript(): string {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

/** One accessibility problem axe found, as the failure lists it. */
export interface AxeProblem {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** The part of axe.run's answer read here. */
interface AxeResults {
  violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[];
}

/** The impacts a screen must not have (issue 39.2): moderate and minor ones are reported elsewhere. */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Waits until the screen has stopped loading and moving: no lazy-chunk spinner, requests settled,
 * no loading spinner or skeleton, no finite animation (a fading dialog or tab would give axe
 * half-drawn colours). The network and spinner waits are bounded and then let the scan run: a
 * live channel still long-polling, or a screen that shows a running job's spinner, never settles.
 */
export async function waitForQuietScreen(page: Page): Promise<void> {
  await page.getByTestId('screen-loading').waitFor({ state: 'detached' });
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page.waitForFunction(() => document.querySelector('.ant-spin-spinning, .ant-skeleton-active') === null, undefined, { timeout: 10_000 })
    .catch(() => undefined);
  await page.evaluate(() => Promise.all(
    document.getAnimations().filter((animation) => animation.effect?.getTiming().iterations !== Infinity).map((animation) => animation.finished.catch(() => undefined)),
  ));
}

/** Runs axe-core on the whole page and answers its serious and critical violations. */
export async function seriousAxeProblems(page: Page): Promise<AxeProblem[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) {
    // The app's CSP (script-src 'self') refuses an inline <script> (page.addScriptTag): the
    // DevTools protocol evaluates axe's source in the page's main world without going through it.
    const cdp = await page.context().newCDPSession(page);
    try {
      const answer = await cdp.send('Runtime.evaluate', { expression: axeScript() });
      if (answer.exceptionDetails) throw new Error(`axe-core did not load: ${answer.exceptionDetails.text}`);
    } finally {
      await cdp.detach();
    }
  }
  return page.evaluate(async (blocking) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    // The one third-party exception: antd's table (rc-table) copies every column title into a
    // zero-height aria-hidden "measure row" to size the columns, so a selectable table that
    // scrolls has a second, hidden select-all checkbox. That row is rc-table's own and cannot be
    // changed from the app: only an aria-hidden-focus node that is such a row, and whose only
    // focusable content is antd's selection checkbox, is left out.
    const focusable = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';
    const measureRowOnly = (target: unknown[]) => {
      if (target.length !== 1) return false;
      const row = document.querySelector(String(target[0]));
      return row !== null && row.matches('tr.ant-table-measure-row[aria-hidden="true"]')
        && [...row.querySelectorAll(focusable)].every((element) => element.closest('.ant-table-selection') !== null);
    };
    return results.violations
      .map((violation) => violation.id === 'aria-hidden-focus'
        ? { ...violation, nodes: violation.nodes.filter((node) => !measureRowOnly(node.target)) }
        : violation)
      .filter((violation) => violation.nodes.length > 0)
      .filter((violation) => blocking.includes(violation.impact ?? ''))
      .map((violation) => ({
        rule: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
      }));
  }, [...BLOCKING]);
}

/** The problems as the failure message shows them: one line per rule, its help and every target. */
export function describeAxeProblems(route: string, problems: readonly AxeProblem[]): string {
  const lines = problems.map((problem) => `  [${problem.impact}] ${problem.rule}: ${problem.help}\n${problem.targets.map((target) => `      ${target}`).join('\n')}`);
  return `${route}: ${problems.length} serious or critical accessibility violation(s)\n${lines.join('\n')}`;
}
