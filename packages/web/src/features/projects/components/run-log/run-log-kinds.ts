import type { RunLogKind } from '@linkloom/shared';

/**
 * How each kind of line looks: its tag's colour and word. Blue what was sent, green what worked
 * (a post up, a post found, an account made), gold what is still coming (a retry, a wait), red a
 * site given up on, cyan a published post edited since (re-pointed from a dead page).
 */
export const RUN_LOG_KIND_TAGS: Readonly<Record<RunLogKind, { colour: string; label: string }>> = {
  sent: { colour: 'blue', label: 'Sent' },
  published: { colour: 'green', label: 'Published' },
  found: { colour: 'green', label: 'Found' },
  retry: { colour: 'gold', label: 'Retry' },
  wait: { colour: 'gold', label: 'Waits' },
  failed: { colour: 'red', label: 'Failed' },
  account: { colour: 'green', label: 'Account' },
  edited: { colour: 'cyan', label: 'Edited' },
};

/** The drawer's title: the site's log, or the whole project's. */
export function runLogTitle(site: string | null): string {
  return site === null ? 'Run log' : `Run log — ${site}`;
}
