import type { UrlItemListQuery } from '@linkloom/shared';

/** TanStack Query keys of the link set screen: every write and live message refreshes by link set. */
export const linkItemKeys = {
  all: ['url-items'] as const,
  linkSet: (linkSetId: number) => ['url-items', linkSetId] as const,
  page: (linkSetId: number, query: UrlItemListQuery) => ['url-items', linkSetId, query] as const,
  /** A link's check history: under its link set, so the set's live messages (linksChecked) refresh it. */
  checks: (linkSetId: number, linkId: number) => ['url-items', linkSetId, 'checks', linkId] as const,
};
