import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { useSignedInSuite } from './support/suite';
import { projectStatus, seedProjectWorld, type ProjectWorld } from './support/projects';

/** Verify mail's status cycle on the account creation project screen (issue 14.1): it no longer locks the project. */
const USER = { username: 'verify@example.com', password: 'verify mail e2e' };

/** Every status the toolbar's tag shows from now on, in order (a MutationObserver in the page). */
async function recordStatuses(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenStatuses: string[] }).seenStatuses = seen;
    const read = () => {
      const status = document.querySelector('[data-testid="project-toolbar"] [data-testid="status-tag"]')?.getAttribute('data-status');
      if (status && seen[seen.length - 1] !== status) seen.push(status);
    };
    read();
    new MutationObserver(read).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'] });
  });
  return () => page.evaluate(() => [...(window as unknown as { seenStatuses: string[] }).seenStatuses]);
}

describe('Verify mail', () => {
  let world: ProjectWorld;
  const suite = useSignedInSuite(USER, {
    seed: async (server) => {
      world = await seedProjectWorld(server, USER.username);
    },
  });

  test('goes to verifying and back to the status before, in this window and another; Edit and Verify mail work again, Start is as before, the pass line shown', async (ctx) => {
    const route = `/acproject/${world.projects.accountCreation}`;
    const { page, pageErrors } = await suite.signedInPage(ctx, route);
    const other = await suite.signedInPage(ctx, route);
    await page.getByRole('heading', { name: 'Project: Accounts' }).waitFor();
    await other.page.getByRole('heading', { name: 'Project: Accounts' }).waitFor();
    expect(await projectStatus(page).getAttribute('data-status')).toBe('NEW');
    const startButton = page.getByRole('button', { name: 'Start', exact: true });
    const startEnabledBefore = await startButton.isEnabled();
    const statuses = await recordStatuses(page);

    for (let round = 0; round < 2; round++) {
      await page.getByTestId('verify-mail').click();
      // The click waits the spec's second; then the project shows a verifying status once per round —
      // STARTING_VERIFYING (the answer, or its live message) or VERIFYING: when the live messages come
      // before the answer, the screen keeps what it heard and never shows the answer's status.
      await expect.poll(async () => verifyingRounds(await statuses()), { timeout: 20_000 }).toBe(round + 1);
      await expect.poll(() => projectStatus(page).getAttribute('data-status'), { timeout: 20_000 }).toBe('NEW');
      await expect.poll(() => projectStatus(other.page).getAttribute('data-status'), { timeout: 20_000 }).toBe('NEW');
      await expect.poll(() => page.getByTestId('verify-mail').isEnabled()).toBe(true);
      await expect.poll(() => startButton.isEnabled()).toBe(startEnabledBefore);
      expect(await page.getByTestId('verify-mail').textContent()).toContain('Verify mail');
    }
    // The pass's line (verificationProgressed) shows in the toolbar of both windows.
    for (const shown of [page, other.page]) {
      await expect.poll(async () => (await shown.getByTestId('verification-status').textContent().catch(() => '')) ?? '').toMatch(/^Verification: Verified \d+ of \d+ account/);
    }
    expect((await statuses())[0]).toBe('NEW');
    expect((await statuses()).at(-1)).toBe('NEW');
    expect(await page.getByRole('button', { name: 'Edit', exact: true }).isEnabled()).toBe(true);
    // Start is as it was before (its readiness rules decide it, not a lock).
    expect(await startButton.isEnabled()).toBe(startEnabledBefore);
    expect(pageErrors).toEqual([]);
    expect(other.pageErrors).toEqual([]);
  });
});

/** How many times the shown status went into verifying (STARTING_VERIFYING or VERIFYING) from another one. */
function verifyingRounds(shown: readonly string[]): number {
  const verifying = (status: string | undefined) => status === 'STARTING_VERIFYING' || status === 'VERIFYING';
  return shown.filter((status, i) => verifying(status) && !verifying(shown[i - 1])).length;
}
