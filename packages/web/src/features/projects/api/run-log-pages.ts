import type { InfiniteData } from '@tanstack/react-query';
import type { RunLogEntry, RunLogPage } from '@linkloom/shared';

/** The run log as the infinite query caches it: pages newest first, each asked for with `before` (undefined: the newest). */
export type RunLogPages = InfiniteData<RunLogPage, number | undefined>;

/** The URL of one page: all sites or one site's lines, the newest or those older than `before`. */
export function runLogUrl(projectId: number, siteKey: string | null, before: number | undefined): string {
  const query = new URLSearchParams();
  if (siteKey !== null) query.set('siteKey', siteKey);
  if (before !== undefined) query.set('before', String(before));
  const text = query.toString();
  return `/rest/project/${projectId}/run_log${text === '' ? '' : `?${text}`}`;
}

/** The next page asks for the lines older than the last one shown, while the server says more are left. */
export function nextRunLogPage(last: RunLogPage): number | undefined {
  return last.more ? last.entries.at(-1)?.id : undefined;
}

/**
 * Lines that came live (`runLogged`, oldest first) put on top of the first page, newest first:
 * only the site's own when the log shows one site, none already shown. A line older than the first
 * page's oldest while older pages are left belongs to those pages (the next page is asked for by the
 * last shown id, so it must not move). The same object back when nothing is new.
 */
export function withLiveEntries(data: RunLogPages, live: readonly RunLogEntry[], siteKey: string | null): RunLogPages {
  const [first, ...older] = data.pages;
  if (!first) return data;
  const shown = new Set(data.pages.flatMap((page) => page.entries.map((entry) => entry.id)));
  const olderLeft = first.more || older.length > 0;
  const floor = olderLeft && first.entries.length > 0 ? Math.min(...first.entries.map((entry) => entry.id)) : -Infinity;
  const fresh = new Map<number, RunLogEntry>();
  for (const entry of live) {
    if ((siteKey === null || entry.siteKey === siteKey) && !shown.has(entry.id) && entry.id > floor) fresh.set(entry.id, entry);
  }
  if (fresh.size === 0) return data;
  const entries = [...fresh.values(), ...first.entries].sort((a, b) => b.id - a.id);
  return { ...data, pages: [{ ...first, entries }, ...older] };
}
